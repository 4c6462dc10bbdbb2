// The four-colour deck, if the player chose it (table.js remembers the choice), set
// before the first paint so the cards do not flash in the other colours: loaded in the
// page's head without defer, as a file (the Content-Security-Policy runs no inline script).
try {
  if (localStorage.getItem("cardclass.fourColour") === "1") {
    document.documentElement.classList.add("four-colour");
  }
} catch (e) { /* private mode: two colours */ }
