"""Clubs, memberships and join requests moved to the clubs app; their tables stay, and
seasons and tournaments point at clubs.Club."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("duplicate", "0004_session_club_in_clubs"),  # its sessions point at clubs.Club first
        ("leagues", "0006_notification_moved_to_social"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="season",
                    name="club",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seasons",
                        to="clubs.club",
                    ),
                ),
                migrations.AlterField(
                    model_name="tournament",
                    name="club",
                    field=models.ForeignKey(
                        blank=True,
                        help_text="Optional: the tournament is then listed on this club's page.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="tournaments",
                        to="clubs.club",
                    ),
                ),
                migrations.DeleteModel(name="JoinRequest"),
                migrations.DeleteModel(name="Membership"),
                migrations.DeleteModel(name="Club"),
            ],
        ),
    ]
