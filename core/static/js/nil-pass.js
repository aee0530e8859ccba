// The Nil pass at the table (games/jinja2/games/table.html, RULES.md "Variants"): the
// player taps the cards to give, sees how many are chosen, and the Pass button is enabled
// at exactly the number to pass; it sends {"type": "nil_pass", "cards": [...]}. The choice
// survives the pushes of #table that other players' moves cause until it is sent.
(function () {
  var chosen = [];

  function panel() { return document.querySelector("#table .nil-pass"); }

  function show() {
    var box = panel();
    if (!box) { chosen = []; return; }
    var count = Number(box.dataset.count);
    var cards = document.querySelectorAll("#table .hand.picking button.playing-card");
    var held = Array.prototype.map.call(cards, function (card) { return card.dataset.card; });
    chosen = chosen.filter(function (code) { return held.indexOf(code) >= 0; });
    cards.forEach(function (card) {
      card.setAttribute("aria-pressed", chosen.indexOf(card.dataset.card) >= 0 ? "true" : "false");
    });
    box.querySelector(".pick-count").textContent = chosen.length + " of " + count + " chosen";
    box.querySelector(".pass-cards").disabled = chosen.length !== count;
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("#table .hand.picking button.playing-card");
    var box = panel();
    if (!card || !box) return;
    var at = chosen.indexOf(card.dataset.card);
    if (at >= 0) chosen.splice(at, 1);
    else if (chosen.length < Number(box.dataset.count)) chosen.push(card.dataset.card);
    show();
  });

  // The cards go with the button's own values (its type and the game's version).
  document.addEventListener("htmx:wsConfigSend", function (event) {
    if (!(event.target.closest && event.target.closest(".nil-pass .pass-cards"))) return;
    event.detail.parameters.cards = chosen.slice();
  });

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.target.id === "table") show();
  });
  document.addEventListener("DOMContentLoaded", show);
})();
