"""Ranked play by variant: every rating, rating change, queue entry and partner request
names its variant. What existed is Classic's, with the same numbers: the rating rows are
copied as they are into the new table (whose key is no longer the user, who now has a
rating per variant)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import ranked.variants

VARIANT = {
    "choices": ranked.variants.choices,
    "default": "classic",
    "max_length": 16,
}


def copy_ratings(apps, schema_editor):
    """Each existing rating becomes the player's Classic rating, unchanged."""
    old, new = apps.get_model("ranked", "Rating"), apps.get_model("ranked", "VariantRating")
    rows = (
        new(
            user_id=rating.user_id,
            variant="classic",
            mu=rating.mu,
            sigma=rating.sigma,
            games=rating.games,
            last_played_at=rating.last_played_at,
            established_until=rating.established_until,
        )
        for rating in old.objects.order_by("pk").iterator(chunk_size=2000)
    )
    new.objects.bulk_create(rows, batch_size=2000)


def copy_back(apps, schema_editor):
    """Going back keeps the Classic ratings (the others have no place to go)."""
    old, new = apps.get_model("ranked", "Rating"), apps.get_model("ranked", "VariantRating")
    old.objects.bulk_create(
        old(
            user_id=rating.user_id,
            mu=rating.mu,
            sigma=rating.sigma,
            games=rating.games,
            last_played_at=rating.last_played_at,
            established_until=rating.established_until,
        )
        for rating in new.objects.filter(variant="classic").order_by("pk")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ranked", "0003_queue_entries_plural"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="ratingchange", name="variant", field=models.CharField(**VARIANT)
        ),
        migrations.AddField(
            model_name="queueentry", name="variant", field=models.CharField(**VARIANT)
        ),
        migrations.AddField(
            model_name="partnerrequest", name="variant", field=models.CharField(**VARIANT)
        ),
        migrations.AddIndex(
            model_name="ratingchange",
            index=models.Index(
                fields=["user", "variant", "finished_at", "game"], name="rating_variant_history"
            ),
        ),
        migrations.CreateModel(
            name="VariantRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("variant", models.CharField(**VARIANT)),
                ("mu", models.FloatField()),
                ("sigma", models.FloatField()),
                ("games", models.PositiveIntegerField(default=0)),
                ("last_played_at", models.DateTimeField(blank=True, null=True)),
                ("established_until", models.DateTimeField(blank=True, db_index=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["variant", "-mu"], name="rating_variant_mu_desc")],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "variant"), name="one_rating_per_variant"
                    )
                ],
            },
        ),
        migrations.RunPython(copy_ratings, copy_back),
        migrations.DeleteModel(name="Rating"),
        migrations.RenameModel(old_name="VariantRating", new_name="Rating"),
    ]
