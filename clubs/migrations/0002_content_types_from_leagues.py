"""The content types of the models that moved from leagues now name clubs, so that their
permissions (and the groups and people holding them) and the admin's log entries stay
attached. Runs once leagues no longer holds them: until then a migration that makes the
permissions of the models of its time (the directors' groups do) makes leagues' again.
Where both exist, leagues' are merged into clubs' and go."""

from django.conf import settings
from django.db import migrations

MODELS = ["club", "membership", "joinrequest"]


def move(old: str, new: str):
    def run(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        Permission = apps.get_model("auth", "Permission")
        LogEntry = apps.get_model("admin", "LogEntry")
        holders = [
            apps.get_model("auth", "Group").permissions.through,
            apps.get_model(settings.AUTH_USER_MODEL).user_permissions.through,
        ]
        for model in MODELS:
            there = ContentType.objects.filter(app_label=old, model=model).first()
            if there is None:
                continue
            here = ContentType.objects.filter(app_label=new, model=model).first()
            if here is None:
                there.app_label = new
                there.save(update_fields=["app_label"])
                continue
            LogEntry.objects.filter(content_type=there).update(content_type=here)
            for permission in Permission.objects.filter(content_type=there):
                kept, _ = Permission.objects.get_or_create(
                    content_type=here,
                    codename=permission.codename,
                    defaults={"name": permission.name},
                )
                for through in holders:
                    for holder in through.objects.filter(permission=permission):
                        owner = {
                            f.attname: getattr(holder, f.attname)
                            for f in through._meta.concrete_fields
                            if f.is_relation and f.attname != "permission_id"
                        }
                        through.objects.get_or_create(permission=kept, **owner)
            there.delete()  # and with it its permissions, now held as clubs'

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("leagues", "0007_clubs_moved_to_clubs"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("admin", "0003_logentry_add_action_flag_choices"),
    ]

    operations = [migrations.RunPython(move("leagues", "clubs"), move("clubs", "leagues"))]
