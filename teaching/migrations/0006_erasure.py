"""A teacher can delete a pupil (issue 13): a league pair's pupils may go, the pair's
matches staying for the other players with the seat named "a former pupil"
(docs/decisions/0331-erasing-a-pupil.md). Before, a pupil in a league could not be deleted.
"""

from __future__ import annotations

import django.db.models.deletion
from django.db import migrations, models

_SET_NULL = django.db.models.deletion.SET_NULL


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0005_login_throttle"),
    ]

    operations = [
        migrations.AlterField(
            model_name="leaguepair",
            name="first",
            field=models.ForeignKey(null=True, on_delete=_SET_NULL, related_name="+",
                                    to="teaching.pupil"),
        ),
        migrations.AlterField(
            model_name="leaguepair",
            name="second",
            field=models.ForeignKey(null=True, on_delete=_SET_NULL, related_name="+",
                                    to="teaching.pupil"),
        ),
    ]
