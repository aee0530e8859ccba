from django.db import migrations, models


def pending_while_registration_is_open(apps, schema_editor):
    # Partnerships registered so far in open registrations named a partner without asking
    # them: they now wait for the partner to accept, like new ones (a director can tick
    # the box in the admin for those they entered themselves).
    Entrant = apps.get_model("leagues", "Entrant")
    Entrant.objects.filter(tournament__status="registration", player_b__isnull=False).update(
        partner_accepted=False
    )


class Migration(migrations.Migration):

    dependencies = [
        ("leagues", "0002_tournament_directors"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrant",
            name="partner_accepted",
            field=models.BooleanField(
                default=True, help_text="Off while the partner has not accepted the registration."
            ),
        ),
        migrations.RunPython(pending_while_registration_is_open, migrations.RunPython.noop),
    ]
