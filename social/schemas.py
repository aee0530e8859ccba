"""What clients send to social's API and get back, declared once as types (core.schemas).

People, friend requests, invitations, preferences and notifications."""

from typing import Annotated, Any

from pydantic import Field, WithJsonSchema

from core import schemas
from core.schemas import Input, Output
from games.schemas import Seat
from social.models import Invitation, Preference

Username = schemas.text()


class PersonIn(Input):
    """Who: a person's username."""

    username: Username


class InvitationIn(Input):
    """An invitation to a free seat of the caller's table."""

    username: Username
    game: schemas.whole_number()
    seat: Seat


class PreferencesIn(Input):
    invites_from: Annotated[
        Any, WithJsonSchema({"type": "string", "enum": list(Preference.InvitesFrom.values)})
    ]


class Ok(Output):
    ok: bool = True


class PresenceOut(Output):
    """What a friend is doing (social.selectors.Presence.as_json): `game` only when the
    viewer may watch it, `last_seen` only when offline."""

    status: str
    online: bool
    game: str = ""
    last_seen: str = ""


class FriendOut(Output):
    username: str
    presence: PresenceOut


class RequestReceived(Output):
    id: int
    sender: str = Field(alias="from")
    at: str


class RequestSentOut(Output):
    id: int
    to: str
    at: str


class FriendRequests(Output):
    received: list[RequestReceived]
    sent: list[RequestSentOut]


class Friends(Output):
    """Friends with presence, requests both ways, and the people blocked."""

    friends: list[FriendOut]
    requests: FriendRequests
    blocked: list[str]

    def data(self) -> dict:
        # A presence's fields that were not sent stay out (exclude_unset), as the API has always
        # answered; every other field here is always set.
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


class RequestSent(Output):
    """A request sent (201), or, when they had asked already, a friendship (200)."""

    id: int | None = None
    friends: bool

    def data(self) -> dict:
        return self.model_dump(mode="json", exclude_none=True)


class InvitationOut(Output):
    id: int
    sender: str = Field(alias="from")
    to: str
    game: int
    seat: int
    expires_at: str

    @classmethod
    def of(cls, invitation: Invitation) -> "InvitationOut":
        return cls(
            id=invitation.pk,
            sender=invitation.sender.username,
            to=invitation.receiver.username,
            game=invitation.game_id,
            seat=invitation.position,
            expires_at=invitation.expires_at.isoformat(),
        )


class Invitations(Output):
    received: list[InvitationOut]
    sent: list[InvitationOut]


class InvitationAccepted(Output):
    game: int


class Preferences(Output):
    invites_from: str


class NotificationOut(Output):
    text: str
    url: str
    at: str
    read: bool


class Notifications(Output):
    unread: int
    notifications: list[NotificationOut]
