"""The "Tournament directors" group, with the permissions to run tournaments in the
Django admin (and to look up users when entering partnerships)."""

from django.db import migrations

from core import migration_helpers

GROUP = "Tournament directors"
PERMISSIONS = [
    ("leagues", "tournament", ("add", "change", "view", "delete")),
    ("leagues", "entrant", ("add", "change", "view", "delete")),
    ("leagues", "round", ("change", "view", "delete")),
    ("leagues", "pairing", ("add", "change", "view", "delete")),
    ("leagues", "club", ("view",)),
    ("accounts", "user", ("view",)),
]


def create_group(apps, schema_editor):
    migration_helpers.create_group(apps, GROUP, PERMISSIONS)


def remove_group(apps, schema_editor):
    migration_helpers.remove_group(apps, GROUP)


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0001_initial"),
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
