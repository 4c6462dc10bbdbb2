"""load_demo: the demo teacher, class and pupils, printed with how to log in; safe to rerun."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.hashers import check_password
from django.core.management import call_command
from django.test import Client

from teaching.classes import services as classes
from teaching.classes.demo import DEMO_CLASS_CODE, DEMO_PUPILS
from teaching.models import Classroom, Pupil, User

pytestmark = pytest.mark.django_db


def _load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_it_creates_the_demo_class_and_prints_every_login() -> None:
    out = _load()

    teacher = User.objects.get(email="teacher@example.org")
    assert teacher.check_password("minibridge")
    classroom = Classroom.objects.get(code="DEMX42")
    assert (classroom.name, classroom.owner) == ("Demo class", teacher)
    assert "teacher@example.org" in out and "minibridge" in out and "DEMX42" in out
    pupils = list(classroom.pupils.all())
    assert len(pupils) == 8
    for name, secret in DEMO_PUPILS:
        pupil = classroom.pupils.get(name=name)
        assert pupil.secret == secret
        assert check_password(secret, pupil.user.password)
        assert f"{name}" in out and secret in out


def test_running_it_again_puts_the_demo_back_and_adds_nothing() -> None:
    _load()
    demo = Classroom.objects.get(code="DEMX42")
    teacher = demo.owner
    ada = demo.pupils.get(name="Ada")
    classes.classroom_rename(classroom=demo, name="Renamed", by=teacher)
    classes.pupil_reset_secret(pupil=ada, by=teacher)
    classes.pupil_archive(pupil=demo.pupils.get(name="Ben"), by=teacher)

    _load()

    demo.refresh_from_db()
    assert demo.name == "Demo class"
    assert Classroom.objects.count() == 1
    assert User.objects.filter(role="teacher").count() == 1
    assert demo.pupils.filter(archived=False).count() == 8
    assert demo.pupils.get(name="Ada", archived=False).secret == "otter42"


def test_the_demo_code_and_secrets_fit_the_rules() -> None:
    from teaching.classes.selectors import is_valid_class_code

    assert is_valid_class_code(DEMO_CLASS_CODE)
    for _, secret in DEMO_PUPILS:
        assert not set(secret) & set("01")


def test_a_demo_pupil_logs_in_with_the_printed_code_and_secret(visitor: Client) -> None:
    _load()
    ada = Pupil.objects.get(name="Ada", archived=False)

    assert visitor.get("/join/", {"code": "demx42"})["Location"] == "/join/DEMX42/"
    response = visitor.post(f"/join/DEMX42/{ada.pk}/", {"secret": "otter42"})

    assert response["Location"] == "/me/"


def test_a_second_run_prints_the_same_logins_and_links() -> None:
    assert _load() == _load()
