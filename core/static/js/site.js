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
