"""How players are named: one function for every page, distinct bots at a table."""

import pytest

from accounts.names import BOT_FIRST_NAMES, bot_level_name, seat_name
from tests.factories import UserFactory


def test_a_person_is_named_by_their_username():
    assert seat_name(username="alice", bot_level="", game_id=7, position=2) == "alice"


def test_an_open_seat_has_no_name():
    assert seat_name(username=None, bot_level="", game_id=7, position=2) is None


@pytest.mark.parametrize("game_id", [1, 2, 12, 13, 99, 10_000])
def test_the_bots_of_one_table_have_distinct_names_that_say_bot_and_level(game_id):
    names = [
        seat_name(username=None, bot_level=level, game_id=game_id, position=position)
        for position, level in enumerate(["standard", "standard", "standard", "expert"])
    ]
    assert len(set(names)) == 4
    assert all(name.split(" · ")[0] in BOT_FIRST_NAMES for name in names)
    assert names[0].endswith(" · Standard bot") and names[3].endswith(" · Expert bot")


def test_a_bot_seat_keeps_its_name_for_the_game():
    first = seat_name(username=None, bot_level="random", game_id=5, position=1)
    assert first == seat_name(username=None, bot_level="random", game_id=5, position=1)


def test_names_vary_from_table_to_table():
    names = {seat_name(username=None, bot_level="random", game_id=g, position=1) for g in range(5)}
    assert len(names) > 1


@pytest.mark.django_db
def test_a_bot_account_is_shown_by_its_level_as_at_the_table():
    bot = UserFactory(username="StandardBot", bot_level="standard")
    assert bot.display_name == "Standard bot" == bot_level_name("standard")
    assert UserFactory(username="bob").display_name == "bob"
