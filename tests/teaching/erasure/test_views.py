"""The erasure pages (teaching/erasure/views.py): the privacy page in the footer, a pupil's
data as a file, and the confirm pages that delete a pupil, a class or an account."""

from __future__ import annotations

import json

from django.urls import reverse

from teaching.models import Classroom, Pupil, User


def _url(name: str, pupil: Pupil) -> str:
    return reverse(name, args=[pupil.classroom_id, pupil.pk])


def test_every_page_links_the_privacy_page_from_its_footer(visitor, alice_client) -> None:
    for client in (visitor, alice_client):
        page = client.get(reverse("home")).content.decode()
        footer = page[page.index("site-footer"):]
        assert reverse("privacy") in footer


def test_the_privacy_page_says_what_why_how_long_and_how_to_erase(visitor) -> None:
    page = visitor.get(reverse("privacy")).content.decode()
    for heading in ("What is stored", "Why", "For how long", "How a teacher erases"):
        assert heading in page
    assert "secret word" in page and "a former pupil" in page


def test_the_teacher_downloads_a_pupils_data_as_a_file(alice_client, robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    response = alice_client.get(_url("pupil_data", bob))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="pupil-bob.json"'
    record = json.loads(response.content)
    assert record["pupil"]["name"] == "Bob" and record["pupil"]["class"] == "Robins"
    assert record["hands"] == []


def test_an_archived_pupils_data_can_be_downloaded_too(alice_client, robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    Pupil.objects.filter(pk=bob.pk).update(archived=True)
    assert alice_client.get(_url("pupil_data", bob)).status_code == 200
    page = alice_client.get(reverse("archived_pupils", args=[bob.classroom_id])).content
    assert b"Bob" in page and _url("pupil_delete", bob).encode() in page


def test_nobody_else_sees_or_deletes_a_pupil(eve_client, dave_client, bob_client, visitor,
                                             robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    for client in (eve_client, dave_client, bob_client):
        for name in ("pupil_data", "pupil_delete"):
            assert client.get(_url(name, bob)).status_code in (404, 302)
        assert client.post(_url("pupil_delete", bob)).status_code in (404, 302)
    assert visitor.get(_url("pupil_data", bob)).status_code == 302
    assert Pupil.objects.filter(pk=bob.pk).exists()


def test_deleting_a_pupil_asks_first_and_says_what_will_go(alice_client, robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    page = alice_client.get(_url("pupil_delete", bob)).content.decode()
    assert "Delete Bob?" in page and "secret word" in page and "cannot be undone" in page
    assert Pupil.objects.filter(pk=bob.pk).exists()


def test_confirming_deletes_the_pupil_and_their_login(alice_client, robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    response = alice_client.post(_url("pupil_delete", bob), follow=True)
    assert response.redirect_chain[-1][0] == reverse("classroom", args=[bob.classroom_id])
    assert "Bob is deleted" in response.content.decode()
    assert not Pupil.objects.filter(pk=bob.pk).exists()
    assert not User.objects.filter(pk=bob.user_id).exists()


def test_the_class_page_links_each_pupils_data_and_delete(alice_client, robins_pupils) -> None:
    bob = robins_pupils["Bob"]
    page = alice_client.get(reverse("classroom", args=[bob.classroom_id])).content.decode()
    assert _url("pupil_data", bob) in page and _url("pupil_delete", bob) in page
    assert reverse("classroom_delete", args=[bob.classroom_id]) in page


def test_a_class_is_deleted_only_with_its_name_typed(alice_client, robins, robins_pupils
                                                      ) -> None:
    url = reverse("classroom_delete", args=[robins.pk])
    page = alice_client.get(url).content.decode()
    assert "2 pupils" in page and "Type the class's name" in page
    refused = alice_client.post(url, {"name": "Owls"})
    assert refused.status_code == 400 and Classroom.objects.filter(pk=robins.pk).exists()
    response = alice_client.post(url, {"name": "Robins"})
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")
    assert not Classroom.objects.filter(pk=robins.pk).exists()
    assert not Pupil.objects.exists()


def test_a_co_teacher_cannot_delete_the_class(eve, eve_client, robins) -> None:
    robins.co_teachers.add(eve)
    url = reverse("classroom_delete", args=[robins.pk])
    assert eve_client.get(url).status_code == 404
    assert eve_client.post(url, {"name": "Robins"}).status_code == 404
    assert Classroom.objects.filter(pk=robins.pk).exists()


def test_a_teacher_deletes_her_account_by_typing_her_address(alice_client, alice, robins,
                                                             robins_pupils) -> None:
    url = reverse("account_delete")
    assert "Robins" in alice_client.get(url).content.decode()
    assert alice_client.post(url, {"email": "eve@example.org"}).status_code == 400
    response = alice_client.post(url, {"email": "alice@example.org"})
    assert response.status_code == 302
    assert not User.objects.filter(pk=alice.pk).exists()
    assert not Pupil.objects.exists()
    # She is logged out: the dashboard sends her to the login page.
    assert alice_client.get(reverse("dashboard")).status_code == 302


def test_pupils_have_no_account_page_to_delete(bob_client) -> None:
    assert bob_client.get(reverse("account_delete")).status_code == 404
