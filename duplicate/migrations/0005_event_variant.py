"""An event's variant (issue 39): the preset its boards are played in. Every event made
before was Classic, so existing days keep Classic (their ruleset is unchanged)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0004_session_club_in_clubs"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="variant",
            field=models.CharField(
                choices=[
                    ("classic", "Classic"),
                    ("jokers", "Jokers"),
                    ("whiz", "Whiz"),
                    ("mirror", "Mirror"),
                    ("suicide", "Suicide"),
                ],
                default="classic",
                max_length=16,
            ),
        ),
    ]
