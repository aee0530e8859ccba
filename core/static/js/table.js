// What htmx does not do on the game page: turn countdowns, the connection banner, the
// animation of cards between two pushes of #table, keeping what the player opened and
// focused across pushes, whose turn it is (live region, title, sound), clearing the chat box,
// and hiding a table's chat for a person who asked to.
(function () {
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var MUTED_KEY = "spades:muted";
  var CHAT_HIDDEN_KEY = "spades:chat-hidden:";  // + the game's id
  var baseTitle = document.title;

  function table() { return document.getElementById("table"); }

  // Countdowns
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + " s";
      el.classList.toggle("urgent", left <= 5);
    });
  }
  setInterval(tick, 250);

  // Connection banner. htmx's ws extension queues what is sent while the socket is closed
  // and sends it on reconnect; the server refuses a move made stale meanwhile (its version).
  function banner(show) {
    var el = document.getElementById("connection");
    if (el) el.hidden = !show;
  }
  // Only the game's socket: every page also has the person's own (/ws/me/, base.html).
  function gameSocket(event) { return event.target.closest && event.target.closest(".game-page"); }
  document.addEventListener("htmx:wsClose", function (event) { if (gameSocket(event)) banner(true); });
  document.addEventListener("htmx:wsError", function (event) { if (gameSocket(event)) banner(true); });
  document.addEventListener("htmx:wsOpen", function (event) { if (gameSocket(event)) banner(false); });

  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest && event.target.closest("#chat-form");
    if (form) form.reset();
  });

  // One move per turn: after a bid or a playable card is sent, further clicks are ignored
  // until the table comes back (a new #table has no flag) or a refusal arrives (a toast).
  var MOVES = ".hand.active button.playing-card:not(.dim), .bid-buttons button, .nil-pass .pass-cards";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(MOVES + ", .hand button.playing-card");
    var root = table();
    if (!button || !root) return;
    if (root.dataset.sent) {
      event.stopPropagation();
      event.preventDefault();
    } else if (button.matches(MOVES)) {
      root.dataset.sent = "1";
    }
  }, true);

  // What the old table showed, read just before a push replaces it.
  var before = null;

  function seated(root) {
    return Array.prototype.map.call(root.querySelectorAll(".seat-name"), function (name) {
      return name.textContent;
    }).join("|");
  }

  function trickOf(root) {
    var trick = root && root.querySelector(".trick");
    if (!trick) return null;
    var cards = {};
    trick.querySelectorAll(".playing-card[data-card]").forEach(function (card) {
      cards[card.dataset.card] = { place: card.dataset.place, rect: card.getBoundingClientRect(), node: card };
    });
    return { cards: cards, winner: trick.dataset.winner, rect: trick.getBoundingClientRect() };
  }

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (event.target.id !== "table") return;
    var old = event.target;
    var focused = document.activeElement;
    var hand = old.querySelector(".hand");
    before = {
      trick: trickOf(old),
      open: Array.prototype.map.call(old.querySelectorAll("details[id][open]"), function (d) { return d.id; }),
      focusIndex: hand && hand.contains(focused)
        ? Array.prototype.indexOf.call(hand.querySelectorAll("button.playing-card"), focused)
        : -1,
      myTurn: old.dataset.myTurn === "1",
      seated: seated(old),
    };
  });

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.target.closest && event.target.closest("#toasts")) {
      var root = table();
      if (root) delete root.dataset.sent;
    }
    if (event.target.id !== "table") return;
    var now = event.target;
    // The invite box (social) offers the free seats: read it again when someone sat down
    // or left (only then: it would lose what the person is typing into it).
    var inviteBox = document.getElementById("invite-box");
    if (inviteBox && before && before.seated !== seated(now)) htmx.trigger(inviteBox, "table-changed");
    var was = before;
    before = null;
    tick();
    roomForDock();
    if (was) {
      // A push closes every <details>: open again the ones the player had open.
      was.open.forEach(function (id) {
        var details = document.getElementById(id);
        if (details) details.open = true;
      });
      if (was.focusIndex >= 0) keepFocus(now, was.focusIndex);
      if (!reducedMotion.matches) animate(was.trick, now);
    }
    announce(now, was ? was.myTurn : false);
  });

  // On a phone the dock (the bid box and the cards) is fixed over the bottom of the screen:
  // the page ends with room for the dock as tall as it is now (a Blind Nil offer, two rows
  // of bids), so that scrolled to the end nothing (the table's links, the chat) stays under it.
  function roomForDock() {
    var page = document.querySelector(".game-page");
    var dock = page && page.querySelector(".dock");
    if (!page) return;
    var fixed = dock && getComputedStyle(dock).position === "fixed";
    page.style.setProperty("--dock-height", (fixed ? dock.offsetHeight + 12 : 0) + "px");
  }
  window.addEventListener("resize", roomForDock);

  // Focus stays in the hand after a move: on the card that took the played one's place.
  function keepFocus(root, index) {
    var cards = root.querySelectorAll(".hand button.playing-card");
    if (!cards.length) return;
    cards[Math.min(index, cards.length - 1)].focus({ preventScroll: true });
  }

  // New cards on the table fly in from their seat; a trick that left sweeps to its winner.
  function animate(old, root) {
    var now = trickOf(root);
    if (!now) return;
    Object.keys(now.cards).forEach(function (code) {
      if (!old || !old.cards[code]) now.cards[code].node.classList.add("fly-in", "from-" + now.cards[code].place);
    });
    if (!old || !old.winner) return;
    var gone = Object.keys(old.cards).filter(function (code) { return !now.cards[code]; });
    if (!gone.length) return;
    var trick = root.querySelector(".trick");
    gone.forEach(function (code) {
      var card = old.cards[code];
      var ghost = card.node.cloneNode(true);
      ghost.classList.remove("fly-in", "won");
      ghost.classList.add("sweep", "to-" + old.winner);
      ghost.setAttribute("aria-hidden", "true");
      ghost.addEventListener("animationend", function () { ghost.remove(); });
      trick.appendChild(ghost);
    });
  }

  // Whose turn: the polite live region, the tab title and, unless muted, a short sound.
  function announce(root, wasMyTurn) {
    if (!root) return;
    var status = document.getElementById("turn-status");
    var text = root.dataset.turnText || "";
    if (status && status.textContent !== text) status.textContent = text;
    var myTurn = root.dataset.myTurn === "1";
    document.title = myTurn ? "▶ Your turn · " + baseTitle : baseTitle;
    if (myTurn && !wasMyTurn && !muted()) beep();
  }

  function muted() {
    try { return localStorage.getItem(MUTED_KEY) === "1"; } catch (e) { return false; }
  }

  var audio = null;
  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.12, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound is better than a broken page */ }
  }

  function showSound(button) {
    var off = muted();
    button.setAttribute("aria-pressed", off ? "true" : "false");
    button.textContent = off ? "♪ Sound off" : "♪ Sound on";
  }

  // A hidden chat is hidden for this person at this table only, kept by their browser. Lines
  // pushed later go into #chat-log inside the hidden #chat-body, so they stay hidden too.
  function showChat(hidden) {
    var button = document.getElementById("chat-toggle");
    document.getElementById("chat-body").hidden = hidden;
    document.getElementById("chat-hidden-note").hidden = !hidden;
    button.textContent = hidden ? "Show chat" : "Hide chat";
    button.setAttribute("aria-expanded", hidden ? "false" : "true");
  }

  function setUpChatToggle() {
    var card = document.querySelector(".card.chat[data-game]");
    if (!card) return;
    var key = CHAT_HIDDEN_KEY + card.dataset.game;
    var hidden = false;
    try { hidden = localStorage.getItem(key) === "1"; } catch (e) { /* private mode */ }
    showChat(hidden);
    document.getElementById("chat-toggle").addEventListener("click", function () {
      hidden = !hidden;
      try {
        if (hidden) localStorage.setItem(key, "1");
        else localStorage.removeItem(key);
      } catch (e) { /* private mode: hidden on this page only */ }
      showChat(hidden);
    });
  }
  // Deferred, this runs once the page is parsed: before DOMContentLoaded, so a hidden chat
  // does not show for a moment.
  setUpChatToggle();

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("sound-toggle");
    if (button) {
      showSound(button);
      button.addEventListener("click", function () {
        try { localStorage.setItem(MUTED_KEY, muted() ? "0" : "1"); } catch (e) { /* private mode */ }
        showSound(button);
      });
    }
    tick();
    roomForDock();
    announce(table(), true);  // no sound for the turn the page opened on
  });
})();
