"""The class page's "Logins" panel: Alice sees which of her pupils typed wrong secrets
and who is locked out, and unlocks them; Eve and the pupils see none of it."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.accounts.throttle import CLASS_PER_DAY, PUPIL_PER_DAY
from teaching.models import Classroom, LoginFailure, LoginUnlock, Pupil, User

pytestmark = pytest.mark.django_db


def _locked_out(pupil: Pupil) -> None:
    """A day of a stranger's wrong secrets for ``pupil``, from five addresses."""
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom_id=pupil.classroom_id, pupil=pupil,
                     client=f"address:192.0.2.{n % 5}")
        for n in range(PUPIL_PER_DAY.allowed + 1))


def _logs_in(pupil: Pupil) -> bool:
    response = Client().post(f"/join/{pupil.classroom.code}/{pupil.pk}/",
                             {"secret": pupil.secret})
    return response.status_code == 302


def test_a_quiet_class_says_nobody_typed_a_wrong_secret(alice_client: Client,
                                                        robins: Classroom, bob: Pupil) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text

    assert 'id="logins"' in text
    assert "No wrong secrets in the last 24 hours." in text


def test_the_class_page_shows_who_is_locked_out(alice_client: Client, robins: Classroom,
                                                bob: Pupil, carol: Pupil) -> None:
    _locked_out(bob)

    text = alice_client.get(f"/classes/{robins.pk}/").text

    assert "21 wrong secrets in this class in the last 24 hours." in text
    assert "<strong>locked out</strong>" in text
    assert f'action="/classes/{robins.pk}/pupils/{bob.pk}/logins/unlock/"' in text
    assert "Unlock Carol" not in text


def test_alice_unlocks_bob_and_he_logs_in_again(alice_client: Client, alice: User,
                                                robins: Classroom, bob: Pupil) -> None:
    _locked_out(bob)
    assert not _logs_in(bob)

    response = alice_client.post(f"/classes/{robins.pk}/pupils/{bob.pk}/logins/unlock/")

    assert response["Location"] == f"/classes/{robins.pk}/#logins"
    assert LoginUnlock.objects.get().by == alice
    assert _logs_in(bob)
    assert "Bob&#x27;s login is unlocked." in alice_client.get(f"/classes/{robins.pk}/").text


def test_alice_unlocks_the_whole_class(alice_client: Client, robins: Classroom,
                                       carol: Pupil) -> None:
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom=robins, client=f"address:192.0.2.{n}")
        for n in range(CLASS_PER_DAY.allowed + 1))
    assert "the class's logins are locked" in alice_client.get(
        f"/classes/{robins.pk}/").text
    assert not _logs_in(carol)

    alice_client.post(f"/classes/{robins.pk}/logins/unlock/")

    assert _logs_in(carol)


def test_with_htmx_the_panel_alone_comes_back(alice_client: Client, robins: Classroom,
                                              bob: Pupil) -> None:
    _locked_out(bob)

    response = alice_client.post(f"/classes/{robins.pk}/pupils/{bob.pk}/logins/unlock/",
                                 headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert '<section class="panel" id="logins"' in response.text
    assert "No wrong secrets in the last 24 hours." in response.text
    assert "<html" not in response.text


def test_eve_and_the_pupils_cannot_unlock_alices_class(eve_client: Client, bob_client: Client,
                                                       visitor: Client, robins: Classroom,
                                                       bob: Pupil) -> None:
    for url in (f"/classes/{robins.pk}/logins/unlock/",
                f"/classes/{robins.pk}/pupils/{bob.pk}/logins/unlock/"):
        assert eve_client.post(url).status_code == 404
        assert bob_client.post(url).status_code == 404
        assert visitor.post(url)["Location"].startswith("/accounts/login/")
    assert not LoginUnlock.objects.exists()


def test_unlocking_is_a_post(alice_client: Client, robins: Classroom, bob: Pupil) -> None:
    assert alice_client.get(f"/classes/{robins.pk}/logins/unlock/").status_code == 405


def test_eve_cannot_unlock_a_pupil_through_her_own_class(eve_client: Client, owls: Classroom,
                                                         bob: Pupil) -> None:
    assert eve_client.post(f"/classes/{owls.pk}/pupils/{bob.pk}/logins/unlock/"
                           ).status_code == 404
