"""The double-dummy solver against DDS (endplay, a dev dependency): where spades are broken,
Spades play is bridge play with spades trump, so every legal card must get DDS's value."""

import random

import pytest

from bench.doubledummy import dds_values, random_position, to_deal
from games.engine.doubledummy import Solver


@pytest.mark.parametrize("seed", range(30))
def test_every_card_value_equals_dds_on_random_positions_with_spades_broken(seed):
    rng = random.Random(f"dds-{seed}")
    # Endings of 2 to 9 cards a seat, and now and then a longer one, some mid-trick.
    size = 2 + seed % 8 if seed % 10 else 10 + seed % 4
    position = random_position(rng, size, rng.randrange(4))
    assert Solver().card_values(position) == dds_values(to_deal(position))
