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

(function () {
  // Countdowns to a start or an end (core/templatetags/clock.py, `counting_down`): "in 4:59"
  // under an hour, in words above (as the server words them). One that reaches zero while
  // the page shows it says "now" and sends "counted-down" up the page, once: the part that
  // polls reads itself again at once. One already past when drawn (the server's clock may be
  // behind this one) waits for the next poll instead of asking again and again.
  function plural(count, word) { return count + " " + word + (count === 1 ? "" : "s"); }

  function words(seconds) {
    if (seconds < 3600) {
      var minutes = Math.floor(seconds / 60), rest = seconds % 60;
      return minutes + ":" + (rest < 10 ? "0" : "") + rest;
    }
    var hours = Math.floor(Math.ceil(seconds / 60) / 60), more = Math.ceil(seconds / 60) % 60;
    if (hours >= 24) {
      var days = Math.floor(hours / 24);
      return plural(days, "day") + (hours % 24 ? " " + plural(hours % 24, "hour") : "");
    }
    return plural(hours, "hour") + (more ? " " + plural(more, "minute") : "");
  }

  function tick() {
    document.querySelectorAll("[data-counts-to]").forEach(function (el) {
      var left = Math.ceil((Date.parse(el.dataset.countsTo) - Date.now()) / 1000);
      if (left > 0) {
        el.dataset.counting = "1";
        el.textContent = "in " + words(left);
      } else if (el.dataset.counting === "1") {
        el.dataset.counting = "done";
        el.textContent = "now";
        el.dispatchEvent(new CustomEvent("counted-down", { bubbles: true }));
      }
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
