"""What clients send to accounts' API and get back, declared once as types (core.schemas)."""

from datetime import datetime

from core import schemas
from core.schemas import Input, Output


class CloseIn(Input):
    """`{"confirm": true}`: the caller means to close their account."""

    confirm: schemas.flag()


class AccountClosed(Output):
    """The account is closed: its name everywhere now, and the last moment logging in
    reopens it."""

    closed: bool = True
    username: str
    reopen_until: datetime
