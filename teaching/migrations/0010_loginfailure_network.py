"""Every login failure keeps the network address it came from, whatever cookie it
carried (docs/decisions/0720-a-login-vouches-for-its-user-only.md)."""

from django.db import migrations, models


def networks_of_address_clients(apps, schema_editor):
    """The failures kept from before counted by an address go on counting there."""
    LoginFailure = apps.get_model("teaching", "LoginFailure")
    for client in (LoginFailure.objects.filter(client__startswith="address:")
                   .values_list("client", flat=True).distinct()):
        LoginFailure.objects.filter(client=client).update(network=client)


class Migration(migrations.Migration):

    dependencies = [
        ('teaching', '0009_pending_signup_without_password'),
    ]

    operations = [
        migrations.AddField(
            model_name='loginfailure',
            name='network',
            field=models.CharField(blank=True, max_length=80),
        ),
        migrations.AddIndex(
            model_name='loginfailure',
            index=models.Index(fields=['network', 'at'], name='loginfailure_network_at'),
        ),
        migrations.RunPython(networks_of_address_clients, migrations.RunPython.noop),
    ]
