"""A pending sign-up keeps no password: the link's page asks for it
(docs/decisions/0710-the-password-is-chosen-at-the-link.md). The hashes of sign-ups
waiting now are dropped with the column; their links still work and ask for a password."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0008_hand_dd"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="pendingsignup",
            name="password",
        ),
    ]
