"""The arena's pairing rules, in their order: blocks, no partner twice in a row, close
partnerships, the longest-waiting first; in a battle, partners of one club; and bots for
whoever is left after the wait, one person alone included."""

from events.pairing import Table, Waiting, best_split, tables


def person(user_id, mu=25.0, waited=10.0, last_partner=None):
    return Waiting(user_id=user_id, mu=mu, waited=waited, last_partner=last_partner)


def partners(table: Table) -> set[frozenset]:
    seats = table.seats
    return {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))}


def test_four_are_split_so_the_partnerships_ratings_are_closest():
    # 40 + 10 against 30 + 20 is the only even split: the strongest sits with the weakest.
    (table,) = tables([person(1, 40), person(2, 30), person(3, 20), person(4, 10)])
    assert partners(table) == {frozenset((1, 4)), frozenset((2, 3))}
    assert table.gap == 0


def test_nobody_has_the_same_partner_twice_in_a_row_where_it_can_be_avoided():
    # The even split would pair 1 with 4 again: a less even one is chosen instead.
    line = [person(1, 40, last_partner=4), person(2, 30), person(3, 20), person(4, 10)]
    (table,) = tables(line)
    assert frozenset((1, 4)) not in partners(table)
    # Either one's memory is enough.
    (table,) = tables([person(1, 40), person(2, 30), person(3, 20), person(4, 10, last_partner=1)])
    assert frozenset((1, 4)) not in partners(table)


def test_the_same_partner_again_when_every_split_repeats_one():
    cost, table = best_split(
        [person(1, last_partner=2), person(2, last_partner=1), person(3), person(4)]
    )
    assert cost[0] == 0 and frozenset((1, 2)) not in partners(table)


def test_people_who_block_each_other_never_share_a_table():
    line = [person(n, waited=100 - n) for n in range(1, 9)]
    blocked = {frozenset((1, 2)), frozenset((3, 4))}
    seated = tables(line, blocked=blocked)
    assert len(seated) == 2
    for table in seated:
        assert not any(pair <= set(table.seats) for pair in blocked)


def test_the_longest_waiting_are_seated_first():
    line = [person(n, waited=n) for n in range(1, 7)]  # 6 waited longest
    (table,) = tables(line)
    assert set(table.seats) == {3, 4, 5, 6}


def test_someone_blocked_by_everyone_waits_and_the_others_play():
    line = [person(n, waited=10 - n) for n in range(1, 6)]
    blocked = {frozenset((1, n)) for n in range(2, 6)}
    (table,) = tables(line, blocked=blocked)
    assert set(table.seats) == {2, 3, 4, 5}


def test_bots_fill_a_table_of_one_to_three_people_only_after_the_wait():
    line = [person(1, waited=5), person(2, waited=3)]
    assert tables(line, bots_after=30) == []
    assert tables([person(1, waited=29)], bots_after=30) == []
    (alone,) = tables([person(1, waited=31)], bots_after=30)  # a lone player is not stranded
    assert alone.seats.count(None) == 3
    (table,) = tables([person(1, waited=31), person(2, waited=3)], bots_after=30)
    assert sorted(seat for seat in table.seats if seat is not None) == [1, 2]
    assert table.seats.count(None) == 2
    (table,) = tables([person(n, waited=40) for n in (1, 2, 3)], bots_after=30)
    assert table.seats.count(None) == 1


def test_bots_take_the_seats_that_make_the_game_even():
    # A strong and a weak person with two average bots: the two people are partners.
    (table,) = tables([person(1, 40, 40), person(2, 10, 40)], bots_after=30, bot_mu=25)
    assert frozenset((1, 2)) in partners(table)


def test_two_who_block_each_other_do_not_get_a_bot_table_together():
    line = [person(1, waited=40), person(2, waited=40)]
    seated = tables(line, blocked={frozenset((1, 2))}, bots_after=30)
    assert sorted(table.seats.count(None) for table in seated) == [3, 3]


def club(user_id, side, mu=25.0, waited=10.0):
    return Waiting(user_id=user_id, mu=mu, waited=waited, side=side)


def test_in_a_battle_partners_play_for_the_same_club():
    # The even split (40 + 10 against 30 + 20) would mix the clubs: each club's two are
    # partners instead, however uneven.
    (table,) = tables([club(1, "red", 40), club(2, "red", 30), club(3, "blue", 20),
                       club(4, "blue", 10)])  # fmt: skip
    assert partners(table) == {frozenset((1, 2)), frozenset((3, 4))}
    # Three of one club and one of the other make no table of four; after the wait the
    # bots partner whoever is alone in their club.
    line = [club(1, "red"), club(2, "red"), club(3, "red"), club(4, "blue")]
    assert tables(line) == []
    for table in tables([club(n.user_id, n.side, waited=40) for n in line], bots_after=30):
        for pair in partners(table):
            sides = {n.side for n in line if n.user_id in pair}
            assert len(sides) <= 1


def test_a_thousand_people_are_all_seated_once():
    line = [person(n, mu=(n * 7919) % 50, waited=n % 97) for n in range(1000)]
    seated = tables(line, blocked={frozenset((n, n + 1)) for n in range(0, 1000, 10)})
    people = [seat for table in seated for seat in table.seats]
    assert len(people) == len(set(people)) == 1000
