"""The Django admin of leagues and tournaments, one module per domain (importing them
registers their admins)."""

from leagues.admin import rounds, seasons, tournaments  # noqa: F401
