"""What league seasons and tournaments share: the rules their games are played by, and
how the last decided match (fixture or pairing) ends its season or round."""

from django.db.models import QuerySet
from django.utils import timezone

from core.errors import Invalid
from core.schemas import value
from games.schemas import TurnSeconds
from games.services import tables as game_tables
from leagues.models import Round, Season


def check_rules(*, preset: str, options: dict | None, turn_seconds: int) -> None:
    """The rules of a season or tournament must make a valid game of partnerships (its
    fixtures and pairings are between pairs, so Solo has no place in it)."""
    if game_tables.check_ruleset(preset, options).solo:
        raise Invalid("Leagues and tournaments are played by partnerships: Solo is not offered")
    value(TurnSeconds, turn_seconds, "turn_seconds")


def finish_if_done(parent: Season | Round, matches: QuerySet) -> bool:
    """Ends a running season or round once all its `matches` are decided; True if it did.
    Called with `parent` locked, so two last results cannot both miss the end."""
    if parent.status != parent.Status.RUNNING:
        return False
    if matches.exclude(status__in=matches.model.DECIDED).exists():
        return False
    parent.status, parent.finished_at = parent.Status.FINISHED, timezone.now()
    parent.save(update_fields=["status", "finished_at"])
    return True
