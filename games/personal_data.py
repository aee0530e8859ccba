"""Games' sections of a person's download (accounts.hooks.personal_data): the games they
sat in, with their own cards of each hand that is over, and the chat lines they wrote; and
leaving their tables when their account closes (accounts.hooks.account_closing)."""

from accounts.erasure import Erased
from accounts.models import User
from accounts.personal_data import covering, rows
from games.engine import Ruleset, deal
from games.models import ChatMessage, Game, Hand, Seat
from games.services import tables


def _own_cards(hand: Hand, ruleset: Ruleset, position: int) -> list[str]:
    """The cards `position` was dealt in a finished hand: from its revealed seed, the other
    seats' cards never computed into the file."""
    return [
        card.code for card in deal(bytes.fromhex(hand.seed), hand.dealer, ruleset.deck)[position]
    ]


@covering("games.Seat.user", "games.Game.created_by")
def games(user: User) -> tuple[str, dict]:
    """Each game the person sat in: its public record (players, results per hand) and their
    own dealt cards of each hand that is over (a Hand row exists only then), and never
    another seat's: not even the hand's seed, which deals all four (a duplicate board's
    cards are still secret at other tables; a finished game's export reveals its seeds)."""
    mine = list(Seat.objects.filter(user=user).select_related("game").order_by("game_id"))
    game_ids = [seat.game_id for seat in mine]
    names: dict[int, list] = {}
    for seat in Seat.objects.filter(game_id__in=game_ids).select_related("user"):
        names.setdefault(seat.game_id, []).append(seat.name)
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(game_id__in=game_ids).order_by("game_id", "number"):
        hands.setdefault(hand.game_id, []).append(hand)
    played = []
    for seat in mine:
        game = seat.game
        ruleset = game.rules
        played.append(
            {
                "id": game.pk,
                "kind": game.kind,
                "preset": game.preset,
                "ranked": game.ranked,
                "status": game.status,
                "created_at": game.created_at,
                "finished_at": game.finished_at,
                "your_seat": seat.position,
                "players": names.get(game.pk, []),
                "winner": game.winner,
                "hands": [
                    {
                        "number": hand.number,
                        "dealer": hand.dealer,
                        "your_cards": _own_cards(hand, ruleset, seat.position),
                        "bids": hand.bids,
                        "tricks": hand.tricks,
                        "points": hand.points,
                        "scores": hand.scores,
                        "commitment": hand.commitment,
                    }
                    for hand in hands.get(game.pk, [])
                ],
            }
        )
    opened = Game.objects.filter(created_by=user).order_by("pk").values_list("pk", flat=True)
    return "games", {"played": played, "tables_opened": list(opened)}


@covering("games.ChatMessage.user")
def chat(user: User) -> tuple[str, list]:
    """The lines the person wrote; other people's lines at the same tables are theirs."""
    written = ChatMessage.objects.filter(user=user).order_by("created_at", "pk")
    return "chat", rows(written, "game_id", "text", "created_at")


def leave_tables(user: User) -> None:
    """On closing (accounts.hooks.account_closing): the person walks away from every table,
    as anyone may: a waiting table's seat opens again, a bot plays on in a started game."""
    unfinished = Seat.objects.filter(
        user=user, game__status__in=[Game.Status.WAITING, Game.Status.PLAYING]
    )
    for game_id in unfinished.values_list("game_id", flat=True):
        tables.table_leave(game_id=game_id, user=user)


def erase(user: User) -> None:
    """On erasure: the chat lines they wrote keep no e-mail address and no name of theirs;
    other people's lines at their tables that name them name `closed-<id>` (only there: a
    name that is also a word, "ok" or "ace", is left alone in everyone else's chat)."""
    erased = Erased.of(user)
    mine = ChatMessage.objects.filter(user=user)
    for line in mine:
        text = erased.own_line(line.text)
        if text != line.text:
            ChatMessage.objects.filter(pk=line.pk).update(text=text)
    tables = {*Seat.objects.filter(user=user).values_list("game_id", flat=True)}
    tables |= {*mine.values_list("game_id", flat=True)}
    theirs = ChatMessage.objects.filter(game_id__in=tables).exclude(user=user)
    erased.rewrite(theirs, "text", "original")  # a masked line's original, kept for moderators
