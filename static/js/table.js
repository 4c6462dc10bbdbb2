// The table page's small behaviours around htmx's websocket extension:
// keyboard play (arrow keys between playable cards, Enter/Space plays, digits
// type the points count), focus kept across live updates, the last-trick peek,
// the four-colour deck switch (remembered in localStorage), and the
// connection state. Everything a player sees comes from the server.
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

  function restoreFocus() {
    if (!focusKey) return;
    var key = focusKey;
    focusKey = null;
    var target = null;
    if (key.indexOf("card:") === 0) {
      target = document.querySelector('#table-body button.card[data-card="' + key.slice(5) + '"]');
    } else if (key.indexOf("id:") === 0) {
      target = document.getElementById(key.slice(3));
    }
    // The card played has gone: go on from the first card that may be played now.
    target = target || playable()[0] || document.querySelector("#table-body [ws-send], #table-body input");
    if (target) target.focus({ preventScroll: true });
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

  // Live updates replace #table-body: remember what had focus and put it back.
  document.addEventListener("htmx:wsBeforeMessage", function () {
    focusKey = keyOf(document.activeElement);
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
    restoreFocus();
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
