"""allauth's adapter and sign-up form for names and closed accounts: a name holds no word
the site does not allow; closed accounts' names stay reserved while they may come back and
for a while after their erasure (accounts.erasure), and logging in within the grace
reopens one (a moderator's closing excepted, which the person is told in words)."""

import re

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.contrib import messages
from django.utils import timezone

from accounts import erasure, services
from accounts.hooks import wording_refusal
from accounts.models import User
from core.errors import Forbidden

CLOSED_NAME = re.compile(r"closed-\d+", re.IGNORECASE)
FIRST_LOGIN = "first_login"  # a session key: this session began with the account's first login


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow)
        if CLOSED_NAME.fullmatch(username):
            raise forms.ValidationError("Names like closed-12 are kept for closed accounts")
        refusal = wording_refusal(username, "A username")
        if refusal:
            raise forms.ValidationError(refusal)
        if not shallow and (
            User.objects.filter(
                former_username__iexact=username, closed_at__isnull=False, erased_at=None
            ).exists()
            or erasure.is_reserved(username)
        ):
            raise forms.ValidationError("This username is already taken.")
        return username

    def pre_login(self, request, user, **kwargs):
        if user.closed_at is not None:
            refusal = services.reopen_refusal(user, now=timezone.now())
            if refusal:
                from allauth.account.internal.stagekit import clear_login

                clear_login(request)
                raise Forbidden(refusal)  # the site's error page says it (core.middleware)
            reopened = services.account_reopen(user=user)
            user.refresh_from_db()
            messages.success(
                request,
                f"Welcome back, {reopened.username}: your account is open again "
                "(friends you had are not: ask them again).",
            )
        return super().pre_login(request, user, **kwargs)

    def login(self, request, user):
        # The home page greets the session of an account's first login as a first visit
        # (config.views.home): Django's login moves last_login on, so it is read before.
        first = user.last_login is None
        super().login(request, user)
        if first:
            request.session[FIRST_LOGIN] = True


class SignupForm(AllauthSignupForm):
    def validate_unique_email(self, value: str) -> str:
        email = super().validate_unique_email(value)
        # An erased account's address signs up nobody, answered as an address in use is
        # (ACCOUNT_PREVENT_ENUMERATION): a mail to it, and the same page as any sign-up.
        if erasure.is_reserved(email):
            self.account_already_exists = True
        return email
