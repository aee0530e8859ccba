"""Erasing a person from the site's texts when their closed account's grace ends: their old
name rewritten to `closed-<id>` wherever a text names them, their e-mail addresses taken
out, and both kept from sign-up for RESERVED_FOR (only a keyed digest of each is stored)."""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.db import models
from django.db.models import Q, QuerySet
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import ReservedName, User

# A stranger who takes an erased person's name would be taken for them by those who knew
# it, and an erased address could be signed up with by whoever holds it next.
RESERVED_FOR = timedelta(days=365)

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
EMAIL_REMOVED = "[e-mail removed]"


def _digest(value: str) -> str:
    return salted_hmac(
        "accounts.erasure.reserved", value.strip().lower(), algorithm="sha256"
    ).hexdigest()


def reserve(values: list[str], *, now: datetime) -> None:
    """Keeps these names and addresses from sign-up and renaming until RESERVED_FOR ends."""
    for value in filter(None, values):
        ReservedName.objects.update_or_create(
            digest=_digest(value), defaults={"until": now + RESERVED_FOR}
        )


def is_reserved(value: str, *, now: datetime | None = None) -> bool:
    """The name or address of an erased account, still kept (sign-up and renaming ask)."""
    return ReservedName.objects.filter(
        digest=_digest(value), until__gt=now or timezone.now()
    ).exists()


def without_emails(text: str) -> str:
    return EMAIL.sub(EMAIL_REMOVED, text)


@dataclass(frozen=True)
class Erased:
    """Who is being erased: the name they are shown by now, and the old name and addresses
    that texts may still hold. Read while an app's account_erasing hook runs (the user row
    still has them then)."""

    new_name: str
    names: tuple[str, ...]
    emails: tuple[str, ...]
    personal: tuple[str, ...] = ()  # their first and last name, as they typed them

    @classmethod
    def of(cls, user: User) -> "Erased":
        emails = {
            user.email,
            *EmailAddress.objects.filter(user=user).values_list("email", flat=True),
        }
        return cls(
            new_name=user.username,
            names=(user.former_username,) if user.former_username else (),
            emails=tuple(sorted(email for email in emails if email)),
            personal=tuple(
                name for name in {user.first_name, user.last_name} if len(name.strip()) > 1
            ),
        )

    def _pattern(self) -> re.Pattern | None:
        # Whole names only: "ann" is not rewritten inside "joanna" (a name's own letters,
        # digits and @.+-_ around it make it part of a longer word); the e-mails first.
        words = [re.escape(email) for email in self.emails] + [
            rf"(?<![\w@+-]){re.escape(name)}(?![\w@+-])" for name in self.names
        ]
        return re.compile("|".join(words), re.IGNORECASE) if words else None

    def rewritten(self, text: str) -> str:
        """The text with the old name as `closed-<id>` and their addresses taken out."""
        pattern = self._pattern()
        if pattern is None or not text:
            return text
        emails = {email.lower() for email in self.emails}
        return pattern.sub(
            lambda found: EMAIL_REMOVED if found.group().lower() in emails else self.new_name,
            text,
        )

    def own_line(self, text: str) -> str:
        """A line the person wrote: also without any e-mail address and their own name."""
        text = without_emails(self.rewritten(text))
        for name in self.personal:
            text = re.sub(
                rf"(?<!\w){re.escape(name.strip())}(?!\w)", "[name removed]", text, flags=re.I
            )
        return text

    def rewrite(self, queryset: QuerySet, *fields: str) -> int:
        """Rewrites the text fields (JSON fields too: their strings) of the rows that name
        the person; how many rows changed."""
        words = self.names + self.emails
        if not words:
            return 0
        model = queryset.model
        texts = {}
        for field in fields:
            is_json = isinstance(model._meta.get_field(field), models.JSONField)
            texts[field] = Cast(field, models.TextField()) if is_json else None
        annotated = queryset.annotate(
            **{f"_text_{field}": cast for field, cast in texts.items() if cast is not None}
        )
        matches = Q()
        for field, cast in texts.items():
            column = f"_text_{field}" if cast is not None else field
            for word in words:
                matches |= Q(**{f"{column}__icontains": word})
        changed = 0
        for row in annotated.filter(matches):
            before = [getattr(row, field) for field in fields]
            for field in fields:
                setattr(row, field, self._rewritten_value(getattr(row, field)))
            if [getattr(row, field) for field in fields] != before:
                row.save(update_fields=list(fields))
                changed += 1
        return changed

    def _rewritten_value(self, value):
        if isinstance(value, str):
            return self.rewritten(value)
        if isinstance(value, dict):
            return {key: self._rewritten_value(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self._rewritten_value(item) for item in value]
        return value
