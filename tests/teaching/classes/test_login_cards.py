"""The printable login cards: class code, name, secret, the site address and how to log in."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User

pytestmark = pytest.mark.django_db


def _cards(text: str) -> list[str]:
    return re.findall(r'<article class="login-card".*?</article>', text, re.S)


def test_every_active_pupil_has_a_card_with_everything_needed_to_log_in(
    alice_client: Client, robins: Classroom, bob: Pupil, carol: Pupil
) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/cards/").text

    cards = _cards(text)
    assert len(cards) == 2
    for card, pupil in zip(cards, (bob, carol), strict=True):
        assert f'<p class="card-name">{pupil.name}</p>' in card
        assert f'<dd class="card-code">{robins.code}</dd>' in card
        assert f'<dd class="card-secret">{pupil.secret}</dd>' in card
        assert "http://testserver/join/" in card
        assert "type the class code, tap your name, then type your secret word" in card


def test_cards_come_eight_to_a_page(alice_client: Client, alice: User, robins: Classroom) -> None:
    classes.pupils_create(classroom=robins, names=[f"Pupil {n:02}" for n in range(19)],
                          by=alice)

    text = alice_client.get(f"/classes/{robins.pk}/cards/").text

    sheets = text.split('<div class="card-sheet">')[1:]
    assert [len(_cards(sheet)) for sheet in sheets] == [8, 8, 3]


def test_the_print_style_fits_eight_cards_to_an_a4_page_with_cut_lines() -> None:
    css = open(finders.find("css/accounts.css"), encoding="utf-8").read()  # noqa: SIM115

    assert "size: A4" in css
    assert "grid-template-columns: 95mm 95mm" in css
    assert "grid-auto-rows: 69mm" in css
    assert "dashed" in css
    assert "break-after: page" in css


def test_one_pupils_card_can_be_printed_alone(alice_client: Client, robins: Classroom,
                                              bob: Pupil, carol: Pupil) -> None:
    cards = _cards(alice_client.get(f"/classes/{robins.pk}/cards/?pupil={carol.pk}").text)

    assert len(cards) == 1
    assert carol.secret in cards[0]


def test_a_card_never_shows_another_class_pupil(alice_client: Client, robins: Classroom,
                                                bob: Pupil, dave: Pupil) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/cards/?pupil={dave.pk}").text

    assert _cards(text) == []
    assert dave.secret not in text
    assert alice_client.get(f"/classes/{robins.pk}/cards/?pupil=abc").status_code == 404


def test_archived_pupils_get_no_card(alice_client: Client, alice: User, robins: Classroom,
                                     bob: Pupil, carol: Pupil) -> None:
    classes.pupil_archive(pupil=bob, by=alice)

    text = alice_client.get(f"/classes/{robins.pk}/cards/").text

    assert len(_cards(text)) == 1
    assert bob.secret not in text


def test_a_class_without_pupils_says_to_add_them_first(alice_client: Client,
                                                       robins: Classroom) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/cards/").text

    assert "No pupils yet, so no cards." in text
    assert "data-print" not in text  # no Print button
