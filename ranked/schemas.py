"""What clients send to the ranked queue's API and get back, as types (core.schemas)."""

from pydantic import Field, field_validator

from core import schemas
from core.errors import Invalid
from core.schemas import Input, Output
from ranked import variants
from ranked.models import PartnerRequest, QueueEntry


class QueueIn(Input):
    """All optional: the variant to play (Classic when none; never Solo with a partner),
    how long to wait for people before bots fill in, and the friend to queue with."""

    unknown = staticmethod(
        lambda names: f"Unknown field {names[0]!r}: send variant, max_wait and partner"
    )

    variant: schemas.choice(lambda: variants.VARIANTS) = ""
    max_wait: schemas.whole_number() = QueueEntry.DEFAULT_WAIT
    partner: schemas.text(optional=True) = None

    @field_validator("partner")
    @classmethod
    def _partner(cls, value):
        if value == "":
            raise Invalid("partner must be the username of a friend")
        return value


class PartnerRequestOut(Output):
    id: int
    sender: str = Field(alias="from")
    to: str
    variant: str
    max_wait: int
    expires_at: str

    @classmethod
    def of(cls, request: PartnerRequest) -> "PartnerRequestOut":
        return cls(
            id=request.pk,
            sender=request.sender.username,
            to=request.receiver.username,
            variant=request.variant,
            max_wait=request.max_wait,
            expires_at=request.expires_at.isoformat(),
        )


class GameLink(Output):
    id: int
    url: str


class QueueState(Output):
    """What the person waits for: the queue (with their partner), their requests, and the
    ranked game they play now."""

    queued: bool
    variant: str | None  # of the queue waited in
    partner: str | None
    waited: int | None
    max_wait: int | None
    sent: PartnerRequestOut | None
    received: list[PartnerRequestOut]
    game: GameLink | None


class QueueLeft(QueueState):
    left: bool
