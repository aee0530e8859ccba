"""The hooks through which the apps built on social extend it without social importing them."""

from core.hooks import Hook

activity = Hook("activity")
"""What a person is doing besides being online (the ranked queue: "looking for a game").

A function of a list of user ids that returns {user id: status} for the people it knows
something about; the first function that names a person wins (social.presence.activities_of)."""
