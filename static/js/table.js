// The table page's small behaviours around htmx's websocket extension:
// keyboard play (arrow keys between playable cards, Enter/Space plays, digits
// type the points count), focus kept across live updates and put on the first
// control of each new decision, the pupil's hand kept on screen while they
// decide, the status line spoken, the last-trick peek, the four-colour deck
// switch (remembered in localStorage), and the connection state. Everything a
// player sees comes from the server.
(function () {
  "use strict";

  var FOUR = "cardclass.fourColour";
  var peekOpen = false;
  var focusKey = null;
  var leaving = false;

  function playable() {
    return Array.prototype.slice.call(document.querySelectorAll("#table-body button.card"));
  }

  function keyOf(el) {
    if (!el || !el.closest || !el.closest("#table-body")) return null;
    if (el.dataset && el.dataset.card) return "card:" + el.dataset.card;
    if (el.id) return "id:" + el.id;
    if (el.name && el.value) return "value:" + el.value;
    return "any";
  }

  // Puts the focus back where it was before the frame; false when there was nothing to
  // put back (the focus was nowhere in the table, or its control has gone).
  function restoreFocus() {
    if (!focusKey) return false;
    var key = focusKey;
    focusKey = null;
    var target = null;
    if (key.indexOf("card:") === 0) {
      target = document.querySelector('#table-body button.card[data-card="' + key.slice(5) + '"]');
    } else if (key.indexOf("id:") === 0) {
      target = document.getElementById(key.slice(3));
    }
    // The card played has gone: go on from the first card that may be played now.
    var found = !!target;
    target = target || playable()[0] || document.querySelector("#table-body [ws-send], #table-body input");
    if (target) target.focus({ preventScroll: true });
    return found;
  }

  // The pupil's decision: the status line says it is their turn (class "mine").
  function myTurn() {
    return !!document.querySelector("#table-body [data-status].mine");
  }

  // The first control of a decision: a card the pupil may play, else the first button
  // or field of the actions (a bid, the points count, the informer's form).
  function firstControl() {
    return playable()[0] || document.querySelector(
      "#table-body .area-actions button, #table-body .area-actions select, " +
      "#table-body .area-actions input:not([type=hidden])");
  }

  // A form field outside the table (the four-colour switch, a field another script
  // added): the pupil is busy there, and a frame must neither move the focus nor scroll.
  function busyOutside(el) {
    if (!el || (el.closest && el.closest("#table-body"))) return false;
    return el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA" ||
      !!el.isContentEditable;
  }

  function onScreen(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }

  // While the pupil decides, their own cards stay in view (they decide from them; the
  // bottom seat sticks to the window's foot, table.css), and so does the control they
  // decide with, clear of the seat stuck over the felt.
  function reveal(control) {
    var seat = document.querySelector("#table-body .area-bottom");
    var hand = seat && seat.querySelector(".hand");
    if (hand && !onScreen(hand)) hand.scrollIntoView({ block: "end" });
    if (!control || (seat && seat.contains(control))) return;
    var r = control.getBoundingClientRect();
    var foot = window.innerHeight - (seat ? seat.getBoundingClientRect().height : 0);
    if (r.bottom > foot) window.scrollBy(0, r.bottom - foot + 8);
    else if (r.top < 0) window.scrollBy(0, r.top - 8);
  }

  // The frame's new status line: written in empty and filled a moment later, so that the
  // live region is on the page before its words change and a screen reader speaks them
  // (a region that arrives with its words already in is not spoken). Only when the words
  // changed: the same line again is not spoken again. Its height is kept meanwhile.
  var spoken = null;
  var lastSaid = null;  // the status line's words as shown (or about to be)
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail;
    if (!detail || !detail.fragment || !detail.target || detail.target.id !== "table-body") return;
    var fresh = detail.fragment.querySelector("[data-status][aria-live]");
    var old = document.querySelector("#table-body [data-status]");
    if (!fresh || !old) return;
    var words = fresh.textContent.trim();
    if (lastSaid === null) lastSaid = old.textContent.trim();
    if (words === lastSaid) return;
    lastSaid = words;
    spoken = { html: fresh.innerHTML, height: old.offsetHeight };
    fresh.innerHTML = "";
  });
  function speakStatus() {
    if (!spoken) return;
    var said = spoken;
    spoken = null;
    var status = document.querySelector("#table-body [data-status]");
    if (!status) return;
    status.style.minHeight = said.height + "px";
    setTimeout(function () {
      if (!status.isConnected || status.textContent) return;
      status.innerHTML = said.html;
      status.style.minHeight = "";
      // The filled line may be taller than the empty one: the hand back into view.
      if (myTurn() && !busyOutside(document.activeElement)) revealFocused();
    }, 80);
  }

  function applyPeek() {
    var button = document.querySelector("[data-peek]");
    var panel = document.getElementById("last-trick");
    if (!button || !panel) return;
    panel.hidden = !peekOpen;
    button.setAttribute("aria-expanded", peekOpen ? "true" : "false");
    button.textContent = peekOpen ? "Hide last trick" : "Last trick";
  }

  function setFourColour(on) {
    document.documentElement.classList.toggle("four-colour", on);
    try { localStorage.setItem(FOUR, on ? "1" : "0"); } catch (e) { /* private mode */ }
  }

  function setConnection(text, lost) {
    var el = document.querySelector("[data-connection]");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("lost", !!lost);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-four-colour]");
    if (box) {
      box.checked = document.documentElement.classList.contains("four-colour");
      box.addEventListener("change", function () { setFourColour(box.checked); });
    }
    applyPeek();
    // The page opened on a decision: start there, as after a frame.
    if (myTurn() && !busyOutside(document.activeElement)) {
      var control = firstControl();
      if (control) control.focus({ preventScroll: true });
      reveal(control);
    }
  });

  document.addEventListener("click", function (event) {
    var peek = event.target.closest && event.target.closest("[data-peek]");
    if (peek) {
      peekOpen = !peekOpen;
      applyPeek();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var active = document.activeElement;
    var typing = active && (active.tagName === "INPUT" || active.tagName === "SELECT" || active.tagName === "TEXTAREA");
    if (!typing && /^[0-9]$/.test(event.key)) {
      var count = document.querySelector("#table-body [data-hcp-form] input[name=arg]");
      if (count) {
        count.focus();
        count.value = "";
        return; // the digit lands in the box
      }
    }
    if (typing) return;
    var keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(event.key in keys)) return;
    var cards = playable();
    if (!cards.length) return;
    var index = cards.indexOf(active);
    var step = keys[event.key];
    if (step === "first") index = 0;
    else if (step === "last") index = cards.length - 1;
    else if (index < 0) index = step > 0 ? 0 : cards.length - 1;
    else index = (index + step + cards.length) % cards.length;
    cards[index].focus();
    event.preventDefault();
  });

  // A move not taken for now (the worker is busy, the database away): the message region
  // carries data-retry, and the move is sent again after that many milliseconds, a little
  // longer each time and spread at random, so that a class's pages do not all come back at
  // once. With no move waiting the page asks for the table again. The next frame of the
  // table ends it.
  var pending = null;
  var retries = 0;
  var retryTimer = null;
  var retrying = false;

  function retryLater(notice, socket) {
    retrying = true;
    setConnection(notice.textContent, true);
    clearTimeout(retryTimer);
    var wait = Number(notice.getAttribute("data-retry")) || 1000;
    wait = wait * Math.min(retries + 1, 5) * (1 + Math.random() / 2);
    retries += 1;
    retryTimer = setTimeout(function () {
      if (pending) pending.socket.send(pending.message);
      else if (socket) socket.reconnect();
    }, wait);
  }

  document.addEventListener("htmx:wsAfterSend", function (event) {
    if (!event.detail) return;
    pending = { message: event.detail.message, socket: event.detail.socketWrapper };
    retries = 0;
  });
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var notice = document.querySelector("#table-messages [data-retry]");
    if (notice) {
      retryLater(notice, event.detail && event.detail.socketWrapper);
      return;
    }
    pending = null;
    retries = 0;
    clearTimeout(retryTimer);
    if (retrying) {
      retrying = false;
      setConnection("Connected", false);
    }
  });

  // Live updates replace #table-body: remember what had focus and put it back; a frame
  // that gives the pupil a new decision puts it on that decision's first control (a
  // keyboard or switch user starts there; a screen reader reads it out), unless the
  // pupil is busy in a form field outside the table.
  var wasMyTurn = false;
  var busy = false;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    focusKey = keyOf(document.activeElement);
    wasMyTurn = myTurn();
    busy = busyOutside(document.activeElement);
  });
  function afterFrame() {
    if (busy) return;
    var restored = restoreFocus();
    if (!myTurn()) return;
    var control = firstControl();
    if (control && (!wasMyTurn || !restored)) control.focus({ preventScroll: true });
    revealFocused();
  }
  function revealFocused() {
    var active = document.activeElement;
    reveal(active && active.closest && active.closest("#table-body") ? active : firstControl());
  }
  // A tablet turned round: the hand is brought back into view for the decision.
  var turning = false;
  window.addEventListener("resize", function () {
    if (turning || busyOutside(document.activeElement) || !myTurn()) return;
    turning = true;
    requestAnimationFrame(function () {
      turning = false;
      revealFocused();
    });
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    // A closed table's last frame says where the pupil plays now: go there at once.
    var go = document.querySelector("#table-messages [data-go]");
    if (go && !leaving) {
      leaving = true;
      setConnection("Table closed", true);
      window.location.assign(go.getAttribute("data-go"));
      return;
    }
    applyPeek();
    speakStatus();
    afterFrame();
  });
  // The coach (issue 29): Help, at the pupil's own decisions only, asks for a hint over
  // HTTP; its answer replaces #coach-hint and names the suggested action, which is marked
  // in the table (the card or button whose action it is) until the next frame.
  function helpButton() { return document.querySelector("[data-coach-help]"); }
  function bodyVersion() {
    var body = document.getElementById("table-body");
    return body ? body.getAttribute("data-version") : null;
  }
  function markSuggested() {
    var hint = document.getElementById("coach-hint");
    var action = hint && hint.getAttribute("data-action");
    if (!action || hint.getAttribute("data-version") !== bodyVersion()) return;
    var first = null;
    var controls = document.querySelectorAll("#table-body [name=action]");
    Array.prototype.forEach.call(controls, function (el) {
      var target = null;
      if (el.tagName === "BUTTON" && el.value === action) target = el;
      // A form that sends its action with a typed word ("hcp" and the count).
      else if (el.type === "hidden" && el.form && action.indexOf(el.value + " ") === 0) target = el.form;
      if (!target) return;
      target.classList.add("coach-suggested");
      first = first || target;
    });
    if (first) {
      var focusable = first.tagName === "FORM" ? first.querySelector("input:not([type=hidden])") : first;
      if (focusable) focusable.focus({ preventScroll: true });
      reveal(focusable || first);
    }
  }
  function afterFrameCoach() {
    var help = helpButton();
    if (!help) return;
    help.hidden = !myTurn();
    var hint = document.getElementById("coach-hint");
    if (hint && hint.getAttribute("data-version") !== bodyVersion()) {
      hint.removeAttribute("data-action");
      hint.removeAttribute("data-version");
      hint.className = "coach-hint";
      hint.textContent = "";
    } else {
      markSuggested();
    }
  }
  document.addEventListener("htmx:wsAfterMessage", afterFrameCoach);
  // The review after the hand (issue 29): its button shows once the hand is over (the
  // body says so with data-over); the review read stays until another hand is dealt.
  function afterFrameReview() {
    var button = document.querySelector("[data-coach-review]");
    if (!button) return;
    var body = document.getElementById("table-body");
    button.hidden = !(body && body.hasAttribute("data-over"));
    var review = document.getElementById("coach-review");
    var hand = body ? body.getAttribute("data-hand") : null;
    if (review && review.hasAttribute("data-hand") && review.getAttribute("data-hand") !== hand) {
      review.removeAttribute("data-hand");
      review.className = "coach-review";
      review.textContent = "";
    }
  }
  document.addEventListener("htmx:wsAfterMessage", afterFrameReview);
  // Dummy's guess (issue 29): while declarer is to play from dummy, the body names the
  // cards dummy's pupil may tap (data-guess). A tap is kept here, not sent: once a frame
  // shows the card played, the page asks whether declarer chose the same.
  var guessRegion = document.getElementById("dummy-guess");
  var guessUrl = guessRegion ? guessRegion.getAttribute("data-url") : null;
  var guess = null;
  function showGuess(html) {
    var region = document.getElementById("dummy-guess");
    if (region) region.outerHTML = html;
  }
  function afterFrameGuess() {
    var body = document.getElementById("table-body");
    if (!guessUrl || !body) return;
    var hand = body.getAttribute("data-hand");
    var version = body.getAttribute("data-version");
    if (guess && (guess.hand !== hand || guess.version !== version)) {
      var asked = guess;
      guess = null;
      var query = "?hand=" + encodeURIComponent(asked.hand) + "&version=" +
        encodeURIComponent(asked.version) + "&card=" + encodeURIComponent(asked.card);
      fetch(guessUrl + query, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) { if (html) showGuess(html); })
        .catch(function () { /* the guess is a game: no answer, no harm */ });
    }
    var codes = (body.getAttribute("data-guess") || "").split(" ").filter(Boolean);
    codes.forEach(function (code) {
      var card = body.querySelector('.seat-bottom [data-card="' + code + '"]');
      if (!card) return;
      card.classList.add("guessable");
      card.setAttribute("role", "button");
      card.setAttribute("tabindex", "0");
      card.setAttribute("aria-label", (card.getAttribute("aria-label") || code) + ": guess declarer plays it");
    });
  }
  function makeGuess(card) {
    var body = document.getElementById("table-body");
    if (!body) return;
    guess = { hand: body.getAttribute("data-hand"), version: body.getAttribute("data-version"),
              card: card.getAttribute("data-card") };
    Array.prototype.forEach.call(body.querySelectorAll(".guessed"), function (el) {
      el.classList.remove("guessed");
    });
    card.classList.add("guessed");
    var region = document.getElementById("dummy-guess");
    if (region) {
      region.className = "dummy-guess";
      region.textContent = "";
      var line = document.createElement("p");
      line.textContent = "Your guess: " + (card.getAttribute("aria-label") || "").split(":")[0] + ".";
      region.appendChild(line);
    }
  }
  document.addEventListener("htmx:wsAfterMessage", afterFrameGuess);
  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("#table-body .guessable");
    if (card) makeGuess(card);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var card = event.target.closest && event.target.closest("#table-body .guessable");
    if (card) {
      makeGuess(card);
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    // A refusal (coach off, not your turn, the coach too slow: try again) is shown like a
    // hint, in the same place.
    var target = event.detail && event.detail.target;
    if (target && (target.id === "coach-hint" || target.id === "coach-review") && event.detail.xhr &&
        (event.detail.xhr.status === 403 || event.detail.xhr.status === 409 ||
         event.detail.xhr.status === 503)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  // The hint replaced its own element (outerHTML): mark after every swap of the page,
  // which costs a lookup when the hint has no action.
  document.addEventListener("htmx:afterSettle", markSuggested);
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || (event.key !== "h" && event.key !== "H")) return;
    var active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "SELECT" || active.tagName === "TEXTAREA")) return;
    var help = helpButton();
    if (help && !help.hidden && !help.disabled) {
      help.click();
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:wsOpen", function () { setConnection("Connected", false); });
  document.addEventListener("htmx:wsClose", function (event) {
    var closed = event.detail && event.detail.event;
    if (leaving) return;
    if (closed && closed.code === 4401) {
      // No longer logged in (the session ran out): the page, loaded again, asks the
      // pupil to log in and then brings them back here.
      leaving = true;
      window.location.reload();
      return;
    }
    if (closed && closed.code === 4429) {
      // This page sent far more messages than anyone plays, for seconds on end (a page
      // gone wrong): the server closed its socket. Say so and stay closed; reloading
      // the page, which the pupil does, starts it afresh.
      leaving = true;
      pending = null;
      clearTimeout(retryTimer);
      setConnection("Too many messages from this page: reload it to play on", true);
      return;
    }
    if (closed && (closed.code === 4404 || closed.code === 4410)) {
      // The server says this pupil is no longer at this table (the teacher seated the
      // class again, or closed it): their own page shows where to sit now.
      setConnection("Your teacher has moved you: taking you to your page…", true);
      var page = document.querySelector("[data-home]");
      setTimeout(function () {
        window.location.assign(page ? page.getAttribute("data-home") : "/");
      }, 1500);
      return;
    }
    setConnection("Connection lost: reconnecting…", true);
  });
  document.addEventListener("htmx:wsError", function () {
    setConnection("Connection lost: reconnecting…", true);
  });
  // A form sent over the socket: clear the count box so a wrong count can be typed again.
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target;
    if (form && form.matches && form.matches("[data-hcp-form]")) {
      var input = form.querySelector("input[name=arg]");
      if (input) input.select();
    }
  });
})();
