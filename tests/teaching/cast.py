"""The named cast every classroom test uses, as pytest fixtures.

* Alice is a teacher. Her class "Robins" (MiniLesson 3) has two pupils, Bob and Carol.
* Eve is another teacher. Her class "Owls" has one pupil, Dave, who must see nothing of
  Alice's.
* ``visitor`` is a logged-out browser.

Each person also comes with a logged-in test client (``alice_client``, ``bob_client``...).
Everyone is created through the account services, so the cast is what a real teacher
would have made. Fixtures are imported into tests/teaching/conftest.py; other test
folders import the ones they need from here.
"""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.accounts import services as services_accounts
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User

PASSWORD = "a long enough password 7"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    """Django's default hasher takes a quarter of a second per password here; tests use a
    fast one. PBKDF2 stays listed, since pupils' secrets are stored with it."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


def _teacher(email: str, name: str) -> User:
    return services_accounts.teacher_signup(email=email, display_name=name, password=PASSWORD)


def _client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice(db) -> User:
    return _teacher("alice@example.org", "Alice")


@pytest.fixture
def robins(alice: User) -> Classroom:
    return classes.classroom_create(owner=alice, name="Robins", game="minibridge",
                                    options={"lesson": 3})


@pytest.fixture
def robins_pupils(robins: Classroom, alice: User) -> dict[str, Pupil]:
    pupils = classes.pupils_create(classroom=robins, names="Bob\nCarol", by=alice)
    return {pupil.name: pupil for pupil in pupils}


@pytest.fixture
def bob(robins_pupils: dict[str, Pupil]) -> Pupil:
    return robins_pupils["Bob"]


@pytest.fixture
def carol(robins_pupils: dict[str, Pupil]) -> Pupil:
    return robins_pupils["Carol"]


@pytest.fixture
def eve(db) -> User:
    return _teacher("eve@example.org", "Eve")


@pytest.fixture
def owls(eve: User) -> Classroom:
    return classes.classroom_create(owner=eve, name="Owls", game="minibridge",
                                    options={"lesson": 1})


@pytest.fixture
def dave(owls: Classroom, eve: User) -> Pupil:
    return classes.pupils_create(classroom=owls, names="Dave", by=eve)[0]


@pytest.fixture
def alice_client(alice: User) -> Client:
    return _client_for(alice)


@pytest.fixture
def eve_client(eve: User) -> Client:
    return _client_for(eve)


@pytest.fixture
def bob_client(bob: Pupil) -> Client:
    return _client_for(bob.user)


@pytest.fixture
def carol_client(carol: Pupil) -> Client:
    return _client_for(carol.user)


@pytest.fixture
def dave_client(dave: Pupil) -> Client:
    return _client_for(dave.user)


@pytest.fixture
def visitor(db) -> Client:
    return Client()
