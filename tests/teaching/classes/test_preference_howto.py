"""Preference's "How to play" page (templates/games/preference/howto/index.html): the
auction's numbers, the talon, dropping out, the scoresheet, in a pupil's words; a class on
Preference links to it."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.classes.games import howto_page_for

pytestmark = pytest.mark.django_db


def test_the_preference_page_explains_each_part_of_a_hand(visitor: Client) -> None:
    response = visitor.get("/games/preference/")

    assert response.status_code == 200
    text = response.text
    assert "<h1>How to play Preference</h1>" in text
    for words in ("The pack has 32 cards", "<strong>talon</strong>", "<strong>\"same\"</strong>",
                  "<strong>refa</strong>", "<strong>drop out</strong>", "<strong>kontra</strong>",
                  "<strong>declarer column</strong>", "<strong>bula</strong>",
                  "<strong>hat</strong>", "final reckoning"):
        assert words in text, words


def test_a_class_on_preference_finds_its_page() -> None:
    assert howto_page_for("preference", {"start": 30}) == "index"
    assert howto_page_for("preference", {"start": 60, "refa_max": 2}) == "index"
