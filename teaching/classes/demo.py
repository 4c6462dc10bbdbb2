"""The demo class of ``manage.py load_demo``: a teacher, "Demo class" (code DEMX42) and
eight pupils with fixed secrets, put back as they were on every run."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction

from teaching.accounts.pupil_secrets import set_secret
from teaching.classes.services import classroom_create, names_taken, pupils_create
from teaching.models import Classroom, Pupil, User

DEMO_TEACHER_EMAIL = "teacher@example.org"

DEMO_TEACHER_PASSWORD = "minibridge"

DEMO_CLASS_CODE = "DEMX42"

DEMO_PUPILS = (
    ("Ada", "otter42"), ("Ben", "maple37"), ("Cleo", "comet58"), ("Dev", "tiger24"),
    ("Ema", "robin63"), ("Finn", "kiwi85"), ("Gus", "panda29"), ("Hana", "tulip74"),
)


@dataclass(frozen=True)
class Demo:
    teacher: User
    classroom: Classroom
    pupils: list[Pupil]


@transaction.atomic
def demo_class_load() -> Demo:
    """The demo teacher, "Demo class" (code DEMX42, MiniLesson 5) and eight pupils with
    fixed secrets. Running it again puts everything back as it was."""
    teacher = User.objects.filter(role=User.Role.TEACHER,
                                  email__iexact=DEMO_TEACHER_EMAIL).first()
    if teacher is None:
        teacher = User(username=f"t-{secrets.token_hex(8)}", email=DEMO_TEACHER_EMAIL,
                       role=User.Role.TEACHER)
    teacher.display_name = "Demo Teacher"
    teacher.is_active = True
    teacher.set_password(DEMO_TEACHER_PASSWORD)  # a known demo password, past the validators
    teacher.save()
    classroom = Classroom.objects.filter(code=DEMO_CLASS_CODE).first()
    if classroom is None:
        classroom = classroom_create(owner=teacher, name="Demo class", game="minibridge",
                                     options={"lesson": 5}, code=DEMO_CLASS_CODE)
    classroom.owner, classroom.name, classroom.archived = teacher, "Demo class", False
    classroom.save()
    missing = [name for name, _ in DEMO_PUPILS if not names_taken(classroom, [name])]
    if missing:
        pupils_create(classroom=classroom, names=missing, by=teacher)
    pupils = []
    for name, secret in DEMO_PUPILS:
        pupil = classroom.pupils.select_related("user").get(archived=False, name__iexact=name)
        if pupil.secret != secret:
            set_secret(pupil, secret)
            pupil.save(update_fields=["secret"])
            pupil.user.save(update_fields=["password"])
        pupils.append(pupil)
    return Demo(teacher=teacher, classroom=classroom, pupils=pupils)
