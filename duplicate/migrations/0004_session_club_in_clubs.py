"""A session's club is now clubs.Club (the model moved from leagues; its table stays)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("duplicate", "0003_session_directors"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="session",
                    name="club",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="duplicate_sessions",
                        to="clubs.club",
                    ),
                ),
            ],
        ),
    ]
