"""The content types of the models that moved from leagues now name clubs, so that their
permissions (and the groups holding them) and the admin's log entries stay attached."""

from django.db import migrations

MODELS = ["club", "membership", "joinrequest"]


def rename(old: str, new: str):
    def run(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        there = ContentType.objects.filter(app_label=new, model__in=MODELS).values("model")
        ContentType.objects.filter(app_label=old, model__in=MODELS).exclude(
            model__in=there
        ).update(app_label=new)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(rename("leagues", "clubs"), rename("clubs", "leagues"))]
