"""The variants on the pages through Django's test client (RULES.md "Variants"): the
create form's options and clashes, the lobby's variant filter, the verify page and API
with the Joker deck, the how-to-play page; and the table's panels for Mirror and the Nil
pass as each seat sees them."""

import pytest

from games.engine import Ruleset, apply_action, commitment, deal, hand_seed, new_game, view_for
from games.engine.actions import Bid
from games.models import Game, Hand
from games.presenters import table
from games.rules_text import clashes_in_words
from games.services import tables
from tests.factories import UserFactory
from tests.games.finished import finished_game

pytestmark = pytest.mark.django_db

FORM = {"preset": "custom", "turn_seconds": 30, "seat_1": "standard", "seat_2": "standard"}
FORM |= {"seat_3": "standard", "target_score": 500, "losing_score": -200, "nil": "on"}
FORM |= {"blind_nil": "on", "shown_preset": "classic"}


def test_the_create_form_offers_every_preset_and_house_rule_in_groups(client, user):
    client.force_login(user)
    html = client.get("/play/").content.decode()
    for preset in ("classic", "short", "quick", "suicide", "blind-nil-anytime"):
        assert f'value="{preset}"' in html
    for preset in ("jokers", "mirror", "whiz", "solo"):
        assert f'value="{preset}"' in html
    for legend in ("Variant", "House rules", "Length", "Nil", "Bags and bonus"):
        assert f"<legend>{legend}</legend>" in html
    assert 'name="nil_pass"' in html and 'name="min_team_bid"' in html
    assert 'id="ruleset-clashes"' in html  # the script disables what clashes


def test_a_custom_variant_is_created_and_a_clash_is_refused_with_the_engines_words(client, user):
    client.force_login(user)
    options = {"deck": "jokers", "nil_pass": "2", "spades_lead": "anytime", "min_team_bid": "4"}
    response = client.post("/play/create", {**FORM, **options})
    game = Game.objects.get()
    assert response.status_code == 302
    rules = game.rules
    assert (rules.deck, rules.nil_pass, rules.spades_lead, rules.min_team_bid) == (
        "jokers", 2, "anytime", 4
    )  # fmt: skip
    tables.table_leave(game_id=game.pk, user=user)
    refused = client.post("/play/create", {**FORM, "bidding": "mirror", "deck": "jokers"})
    html = refused.content.decode()
    assert refused.status_code == 400 and Game.objects.count() == 1
    message = "Mirror bidding cannot be played with the Joker deck"
    assert message in html[html.index('name="bidding"') :]


@pytest.mark.parametrize("preset", ["mirror", "whiz"])
def test_blind_nil_is_idle_under_mirror_and_whiz_and_never_makes_the_rules_custom(
    client, user, preset
):
    """Blind Nil does nothing when the bids are fixed by the spades: the form shows it off
    (the script unticks it), and ticked or not the table plays the preset."""
    client.force_login(user)
    shown = {**FORM, "preset": preset, "shown_preset": preset, "bidding": preset}
    unticked = {name: value for name, value in shown.items() if name != "blind_nil"}
    for form in ({**shown, "blind_nil": "on"}, unticked):
        assert client.post("/play/create", form).status_code == 302
        game = Game.objects.latest("pk")
        assert game.preset == preset, form.get("blind_nil")
        tables.table_leave(game_id=game.pk, user=user)
    html = client.get("/play/").content.decode()
    assert f"{preset.title()} bidding has no Blind Nil" in html  # the script's reason
    words = client.get("/how-to-play/").content.decode()
    assert "allowed when your team trails" in words  # the classic preset's Blind Nil
    assert f"{preset.title()} bidding has no Blind Nil: the bids are fixed" in words


def test_the_lobby_names_each_tables_variant_and_filters_by_it(client):
    jokers = tables.table_create(owner=UserFactory(), preset="jokers")
    solo = tables.table_create(owner=UserFactory(), preset="solo")
    classic = tables.table_create(owner=UserFactory())
    custom = tables.table_create(
        owner=UserFactory(), preset="classic", options={"bidding": "whiz", "nil_pass": 1}
    )
    html = client.get("/play/").content.decode()
    assert ">Jokers<" in html and ">Solo<" in html and "Whiz · Nil pass 1" in html
    only = client.get("/play/", {"variant": "jokers"}).content.decode()
    assert f"/games/{jokers.pk}/" in only and f"/games/{solo.pk}/" not in only
    whiz = client.get("/play/", {"variant": "whiz"}, headers={"HX-Request": "true"})
    assert f"/games/{custom.pk}/" in whiz.content.decode()
    plain = client.get("/play/", {"variant": "classic"}).content.decode()
    assert f"/games/{classic.pk}/" in plain and f"/games/{jokers.pk}/" not in plain
    assert f"/games/{custom.pk}/" not in plain
    assert 'hx-get="/play/?variant=classic"' in plain  # the refresh keeps the filter
    passing = client.get("/play/", {"variant": "nil-pass"}).content.decode()
    assert f"/games/{custom.pk}/" in passing and f"/games/{classic.pk}/" not in passing
    assert ">Nil pass</a>" in passing


def test_the_lobby_shows_each_tables_target(client):
    tables.table_create(owner=UserFactory(), preset="jokers", options={"target_score": 300})
    tables.table_create(owner=UserFactory(), preset="classic", options={"hands": 4})
    html = client.get("/play/").content.decode()
    assert '>Jokers</strong> · <span class="length">to 300</span>' in html
    assert '<span class="length">4 hands</span>' in html


def test_a_joker_deal_verifies_on_the_page_and_through_the_api(client):
    seed = hand_seed(b"jokers", 1)
    query = {"seed": seed.hex(), "commitment": commitment(seed), "dealer": 1, "deck": "jokers"}
    html = client.get("/verify/", query).content.decode()
    assert "The seed matches the commitment" in html
    assert 'title="Big Joker"' in html and 'title="Little Joker"' in html
    answer = client.get("/api/verify", query).json()
    assert answer["matches"] and answer["deck"] == "jokers"
    assert answer["hands"] == [[c.code for c in cards] for cards in deal(seed, 1, "jokers")]
    assert sorted(code for hand in answer["hands"] for code in hand if code[1] == "J") == [
        "BJ", "LJ"
    ]  # fmt: skip
    standard = client.get("/api/verify", {**query, "deck": "standard"}).json()
    assert standard["hands"] == [[c.code for c in cards] for cards in deal(seed, 1)]
    # A commitment no hand here published: the deck must be said, on the page and the API.
    unknown = client.get("/api/verify", {**query, "deck": ""})
    assert unknown.status_code == 400 and "deck is required" in unknown.json()["error"]
    page = client.get("/verify/", {**query, "deck": ""}).content.decode()
    assert "deck is required" in page and "The seed matches" not in page
    bad = client.get("/api/verify", {**query, "seed": "zz"})
    assert bad.status_code == 400 and "64 hexadecimal" in bad.json()["error"]
    assert client.get("/api/verify", {**query, "deck": "tarot"}).status_code == 400


def test_a_hand_of_a_joker_game_verifies_from_its_commitment_without_a_deck(client):
    game = finished_game([UserFactory(), "random", "random", "random"], preset="jokers")
    hand = Hand.objects.filter(game=game).first()
    query = {"seed": hand.seed, "commitment": hand.commitment, "dealer": hand.dealer}
    answer = client.get("/api/verify", query).json()
    dealt = [
        [c.code for c in cards] for cards in deal(bytes.fromhex(hand.seed), hand.dealer, "jokers")
    ]
    assert answer["matches"] and answer["deck"] == "jokers" and answer["hands"] == dealt
    html = client.get("/verify/", query).content.decode()
    assert "The seed matches the commitment" in html and 'title="Big Joker"' in html


def test_how_to_play_has_a_section_per_variant_and_the_clashes():
    from django.test import Client

    html = Client().get("/how-to-play/").content.decode()
    for anchor in ("jokers", "mirror", "whiz", "solo", "nil-pass", "spades-lead", "min-team-bid"):
        assert f'id="variant-{anchor}"' in html
    for preset in ("jokers", "mirror", "whiz", "solo"):
        assert f'id="preset-{preset}"' in html
    for clash in clashes_in_words():
        assert clash in html.replace("&#x27;", "'")


def _payload(state, seat, preset="custom"):
    view = view_for(state, seat)
    seats = [{"name": f"P{n}", "bot": None, "away": False} for n in range(4)]
    return {
        "view": view, "seat": seat, "legal": view["legal"], "seats": seats, "extras": {},
        "status": "playing", "ruleset": view["ruleset"], "preset": preset, "ranked": False,
        "version": state.version, "turn_deadline": None, "winner": None,
    }  # fmt: skip


def test_mirror_offers_one_bid_button():
    state = new_game(Ruleset(bidding="mirror"), b"\x05" * 32)
    context = table(_payload(state, state.turn, "mirror"))
    spades = sum(1 for card in state.cards(state.turn) if card.suit == "S")
    assert context["bids"] == [spades] and "Mirror" in context["bid_note"]


def test_the_bid_box_says_why_a_minimum_team_bid_leaves_out_low_bids():
    state = new_game(Ruleset(min_team_bid=5), b"\x05" * 32)
    first = state.turn
    state = apply_action(state, Bid(first, 1))
    state = apply_action(state, Bid((first + 1) % 4, 2))
    partner = (first + 2) % 4
    context = table(_payload(state, partner))
    assert context["bids"] == [0, *range(4, 14)]
    assert context["bid_note"] == (
        "Your team must bid at least 5 together and your partner bid 1: bid Nil or at least 4"
    )
    # A partner's bid that meets the minimum leaves every bid: nothing to explain.
    state = new_game(Ruleset(min_team_bid=5), b"\x05" * 32)
    state = apply_action(state, Bid(first, 4))
    state = apply_action(state, Bid((first + 1) % 4, 2))
    assert table(_payload(state, partner))["bid_note"] is None


def test_the_nil_pass_is_a_step_for_the_owing_seats_only():
    state = new_game(Ruleset(nil_pass=2), b"\x06" * 32)
    while state.phase == "bidding":
        seat = state.turn
        state = apply_action(state, Bid(seat, 0 if seat % 2 == 0 and seat == 0 else 2))
    assert state.phase == "passing"
    mine = table(_payload(state, 0))
    assert mine["pass_count"] == 2 and mine["my_turn"] and mine["pass_partner"] == "P2"
    other = table(_payload(state, 1))
    assert other["pass_count"] == 0 and other["turn_text"] == "Waiting for the Nil pass"
    assert other["pass_given"] == [] and other["pass_received"] == []
