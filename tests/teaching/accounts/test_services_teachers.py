"""teacher_signup: a teacher's account from an e-mail address, a name and a good password."""

from __future__ import annotations

import pytest

from teaching.accounts.services import AccountError, teacher_signup
from teaching.models import User
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_creates_a_teacher_who_logs_in_with_that_password() -> None:
    user = teacher_signup(email="  Sam@Example.ORG ", display_name=" Mr  Sam ", password=PASSWORD)

    user.refresh_from_db()
    assert user.is_teacher
    assert user.email == "Sam@example.org"  # the domain is not case-sensitive, the name may be
    assert user.display_name == "Mr Sam"
    assert user.check_password(PASSWORD)
    assert user.username.startswith("t-")


@pytest.mark.parametrize(
    ("email", "name", "password", "field"),
    [
        ("not-an-address", "Sam", PASSWORD, "email"),
        ("", "Sam", PASSWORD, "email"),
        ("sam@example.org", "   ", PASSWORD, "display_name"),
        ("sam@example.org", "x" * 61, PASSWORD, "display_name"),
        ("sam@example.org", "Sam", "short", "password"),
        ("sam@example.org", "Sam", "password123", "password"),
        ("sam@example.org", "Sam", "12345678901", "password"),
        ("sam@example.org", "Sam", "sam@example.org", "password"),
    ],
)
def test_it_refuses_bad_input_and_creates_nobody(email: str, name: str, password: str,
                                                 field: str) -> None:
    with pytest.raises(AccountError) as refused:
        teacher_signup(email=email, display_name=name, password=password)

    assert refused.value.field == field
    assert refused.value.message
    assert not User.objects.exists()


def test_it_says_why_a_password_is_refused() -> None:
    with pytest.raises(AccountError, match="too short"):
        teacher_signup(email="sam@example.org", display_name="Sam", password="abc")


def test_an_address_that_has_an_account_is_refused_whatever_its_case(alice: User) -> None:
    with pytest.raises(AccountError, match="has an account already") as refused:
        teacher_signup(email="ALICE@example.org", display_name="Another", password=PASSWORD)

    assert refused.value.field == "email"
    assert User.objects.filter(role="teacher").count() == 1
