from moderation import words_admin  # noqa: F401
