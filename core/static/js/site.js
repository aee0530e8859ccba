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

(function () {
  // The reader's time zone, for the server to show times on their clock (accounts/
  // middleware.py). A first visit is shown in UTC: when that page shows a time, it is
  // shown again once, on the reader's clock. A browser in UTC has nothing to change.
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) return;
  var told = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  if (told && told[1] === zone) return;
  document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
  var shown = document.querySelector("time[data-zone]");
  var stored = document.cookie.indexOf("tz=" + zone) !== -1;  // cookies may be off
  if (!told && stored && shown && shown.dataset.zone === "UTC" && !/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)$/.test(zone)) {
    location.reload();
  }
})();
