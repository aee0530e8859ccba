"""Prints a new personal API token for a user, or revokes their tokens."""

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from accounts.tokens import token_create, tokens_revoke


class Command(BaseCommand):
    help = "Print a new API token for USERNAME (shown once), or revoke tokens with --revoke."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--revoke",
            nargs="?",
            const="",
            metavar="PREFIX",
            help="Revoke the user's tokens (only those starting with PREFIX, if given).",
        )

    def handle(self, *args, username, revoke, **options):
        try:
            user = User.objects.get(username=username)
        except User.DoesNotExist:
            raise CommandError(f"There is no user {username!r}") from None
        if revoke is not None:
            count = tokens_revoke(user=user, prefix=revoke)
            self.stdout.write(f"Revoked {count} token(s) of {username}.")
        else:
            self.stdout.write(token_create(user=user))
