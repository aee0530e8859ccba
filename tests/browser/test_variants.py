"""The variants at the table in a real browser (RULES.md "Variants"), one test per family:
a Joker on the felt, a Whiz bid, a Nil pass on a phone, a Solo score sheet. Four people
sit at each table, so that nothing moves but what the test plays through the services;
each test loads its table once. Screenshots go to test-artifacts/variant-*.png."""

from games.engine import NilPass, action_to_dict, legal_actions, seats_to_act
from games.engine.actions import Bid, Play
from games.models import Game
from games.services import play as game_play, tables
from tests.browser.pages import (
    MARK_GAME_SOCKET_HEARD,
    PHONE,
    finish_in_process,
    log_in,
    off_the_loop,
    shot,
)
from tests.factories import UserFactory

SMALL_PHONE = {"width": 360, "height": 740}


def _seated(preset: str = "classic", options: dict | None = None, turn_seconds: int = 0):
    """A started game of four people (no turn clock: it waits for them); the first is the
    one who looks at the table."""
    people = [UserFactory() for _ in range(4)]
    game = off_the_loop(
        tables.game_create_seated,
        players=people,
        preset=preset,
        options=options,
        turn_seconds=turn_seconds,
    )
    return game, people


def _act_until(game: Game, people, choose, done) -> Game:
    """Plays through the services, for whoever may act, the action `choose(state, seat,
    legal)` picks, until `done(state)`."""
    while True:
        game.refresh_from_db()
        state = game.engine_state
        if done(state):
            return game
        seat = seats_to_act(state)[0]
        action = choose(state, seat, legal_actions(state, seat))
        off_the_loop(
            game_play.game_act, game_id=game.pk, user=people[seat], data=action_to_dict(action)
        )


def _lowest_bid(legal):
    bids = [a for a in legal if type(a) is Bid and not a.blind]
    return min(bids, key=lambda a: (a.tricks == 0, a.tricks))


def test_a_joker_on_the_felt_has_its_own_face(open_page, servers):
    server = servers()
    game, people = _seated("jokers")

    def choose(state, seat, legal):
        plays = [a for a in legal if type(a) is Play]
        jokers = [a for a in plays if str(a.card) in ("BJ", "LJ")]
        return (jokers or plays)[0] if plays else _lowest_bid(legal)

    def joker_played(state):
        trick = state.tricks[-1] if state.tricks else None
        return trick is not None and any(str(card) in ("BJ", "LJ") for card in trick.cards)

    _act_until(game, people, choose, joker_played)
    page = open_page()
    log_in(page, server, people[0])
    page.goto(f"{server.url}/games/{game.pk}/")
    joker = page.wait_for_selector(".trick .playing-card.joker")
    assert joker.get_attribute("aria-label") in ("Big Joker", "Little Joker")
    assert "★" in joker.inner_text()
    assert page.inner_text(".meta .rules").startswith("Jokers · to 500")
    shot(page, "variant-jokers-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    shot(page, "variant-jokers-phone", full_page=False)


def test_a_whiz_bid_offers_nil_or_the_spade_count(open_page, servers):
    server = servers()
    game, people = _seated("whiz")
    game = _act_until(
        game,
        people,
        lambda state, seat, legal: _lowest_bid(legal),
        lambda state: state.turn == 0,
    )
    state = game.engine_state
    spades = sum(1 for card in state.cards(0) if card.suit == "S")
    page = open_page()
    log_in(page, server, people[0])
    page.goto(f"{server.url}/games/{game.pk}/")
    page.wait_for_selector(".bidding .bid-buttons button")
    offered = [b.get_attribute("data-bid") for b in page.query_selector_all(".bid-buttons button")]
    assert offered == (["0", str(spades)] if spades else ["0"])
    assert "Whiz" in page.inner_text(".bidding .bid-note")
    shot(page, "variant-whiz-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    shot(page, "variant-whiz-phone", full_page=False)
    page.click(f".bid-buttons button[data-bid='{spades}']")
    page.wait_for_selector(".bidding", state="detached", timeout=30_000)
    assert Game.objects.get(pk=game.pk).engine_state.bids[0] == spades


def test_a_nil_pass_on_a_phone(open_page, servers):
    server = servers()
    game, people = _seated("classic", {"nil_pass": 2})

    def choose(state, seat, legal):
        if seat == 0:  # the player at the phone bids Nil; everyone else a number
            return next(a for a in legal if type(a) is Bid and a.tricks == 0 and not a.blind)
        return _lowest_bid(legal)

    game = _act_until(game, people, choose, lambda state: state.phase == "passing")
    page = open_page(viewport=PHONE)
    log_in(page, server, people[0])
    page.goto(f"{server.url}/games/{game.pk}/")
    panel = page.wait_for_selector(".nil-pass")
    assert "choose 2 cards" in panel.inner_text()
    # Locators, not element handles: a push may replace the table (the choice survives it).
    cards = page.locator(".hand.picking button.playing-card")
    button = page.locator(".nil-pass .pass-cards")
    cards.nth(0).click()
    assert page.inner_text(".pick-count") == "1 of 2 chosen" and button.is_disabled()
    cards.nth(1).click()
    cards.nth(2).click()  # a third card is not taken: two are chosen already
    assert page.inner_text(".pick-count") == "2 of 2 chosen" and button.is_enabled()
    assert cards.nth(2).get_attribute("aria-pressed") == "false"
    given = [cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")]
    shot(page, "variant-nil-pass-phone")
    button.click()
    page.wait_for_selector(".nil-pass-wait .pass-note", timeout=30_000)
    assert "Waiting for the Nil pass" in page.inner_text(".nil-pass-wait")
    shot(page, "variant-nil-pass-given-phone", full_page=False)

    # The partner passes: the cards change hands and the player sees what came in.
    game.refresh_from_db()
    partner = next(a for a in legal_actions(game.engine_state, 2) if type(a) is NilPass)
    off_the_loop(game_play.game_act, game_id=game.pk, user=people[2], data=action_to_dict(partner))
    note = page.wait_for_selector(".dock .pass-note.received", timeout=30_000)
    received = [str(card) for card in partner.cards]
    for code in received:
        assert page.query_selector(f".hand button.playing-card[data-card='{code}']") is not None
    for code in given:
        assert page.query_selector(f".hand button.playing-card[data-card='{code}']") is None
    assert "received" in note.inner_text()
    shot(page, "variant-nil-pass-received-phone", full_page=False)


def test_a_solo_game_has_four_scores_and_places(open_page, servers):
    server = servers()
    user = UserFactory()
    game = off_the_loop(
        tables.game_create_seated,
        players=[user, "standard", "standard", "standard"],
        preset="solo",
        options={"target_score": 100},
    )
    finish_in_process(game)
    page = open_page()
    log_in(page, server, user)
    page.goto(f"{server.url}/games/{game.pk}/")
    final = page.wait_for_selector(".panel.final")
    assert len(final.query_selector_all(".score-sheet thead th[scope=colgroup]")) == 4
    assert len(final.query_selector_all(".standings li")) == 4
    assert final.query_selector(".standings li .place").inner_text() == "1st"
    words = final.inner_text().lower()
    assert "partner" not in words and "team" not in words and " & " not in words
    shot(page, "variant-solo-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    shot(page, "variant-solo-phone")
    sheet = final.query_selector(".score-sheet")  # four players' columns fit a phone
    right = "table => table.getBoundingClientRect().right"
    assert sheet.evaluate(right) <= final.evaluate("panel => panel.getBoundingClientRect().right")


def test_the_create_form_disables_what_clashes_and_says_why(open_page, servers):
    server = servers()
    page = open_page()
    log_in(page, server, UserFactory())
    page.goto(f"{server.url}/play/")
    page.click("details.options summary")
    page.select_option("select[name=preset]", "mirror")
    # Mirror bidding: no Joker deck, no minimum team bid, Nil stays on; the reason is shown.
    assert page.locator("select[name=deck] option[value=jokers]").is_disabled()
    assert page.locator("select[name=min_team_bid] option[value='4']").is_disabled()
    assert page.locator("input[name=nil]").is_disabled()
    assert "15 spades against 13 tricks" in page.inner_text("[data-clash-for=deck]")
    # Blind Nil does nothing when the spades fix the bids: shown off, and why.
    blind_nil = page.locator("input[name=blind_nil]")
    assert blind_nil.is_disabled() and not blind_nil.is_checked()
    assert "has no Blind Nil" in page.inner_text("[data-clash-for=blind_nil]")
    assert page.input_value("select[name=preset]") == "mirror"  # still the preset
    assert page.inner_text("label[for=id_seat_2]").startswith("Partner")
    page.select_option("select[name=preset]", "solo")
    assert page.inner_text("label[for=id_seat_2]").startswith("Across")  # no partners
    assert page.locator("select[name=nil_pass] option[value='2']").is_disabled()
    assert page.locator("input[name=suicide]").is_disabled()
    assert not page.locator("select[name=deck] option[value=jokers]").is_disabled()
    assert blind_nil.is_enabled() and blind_nil.is_checked()  # Solo bids freely: back on
    shot(page, "variant-create-form-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "variant-create-form-phone")
    # Solo with Jokers is a game: the table opens with both in its rules line.
    page.select_option("select[name=deck]", "jokers")
    page.click("form[action='/play/create'] button[type=submit]")
    page.wait_for_url("**/games/*/")
    assert page.inner_text(".meta .rules").startswith("Solo Jokers · to 250")


def test_the_replay_of_a_solo_joker_game(open_page, servers):
    server = servers()
    user = UserFactory()
    game = off_the_loop(
        tables.game_create_seated,
        players=[user, "standard", "standard", "standard"],
        preset="solo",
        options={"target_score": 100, "deck": "jokers"},
    )
    finish_in_process(game)
    page = open_page()
    log_in(page, server, user)
    page.goto(f"{server.url}/games/{game.pk}/replay")
    page.wait_for_selector(".replay-hand .rank")
    # The Jokers are laid out with the spades, above the ace, by their own names.
    spades = " ".join(page.locator(".replay-hand .suit-line").all_inner_texts())
    assert "★B" in spades and "★L" in spades
    assert len(page.query_selector_all(".replay-score")) == 4
    assert len(page.query_selector_all(".standings li")) == 4
    page.keyboard.press("End")
    status = page.inner_text(".replay-status")
    assert "Hand over:" in status and " & " not in status
    shot(page, "variant-replay-solo-jokers-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    shot(page, "variant-replay-solo-jokers-phone", full_page=False)


def test_a_long_rules_line_leaves_the_scores_whole(open_page, servers):
    """A custom Jokers game of many house rules: at 1280 px the rules line takes its own row,
    so the score boxes keep the players' names and the bag line whole; on a phone the bid box
    fixed at the bottom leaves the table's links (How to play, Leave) in reach."""
    server = servers()
    options = {"target_score": 300, "nil_pass": 2, "spades_lead": "anytime", "min_team_bid": 5}
    options["blind_nil_min_deficit"] = 0  # the bid box offers Blind Nil: it is at its tallest
    game, people = _seated("jokers", options)
    game = _act_until(
        game, people, lambda state, seat, legal: _lowest_bid(legal), lambda s: s.turn == 0
    )
    page = open_page(viewport={"width": 1280, "height": 800})
    log_in(page, server, people[0])
    page.context.add_init_script(MARK_GAME_SOCKET_HEARD)
    page.goto(f"{server.url}/games/{game.pk}/")
    # Measured after the socket's first push, which redraws the score boxes: an element it
    # replaced has no boxes at all (getClientRects is empty once detached).
    page.wait_for_selector("html[data-game-socket='heard']", state="attached")
    page.wait_for_selector(".bidding .bid-buttons button")
    assert "Minimum team bid 5" in page.inner_text(".meta .rules")
    for name in page.query_selector_all(".team-name"):  # no name cut to "Yo…"
        assert name.evaluate("el => el.scrollWidth <= el.clientWidth"), name.inner_text()
    for bags in page.query_selector_all(".topbar .bags"):  # one line, not a word a line
        assert bags.evaluate("el => el.getClientRects().length === 1"), bags.inner_text()
        line = bags.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        assert bags.evaluate("el => el.getBoundingClientRect().height") < 2 * line
    shot(page, "variant-long-rules-desktop", full_page=False)
    page.set_viewport_size(SMALL_PHONE)  # the Blind Nil offer wraps: the dock is at its tallest
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    dock = page.locator(".dock").bounding_box()
    for end in (".footer-links", ".game-page .side"):  # scrolled to the end, all above the dock
        box = page.locator(end).bounding_box()
        assert box["y"] + box["height"] <= dock["y"], end
    shot(page, "variant-long-rules-phone", full_page=False)
