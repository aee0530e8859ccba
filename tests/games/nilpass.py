"""Games bid to their Nil pass through the services, for the Nil pass tests and the
fuzzing world."""

from games.engine import PASSING, Bid, legal_actions
from games.models import Game
from games.services import play


def bid_until_passing(game: Game, users: dict, nil_seats=(0,)) -> Game:
    """The people at `users` (seat -> User) bid Nil at `nil_seats` and their highest bid
    elsewhere, the bots bid for themselves, until the Nil pass starts."""
    while game.engine_state.phase == "bidding":
        state = game.engine_state
        if state.turn in users:
            bids = [a.tricks for a in legal_actions(state, state.turn) if type(a) is Bid]
            tricks = 0 if state.turn in nil_seats and 0 in bids else max(bids)
            data = {"type": "bid", "tricks": tricks}
            game = play.game_act(game_id=game.pk, user=users[state.turn], data=data)
        else:
            game = play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
    assert game.engine_state.phase == PASSING
    return game


def cards_of(game: Game, seat: int, count: int) -> list[str]:
    """The first `count` cards the seat holds now, as codes."""
    return [card.code for card in game.engine_state.cards(seat)[:count]]
