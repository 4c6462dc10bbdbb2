"""Piquet's "How to play" page (templates/games/piquet/howto/index.html): the talon, the
exchange, the declarations, the tricks, pique and repique, the partie sheet and the rubicon
in a pupil's words; a class on Piquet finds it, and the class page offers Piquet."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.classes.games import howto_page_for
from teaching.models import Classroom

pytestmark = pytest.mark.django_db


def test_the_piquet_page_explains_each_part_of_a_deal(visitor: Client) -> None:
    response = visitor.get("/games/piquet/")

    assert response.status_code == 200
    text = response.text
    assert "<h1>How to play Piquet</h1>" in text
    for words in ("The pack has 32 cards", "<strong>talon</strong>", "<strong>elder</strong>",
                  "<strong>carte blanche</strong>", "<strong>\"Not good\"</strong>",
                  "<strong>sinking</strong>", "<strong>capot</strong>",
                  "<strong>Repique</strong>", "<strong>Pique</strong>",
                  "<strong>rubiconed</strong>", "<strong>partie sheet</strong>"):
        assert words in text, words


def test_a_class_on_piquet_finds_its_page() -> None:
    assert howto_page_for("piquet", {}) == "index"
    assert howto_page_for("piquet", {"counting": "classical"}) == "index"


def test_the_class_page_offers_piquet(alice_client: Client, robins: Classroom) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text
    assert "piquet:text" in text and "piquet:classical" in text

    response = alice_client.post(f"/classes/{robins.pk}/game/", {"choice": "piquet:classical"},
                                 follow=True)
    assert response.status_code == 200
    robins.refresh_from_db()
    assert robins.game == "piquet" and robins.options.get("counting") == "classical"
