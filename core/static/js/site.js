// Behaviour of every page that the markup cannot carry: the Content-Security-Policy
// allows no inline event handlers.
document.addEventListener("click", function (event) {
  // Links to share (invites): one click selects the whole link, ready to copy.
  var input = event.target.closest && event.target.closest("input[data-select-all]");
  if (input) input.select();
});

document.addEventListener("click", function (event) {
  // A notice's "Dismiss" (the notices a person's socket brings stay until answered).
  var dismiss = event.target.closest && event.target.closest("[data-dismiss]");
  if (dismiss) dismiss.closest(".notice").remove();
});

// The header's menu button (narrow screens): it opens and closes the site's links (the CSS
// shows the panel after a button whose aria-expanded is "true"); Escape, or a click
// anywhere else, closes them.
function setMenuOpen(button, open) {
  button.setAttribute("aria-expanded", open ? "true" : "false");
}

document.addEventListener("click", function (event) {
  var button = document.querySelector(".nav-toggle");
  if (!button || !event.target.closest) return;
  if (event.target.closest(".nav-toggle")) {
    setMenuOpen(button, button.getAttribute("aria-expanded") !== "true");
  } else if (!event.target.closest(".nav-menu")) {
    setMenuOpen(button, false);
  }
});

document.addEventListener("keydown", function (event) {
  var button = document.querySelector(".nav-toggle");
  if (event.key === "Escape" && button && button.getAttribute("aria-expanded") === "true") {
    setMenuOpen(button, false);
    button.focus();
  }
});

document.addEventListener("focusin", function (event) {
  // Tabbing out of the open menu closes it, as a click elsewhere does.
  var button = document.querySelector(".nav-toggle");
  if (!button || button.getAttribute("aria-expanded") !== "true" || !event.target.closest) return;
  if (!event.target.closest(".nav-menu, .nav-toggle")) setMenuOpen(button, false);
});
