"""A class names its game and options (issue 12).

Every class and league so far played MiniBridge, and a class's MiniLesson stage
was its own column: the stage becomes the option ``{"lesson": n}`` of the game
"minibridge", and a pupil's own stage the override ``{"lesson": n}``. This
migration is history, so it names the game; the models do not
(docs/decisions/0140-a-class-names-its-game.md).
"""

from __future__ import annotations

from django.db import migrations, models

import teaching.models

#: The only game a class could play before this migration.
HISTORIC_GAME = "minibridge"


def lessons_to_options(apps, schema_editor):
    Classroom = apps.get_model("teaching", "Classroom")
    Pupil = apps.get_model("teaching", "Pupil")
    League = apps.get_model("teaching", "League")
    for classroom in Classroom.objects.all():
        classroom.game = HISTORIC_GAME
        classroom.options = {"lesson": classroom.lesson}
        classroom.save(update_fields=["game", "options"])
    for pupil in Pupil.objects.exclude(lesson_override=None):
        pupil.options_override = {"lesson": pupil.lesson_override}
        pupil.save(update_fields=["options_override"])
    League.objects.update(game=HISTORIC_GAME)


def options_to_lessons(apps, schema_editor):
    Classroom = apps.get_model("teaching", "Classroom")
    Pupil = apps.get_model("teaching", "Pupil")
    for classroom in Classroom.objects.all():
        lesson = classroom.options.get("lesson") if classroom.game == HISTORIC_GAME else None
        classroom.lesson = lesson if isinstance(lesson, int) and 1 <= lesson <= 6 else 1
        classroom.save(update_fields=["lesson"])
    for pupil in Pupil.objects.all():
        lesson = pupil.options_override.get("lesson")
        if isinstance(lesson, int) and 1 <= lesson <= 6:
            pupil.lesson_override = lesson
            pupil.save(update_fields=["lesson_override"])


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0003_leagues"),
    ]

    operations = [
        migrations.AddField(
            model_name="classroom",
            name="game",
            field=models.CharField(default=HISTORIC_GAME, max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="classroom",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="pupil",
            name="options_override",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="league",
            name="game",
            field=models.CharField(default=HISTORIC_GAME, max_length=32),
            preserve_default=False,
        ),
        migrations.RunPython(lessons_to_options, options_to_lessons),
        migrations.RemoveField(model_name="classroom", name="lesson"),
        migrations.RemoveField(model_name="pupil", name="lesson_override"),
        migrations.AlterField(
            model_name="classroom",
            name="game",
            field=models.CharField(default=teaching.models.default_game, max_length=32),
        ),
        migrations.AlterField(
            model_name="league",
            name="game",
            field=models.CharField(default=teaching.models.default_game, max_length=32),
        ),
        migrations.AlterField(
            model_name="table",
            name="game",
            field=models.CharField(default=teaching.models.default_game, max_length=32),
        ),
        migrations.AlterField(
            model_name="duplicatesession",
            name="game",
            field=models.CharField(default=teaching.models.default_game, max_length=32),
        ),
        migrations.AlterField(
            model_name="league",
            name="won_by",
            field=models.CharField(
                choices=[
                    ("target", "Against the target tricks for the combined points"),
                    ("score", "By the game's score"),
                ],
                default="target",
                max_length=8,
            ),
        ),
    ]
