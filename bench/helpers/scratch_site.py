"""The site's Django on a throwaway SQLite database, for the benches that need its models."""

import atexit
import os
import shutil
import tempfile


def setup_scratch_site(prefix: str) -> None:
    """Sets Django up on a fresh, migrated SQLite database in a temporary directory (gone at
    exit). No Redis here: pushes go to an in-process channel layer (a worker's go to Redis,
    and Daphne renders them)."""
    directory = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    call_command("migrate", verbosity=0)
