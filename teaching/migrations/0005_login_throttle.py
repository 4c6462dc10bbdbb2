"""The login throttle's state, in the database so every server process shares it (issue 13).

A login failure records its kind (a wrong secret, an unknown class code, a teacher's
wrong password, a sign-up with a taken address), who knocked (``client``) and, for a
teacher, the address typed as a key; a class code that no class has belongs to no class.
A teacher's unlock is a row of its own, and so is every open websocket, for the cap per
user (docs/decisions/0300-pupil-login-throttle.md, 0306-sockets-per-user.md).
"""

from __future__ import annotations

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

_CASCADE = django.db.models.deletion.CASCADE


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0004_class_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="loginfailure",
            name="kind",
            field=models.CharField(
                choices=[("secret", "Wrong secret"), ("code", "Unknown class code"),
                         ("password", "Wrong teacher password"),
                         ("signup", "Sign-up with an address that has an account")],
                default="secret", max_length=8),
        ),
        migrations.AddField(
            model_name="loginfailure",
            name="client",
            field=models.CharField(blank=True, max_length=80),
        ),
        migrations.AddField(
            model_name="loginfailure",
            name="account",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AlterField(
            model_name="loginfailure",
            name="at",
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name="loginfailure",
            name="classroom",
            field=models.ForeignKey(null=True, on_delete=_CASCADE, related_name="+",
                                    to="teaching.classroom"),
        ),
        migrations.AddIndex(
            model_name="loginfailure",
            index=models.Index(fields=["client", "at"], name="loginfailure_client_at"),
        ),
        migrations.AddIndex(
            model_name="loginfailure",
            index=models.Index(fields=["account", "at"], name="loginfailure_account_at"),
        ),
        migrations.CreateModel(
            name="LoginUnlock",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                ("by", models.ForeignKey(null=True,
                                         on_delete=django.db.models.deletion.SET_NULL,
                                         related_name="+", to=settings.AUTH_USER_MODEL)),
                ("classroom", models.ForeignKey(on_delete=_CASCADE, related_name="+",
                                                to="teaching.classroom")),
                ("pupil", models.ForeignKey(blank=True, null=True, on_delete=_CASCADE,
                                            related_name="+", to="teaching.pupil")),
            ],
        ),
        migrations.CreateModel(
            name="OpenSocket",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("channel", models.CharField(max_length=200, unique=True)),
                ("opened", models.DateTimeField(default=django.utils.timezone.now)),
                ("user", models.ForeignKey(on_delete=_CASCADE, related_name="+",
                                           to=settings.AUTH_USER_MODEL)),
            ],
        ),
    ]
