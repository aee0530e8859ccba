"""The "Moderators" group, with the permissions to work the reports' queue, take and undo
decisions, and edit the chat's word list in the Django admin. Site admins assign it."""

from django.db import migrations

from core import migration_helpers

GROUP = "Moderators"
PERMISSIONS = [
    ("moderation", "report", ("view", "change")),
    ("moderation", "decision", ("add", "change", "view")),
    ("moderation", "bannedword", ("add", "change", "view", "delete")),
    ("accounts", "user", ("view",)),
]


def create_group(apps, schema_editor):
    migration_helpers.create_group(apps, GROUP, PERMISSIONS)


def remove_group(apps, schema_editor):
    migration_helpers.remove_group(apps, GROUP)


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
