// The replay page (games/replay.html): steps through a finished game's export document
// (games.history, embedded with json_script). Every fact shown comes from the document as
// the engine wrote it (deals, bids, tricks and their winners, scores), and every card and
// bid is written as the table writes it (games.presenters.replay_labels, embedded beside
// it); this file only counts and displays them, and knows no rule of the game.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var data = document.getElementById("replay-data");
  if (!root || !data) return;
  var game = JSON.parse(data.textContent);
  // A duplicate board's result as the server scored it (games.board): no winner, and each
  // bag costing a point, so its scores are not the hand's game scores.
  var boardData = document.getElementById("replay-board");
  var board = boardData ? JSON.parse(boardData.textContent) : null;
  var labels = JSON.parse(document.getElementById("replay-labels").textContent);
  var names = game.seats.map(function (seat) { return seat.name; });
  var solo = Boolean(game.ruleset.solo);
  var zeros = solo ? [0, 0, 0, 0] : [0, 0];

  // The steps: each hand's deal, then its bidding, then its cards in play order.
  var steps = [];
  var handStart = [];
  game.hands.forEach(function (hand, h) {
    handStart.push(steps.length);
    steps.push({ hand: h, kind: "deal" });
    hand.bidding.forEach(function (entry, b) {
      steps.push({ hand: h, kind: entry.type, seat: entry.seat, bid: labels.bids[h][b], cards: entry.cards });
    });
    hand.tricks.forEach(function (trick, t) {
      trick.cards.forEach(function (play, i) {
        steps.push({ hand: h, kind: "play", seat: play[0], card: play[1], trick: t, index: i });
      });
    });
  });

  var range = root.querySelector(".replay-range");
  range.max = steps.length - 1;
  var current = 0;

  var order = labels.order;  // the codes from the lowest card to the highest (BJ last)
  function cardLabel(code) {
    var card = labels.cards[code];
    return code[1] === "J" ? card.label : card.rank + card.suit;
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "±") + Math.abs(n); }

  // What the table shows after step i: counted from the start of its hand.
  function position(i) {
    var step = steps[i];
    var hand = game.hands[step.hand];
    var at = { hand: hand, step: step, bids: [null, null, null, null], looked: [false, false, false, false],
               played: {}, won: [0, 0, 0, 0], trick: [], winner: null, over: false,
               given: [null, null, null, null] };
    for (var k = handStart[step.hand] + 1; k <= i; k++) {
      var s = steps[k];
      if (s.kind === "bid") at.bids[s.seat] = s.bid;
      else if (s.kind === "look") at.looked[s.seat] = true;
      else if (s.kind === "nil_pass") at.given[s.seat] = s.cards;
      else {
        var trick = hand.tricks[s.trick];
        if (s.index === 0) { at.trick = []; at.winner = null; }
        at.trick.push(trick.cards[s.index]);
        at.played[s.card] = true;
        if (s.index === 3) {
          at.winner = trick.winner;
          at.won[trick.winner] += 1;
          at.over = s.trick === hand.tricks.length - 1;
        }
      }
    }
    var previous = step.hand > 0 ? game.hands[step.hand - 1].result : null;
    at.scores = at.over ? (board ? board.points : hand.result.scores) : previous ? previous.scores : zeros;
    at.bags = at.over ? hand.result.bags : previous ? previous.bags : zeros;
    return at;
  }

  function describe(at) {
    var step = at.step, hand = at.hand;
    if (step.kind === "deal") return "Hand " + hand.number + ": " + names[hand.dealer] + " deals.";
    if (step.kind === "look") return names[step.seat] + " looks at their cards.";
    if (step.kind === "bid") return names[step.seat] + " bids " + step.bid + ".";
    if (step.kind === "nil_pass") {
      return names[step.seat] + " passes " + step.cards.map(cardLabel).join(" ") + " to " + names[(step.seat + 2) % 4] + ".";
    }
    var text = names[step.seat] + " plays " + cardLabel(step.card) + ".";
    if (at.winner !== null) text += " Trick " + (step.trick + 1) + " to " + names[at.winner] + ".";
    if (at.over && board) {
      text += " Board result: " + board.words + ".";
    } else if (at.over) {
      var points = hand.result.points;
      text += " Hand over: " + points.map(function (p, side) {
        return (solo ? names[side] : names[side] + " & " + names[side + 2]) + " " + signed(p);
      }).join(", ") + ".";
    }
    return text;
  }

  // The cards a seat holds now: as dealt, and once both partners chose their Nil pass,
  // without the cards it gave and with those it received.
  function holding(at, seat) {
    var partner = (seat + 2) % 4;
    var cards = at.hand.deal[seat].slice();
    if (at.given[seat] && at.given[partner]) {
      cards = cards.filter(function (code) { return at.given[seat].indexOf(code) < 0; }).concat(at.given[partner]);
    }
    return cards;
  }

  function drawHand(box, cards, played) {
    box.replaceChildren();
    labels.suits.forEach(function (suit) {
      var line = el("div", "suit-line" + (suit.color === "red" ? " red" : ""));
      line.appendChild(el("span", "suit-symbol", suit.symbol));
      var left = cards.filter(function (code) { return labels.cards[code].suit_code === suit.code && !played[code]; });
      // Highest first, as players hold them (the Jokers above the ace of spades).
      left.sort(function (a, b) { return order.indexOf(b) - order.indexOf(a); });
      left.forEach(function (code) {
        line.appendChild(el("span", "rank", labels.cards[code].short));
      });
      if (!left.length) line.appendChild(el("span", "void", "—"));
      box.appendChild(line);
    });
  }

  function drawCard(slot, code, won) {
    slot.replaceChildren();
    if (!code) return;
    var label = labels.cards[code];
    var card = el("span", "playing-card tiny" + (label.color === "red" ? " red" : "") + (won ? " won" : ""));
    card.title = cardLabel(code);
    card.appendChild(el("span", "rank", label.rank));
    card.appendChild(el("span", "suit", label.suit));
    slot.appendChild(card);
  }

  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var at = position(current);
    var hand = at.hand;
    var onTable = {};
    at.trick.forEach(function (play) { onTable[play[0]] = play[1]; });
    root.querySelectorAll(".replay-seat").forEach(function (box) {
      var seat = Number(box.dataset.seat);
      var bid = at.bids[seat];
      box.querySelector(".replay-bid").textContent = "Bid " + (bid === null ? (at.looked[seat] ? "… (looked)" : "–") : bid);
      box.querySelector(".replay-won").textContent = "won " + at.won[seat];
      box.querySelector(".replay-dealer").hidden = seat !== hand.dealer;
      box.classList.toggle("acted", at.step.seat === seat);
      box.classList.toggle("took", at.winner === seat);
      drawHand(box.querySelector(".replay-hand"), holding(at, seat), at.played);
    });
    root.querySelectorAll(".replay-slot").forEach(function (slot) {
      var seat = Number(slot.dataset.seat);
      drawCard(slot, onTable[seat], at.winner === seat);
    });
    root.querySelectorAll(".replay-score").forEach(function (node) {
      node.textContent = at.scores[Number(node.dataset.team)];
    });
    root.querySelectorAll(".replay-bags").forEach(function (node) {
      var bags = at.bags[Number(node.dataset.team)];
      node.textContent = bags + " bag" + (bags === 1 ? "" : "s");
    });
    root.querySelector(".replay-status").textContent = describe(at);
    root.querySelector(".replay-position").textContent =
      "Hand " + hand.number + " of " + game.hands.length + " · step " + current + " of " + (steps.length - 1);
    range.value = current;
    range.setAttribute("aria-valuetext", describe(at));
    root.querySelectorAll(".hand-jump").forEach(function (button) {
      var mine = Number(button.dataset.hand) === at.step.hand;
      button.classList.toggle("current", mine);
      if (mine) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
    });
    root.querySelectorAll(".score-sheet tbody tr").forEach(function (row, h) {
      row.classList.toggle("current", h === at.step.hand);
    });
    root.querySelector("[data-go=prev]").disabled = current === 0;
    root.querySelector("[data-go=first]").disabled = current === 0;
    root.querySelector("[data-go=next]").disabled = current === steps.length - 1;
    root.querySelector("[data-go=last]").disabled = current === steps.length - 1;
  }

  function go(where) {
    var hand = steps[current].hand;
    if (where === "first") show(0);
    else if (where === "last") show(steps.length - 1);
    else if (where === "prev") show(current - 1);
    else if (where === "next") show(current + 1);
    else if (where === "prev-hand") show(current > handStart[hand] ? handStart[hand] : handStart[Math.max(0, hand - 1)]);
    else if (where === "next-hand") show(hand + 1 < handStart.length ? handStart[hand + 1] : steps.length - 1);
  }

  root.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.go) go(button.dataset.go);
    else if (button.dataset.hand) show(handStart[Number(button.dataset.hand)]);
  });
  range.addEventListener("input", function () { show(Number(range.value)); });
  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
               PageUp: "prev-hand", PageDown: "next-hand" };
  document.addEventListener("keydown", function (event) {
    var where = KEYS[event.key];
    var target = event.target;
    // The slider moves by itself with the keys; text fields keep theirs.
    if (!where || event.altKey || event.ctrlKey || event.metaKey || target === range ||
        (target.closest && target.closest("input, select, textarea"))) return;
    event.preventDefault();
    go(where);
  });
  // "#hand-N" opens the replay at hand N (a moderator's link to a reported moment).
  var linked = /^#hand-(\d+)$/.exec(window.location.hash);
  var hand = linked ? Number(linked[1]) - 1 : -1;
  show(hand >= 0 && hand < handStart.length ? handStart[hand] : 0);
})();
