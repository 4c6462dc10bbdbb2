"""A teacher marks browsers as her school's: her pupils log in there past the locks
strangers cause (docs/decisions/0721-school-devices.md)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('teaching', '0010_loginfailure_network'),
    ]

    operations = [
        migrations.CreateModel(
            name='SchoolDevice',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('device', models.CharField(db_index=True, max_length=40)),
                ('label', models.CharField(blank=True, max_length=40)),
                ('marked', models.DateTimeField(default=django.utils.timezone.now)),
                ('teacher', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['marked', 'id'],
                'constraints': [models.UniqueConstraint(fields=('teacher', 'device'), name='unique_school_device_per_teacher')],
            },
        ),
    ]
