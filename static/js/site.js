// Small behaviours any page may have, kept out of the pages themselves: the
// Content-Security-Policy runs no inline script or event handler (teaching/csp.py).
// A button marked data-print prints the page; a form marked data-confirm asks its
// question first and is sent only on OK.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });

  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
