"""The Notification model moved to the social app (the bell); its table stays."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0005_game_kinds"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveIndex(
                    model_name="notification", name="leagues_not_user_id_ebb17d_idx"
                ),
                migrations.DeleteModel(name="Notification"),
            ],
        ),
    ]
