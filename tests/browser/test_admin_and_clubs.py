"""The admin and the club pages in a real browser, under the Content-Security-Policy."""

from clubs import services as clubs
from config.processes import wait_until
from leagues.models import Tournament
from tests.browser.pages import admin_log_in, log_in
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory


def test_the_admin_and_club_pages_work_under_the_content_security_policy(open_page, servers):
    server = servers()
    director = UserFactory(is_staff=True, is_superuser=True)
    tournament = TournamentFactory()
    owner = UserFactory()
    club = clubs.club_create(owner=owner, name="Aces", public=False)

    page = open_page()
    admin_log_in(page, server, director)
    page.goto(f"{server.url}/admin/leagues/tournament/{tournament.pk}/change/")
    # The admin's own scripts run (the collapsible sidebar) and the step buttons are
    # styled by the site's stylesheet for the director's pages.
    page.wait_for_selector("#toggle-nav-sidebar")
    button = page.wait_for_selector(".leagues-steps button")
    assert button.evaluate("b => getComputedStyle(b).textTransform") == "uppercase"
    button.click()
    wait_until(lambda: Tournament.objects.get(pk=tournament.pk).status == "closed", 30, "close")

    member = open_page()
    log_in(member, server, owner)
    member.goto(f"{server.url}/clubs/{club.slug}/")
    invite = member.wait_for_selector("input[data-select-all]")
    invite.click()  # site.js selects the whole link, ready to copy
    selected = invite.evaluate("i => i.value.substring(i.selectionStart, i.selectionEnd)")
    assert selected == invite.input_value() and club.invite_code in selected
