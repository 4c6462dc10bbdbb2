"""A finished hand's double-dummy table moves out of the game's result into a column of
its own (docs/decisions/0530-the-typed-hand-result.md): the result is the game's record,
read only through the game; the table is the site's."""

from django.db import migrations, models


def move_tables_out(apps, schema_editor):
    Hand = apps.get_model("teaching", "Hand")
    for hand in Hand.objects.filter(result__has_key="dd").iterator():
        result = dict(hand.result)
        hand.dd = result.pop("dd")
        hand.result = result
        hand.save(update_fields=["dd", "result"])


def move_tables_back(apps, schema_editor):
    Hand = apps.get_model("teaching", "Hand")
    for hand in Hand.objects.filter(dd__isnull=False).exclude(result__isnull=True).iterator():
        hand.result = {**hand.result, "dd": hand.dd}
        hand.save(update_fields=["result"])


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0007_b_former_seats_and_pending_signups"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="dd",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(move_tables_out, move_tables_back),
    ]
