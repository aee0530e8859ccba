"""The "Session directors" group, with the permissions to run club duplicate sessions in
the Django admin (and to look up users when entering the pairs)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Session directors"
PERMISSIONS = [
    ("duplicate", "session", ("add", "change", "view", "delete")),
    ("duplicate", "entry", ("add", "change", "view", "delete")),
    ("duplicate", "boardgame", ("view",)),
    ("leagues", "club", ("view",)),
    ("accounts", "user", ("view",)),
]


def create_group(apps, schema_editor):
    # Permissions are normally created after all migrations; this one needs them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    for app_label, model, actions in PERMISSIONS:
        codenames = [f"{action}_{model}" for action in actions]
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label=app_label, codename__in=codenames
            )
        )


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0002_club_sessions"),
        ("leagues", "0001_initial"),
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
