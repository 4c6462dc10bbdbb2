"""The home page is where a new teacher and a pupil with a class code find their way in."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_visitor_sees_the_teachers_and_the_pupils_way_in(visitor: Client) -> None:
    text = visitor.get("/").text

    assert "I&#x27;m a teacher" in text or "I'm a teacher" in text
    assert 'href="/accounts/signup/"' in text and ">Create an account<" in text
    assert 'href="/accounts/login/"' in text and ">Log in<" in text
    assert "I&#x27;m a pupil" in text or "I'm a pupil" in text
    assert 'href="/join/"' in text and ">Join with a class code<" in text


def test_a_teacher_already_in_is_not_asked_to_sign_up(alice_client: Client) -> None:
    assert ">Create an account<" not in alice_client.get("/").text
