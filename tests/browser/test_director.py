"""The director's pages in a real browser against a real Daphne, under the
Content-Security-Policy: the create form's rules, how to play, error pages, the
leaderboard with provisional players, the tournament admin and its champion.
Screenshots go to test-artifacts/."""

from datetime import timedelta

from django.utils import timezone

from config.processes import wait_until
from games.models import Game
from games.services import tables
from leagues.models import Pairing, Tournament
from ranked import ratings
from ranked.models import Rating
from tests.browser.pages import DESKTOP, PHONE, admin_log_in, log_in, shot
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory, partnership


def test_the_create_form_switches_to_custom_rules_and_explains_a_bad_option(open_page, servers):
    server = servers()
    page = open_page(viewport=PHONE)
    log_in(page, server, UserFactory())
    page.goto(f"{server.url}/play/")
    create = page.locator("section.create")
    assert create.get_by_role("link", name="How to play").first.is_visible()

    # A preset fills the options with its rules ...
    page.select_option("select[name=preset]", "quick")
    page.click("details.options summary")
    assert page.input_value("input[name=target_score]") == "200"
    assert page.input_value("input[name=losing_score]") == "-100"
    # ... and changing one of them makes the rules custom.
    page.fill("input[name=target_score]", "50")
    assert page.input_value("select[name=preset]") == "custom"
    shot(page, "create-form-custom-phone")

    page.click("text=Create table")
    error = page.wait_for_selector(".field.has-error .field-error")
    assert error.inner_text() == "Target score must be between 100 and 1000"
    field = page.locator(".field.has-error")
    assert field.locator("input[name=target_score]").count() == 1  # next to its field
    assert page.input_value("select[name=preset]") == "custom"
    assert not Game.objects.exists()
    error.scroll_into_view_if_needed()
    shot(page, "create-form-phone", full_page=False)

    page.fill("input[name=target_score]", "250")
    page.click("text=Create table")
    page.wait_for_url("**/games/*/")
    rules = Game.objects.get().rules
    assert (rules.target_score, rules.losing_score) == (250, -100)  # Quick, changed

    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/play/")
    page.click("details.options summary")
    shot(page, "create-form-desktop")
    page.emulate_media(color_scheme="dark")
    page.fill("input[name=target_score]", "5000")
    page.click("text=Create table")
    page.wait_for_selector(".field-error")
    page.locator(".field-error").scroll_into_view_if_needed()
    shot(page, "create-form-dark-desktop", full_page=False)


def test_how_to_play_explains_the_rules_and_the_presets(open_page, servers):
    server = servers()
    page = open_page()
    page.goto(f"{server.url}/")
    page.click(".nav >> text=How to play")
    page.wait_for_url("**/how-to-play/")
    for heading in ("Bidding", "Nil and Blind Nil", "Scoring a hand", "Winning", "Presets"):
        assert page.get_by_role("heading", name=heading).is_visible()
    for preset in ("Classic", "Short", "Quick", "Suicide", "Blind Nil Anytime"):
        assert page.get_by_role("heading", name=preset, exact=True).is_visible()
    assert page.locator("#preset-quick").get_by_text("reach 200 points").is_visible()
    shot(page, "howto-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "howto-phone")
    shot(page, "howto-phone-top", full_page=False)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing sticks out sideways

    dark = open_page(viewport=PHONE, color_scheme="dark")
    dark.goto(f"{server.url}/how-to-play/#scoring")
    shot(dark, "howto-dark-phone", full_page=False)

    # A browser in Kolkata: from its first page on, times read on its clock (a UTC day
    # starts at 05:30 there, on any date), and the daily's day is said to be a UTC day.
    kolkata = open_page(timezone_id="Asia/Kolkata")
    kolkata.goto(f"{server.url}/daily/")
    closes = kolkata.locator(".chip.live")
    closes.filter(has_text="05:30 your time, in ").wait_for()
    shot(kolkata, "daily-day-kolkata-desktop")
    kolkata.set_viewport_size(PHONE)
    shot(kolkata, "daily-day-kolkata-phone", full_page=False)
    kolkata.goto(f"{server.url}/how-to-play/#duplicate")
    rules = kolkata.inner_text("#duplicate")
    assert "UTC day" in rules and "05:30 your time" in rules
    kolkata.get_by_text("05:30 your time").scroll_into_view_if_needed()
    shot(kolkata, "howto-daily-kolkata-phone", full_page=False)
    log_in(kolkata, server, UserFactory(username="in_kolkata"))
    kolkata.goto(f"{server.url}/u/in_kolkata/")
    # Kept from the browser, under its own name for it (Chromium says Asia/Calcutta).
    told = kolkata.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert kolkata.input_value("select[name=time_zone]") == told
    shot(kolkata, "profile-time-zone-phone")
    kolkata.set_viewport_size(DESKTOP)
    shot(kolkata, "profile-time-zone-desktop")


def test_an_unknown_address_is_the_sites_own_page(open_page, servers):
    server = servers()  # DEBUG is on by default, as with `make run`
    page = open_page(viewport=PHONE)
    response = page.goto(f"{server.url}/no/such/page")
    assert response.status == 404
    assert page.get_by_role("heading", name="Nothing here").is_visible()
    assert page.locator(".nav").is_visible() and "URLconf" not in page.content()
    shot(page, "404-phone")
    dark = open_page(viewport=PHONE, color_scheme="dark")
    dark.goto(f"{server.url}/no/such/page")
    shot(dark, "404-dark-phone", full_page=False)
    page.set_viewport_size(DESKTOP)
    shot(page, "404-desktop", full_page=False)
    page.get_by_role("link", name="Play").last.click()
    page.wait_for_url("**/play/")


def _rated(display: int, *, settled: bool, games: int) -> Rating:
    user = UserFactory()
    now = timezone.now()
    mu = ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE
    return Rating.objects.create(
        user=user,
        mu=mu,
        sigma=3.0 if settled else 6.0,
        games=games,
        last_played_at=now,
        established_until=now + timedelta(days=60) if settled else None,
    )


def test_the_leaderboard_lists_provisional_players_after_the_ranked_ones(open_page, servers):
    server = servers()
    ranked = [_rated(1700 - 40 * i, settled=True, games=20 + i) for i in range(3)]
    newcomers = [_rated(1800 - 50 * i, settled=False, games=2 + i) for i in range(2)]
    page = open_page()
    log_in(page, server, newcomers[1].user)
    page.goto(f"{server.url}/leaderboard/")
    rows = page.locator("table.board tbody tr")
    assert rows.count() == 5
    names = [rows.nth(i).locator("td").nth(1).locator("a").inner_text() for i in range(5)]
    assert names == [r.user.username for r in ranked + newcomers]
    assert rows.nth(0).locator("td").first.inner_text() == "1"
    assert rows.nth(3).get_by_text("Provisional").is_visible()
    assert rows.nth(3).locator("td").first.inner_text() == "\N{EN DASH}"  # unranked
    assert page.get_by_text("Your rating").is_visible()
    shot(page, "leaderboard-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "leaderboard-phone")


def _steps(page) -> list[str]:
    return page.locator(".leagues-steps button").all_inner_texts()


def test_a_director_runs_a_tournament_step_by_step_to_its_champion(open_page, servers):
    server = servers()
    # (A superuser: the transactional database has no "Tournament directors" group.)
    boss = UserFactory(is_staff=True, is_superuser=True)
    tournament = TournamentFactory(name="Winter Cup", format="round_robin", status="draft")
    page = open_page()
    admin_log_in(page, server, boss)
    change = f"{server.url}/admin/leagues/tournament/{tournament.pk}/change/"
    page.goto(change)

    # The rules are fields; the script fills them from a preset and switches to custom.
    assert page.input_value("select[name=preset]") == "custom"  # the factory's quick rules
    page.select_option("select[name=preset]", "short")
    assert page.input_value("input[name=target_score]") == "300"
    page.fill("input[name=bag_limit]", "8")
    assert page.input_value("select[name=preset]") == "custom"
    assert _steps(page) == ["OPEN REGISTRATION"]
    shot(page, "tournament-admin-desktop")
    page.click("input[name=_continue]")
    page.wait_for_selector("text=was changed successfully")
    tournament.refresh_from_db()
    assert tournament.preset == "classic" and tournament.options["bag_limit"] == 8
    assert tournament.options["target_score"] == 300

    page.click(".leagues-steps >> text=Open registration")
    page.wait_for_selector("text=registration is open")
    assert _steps(page) == ["CLOSE REGISTRATION"]
    for _ in range(2):
        partnership(tournament, *UserFactory.create_batch(2))
    page.click(".leagues-steps >> text=Close registration")
    page.wait_for_selector("text=registration is closed")
    assert _steps(page) == ["PAIR THE NEXT ROUND"]
    page.click(".leagues-steps >> text=Pair the next round")
    page.wait_for_url("**/admin/leagues/round/*/change/")
    page.click(".leagues-steps >> text=Start this round")
    page.wait_for_selector("text=has started")
    shot(page, "round-forfeits-desktop")

    # A forfeit from the round's page, confirmed on its own page.
    row = Pairing.objects.get(round__tournament=tournament)
    page.select_option(".forfeits select[name=winner]", "b")
    page.click(".forfeits >> text=Record forfeit…")
    page.wait_for_selector("text=Yes, record the forfeit")
    shot(page, "forfeit-confirm-desktop")
    assert Pairing.objects.get(pk=row.pk).status != "forfeit"
    page.fill("input[name=note]", "Did not turn up")
    page.click("text=Yes, record the forfeit")
    page.wait_for_selector("text=forfeit recorded")
    wait_until(lambda: Pairing.objects.get(pk=row.pk).status == "forfeit", 10, "the forfeit")

    page.goto(change)
    assert _steps(page) == ["FINISH THE TOURNAMENT"]
    page.click(".leagues-steps >> text=Finish the tournament")
    page.wait_for_selector("text=is finished")
    assert _steps(page) == []
    assert Tournament.objects.get(pk=tournament.pk).status == "finished"

    public = open_page()
    public.goto(f"{server.url}/tournaments/{tournament.slug}/")
    banner = public.locator(".champion-banner")
    assert str(row.entrant_b) in banner.inner_text()
    shot(public, "champion-desktop", full_page=False)
    public.set_viewport_size(PHONE)
    shot(public, "champion-phone", full_page=False)
    dark = open_page(viewport=PHONE, color_scheme="dark")
    dark.goto(f"{server.url}/tournaments/{tournament.slug}/")
    shot(dark, "champion-dark-phone", full_page=False)


def test_each_bot_at_a_table_has_its_own_name_in_the_lobby_and_at_the_table(open_page, servers):
    server = servers()
    game = tables.table_create(
        owner=UserFactory(), bots={1: "standard", 2: "standard", 3: "standard"}
    )
    names = [seat.name for seat in game.seats.order_by("position")][1:]
    assert len(set(names)) == 3 and all(name.endswith(" · Standard bot") for name in names)
    page = open_page(viewport=PHONE)
    page.goto(f"{server.url}/play/")
    for name in names:
        assert page.locator(".seat-chips .chip", has_text=name).is_visible()
    page.goto(f"{server.url}/games/{game.pk}/")
    page.wait_for_selector("#table")
    # At the table a bot's seat shows its personal name, and its level in a badge.
    for name in names:
        first, level = name.split(" · ")
        seat = page.locator(".seat", has=page.locator(".seat-name", has_text=first))
        assert seat.is_visible() and seat.locator(".badge.bot", has_text=level).is_visible()
    shot(page, "table-bot-names-phone", full_page=False)
