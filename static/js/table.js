// The few things htmx does not do on the game page: turn countdowns, the connection
// banner, and clearing the chat box after sending.
(function () {
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + " s";
      el.classList.toggle("urgent", left <= 5);
    });
  }
  setInterval(tick, 250);
  document.addEventListener("htmx:oobAfterSwap", tick);

  function banner(show) {
    var el = document.getElementById("connection");
    if (el) el.hidden = !show;
  }
  document.addEventListener("htmx:wsClose", function () { banner(true); });
  document.addEventListener("htmx:wsError", function () { banner(true); });
  document.addEventListener("htmx:wsOpen", function () { banner(false); });

  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest && event.target.closest("#chat-form");
    if (form) form.reset();
  });
})();
