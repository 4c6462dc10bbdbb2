"""A class on the Top Game: the class page offers it (the description announced or typed by
the informer), a class on it finds its how-to page, and its pupils are seated three to a
table with robots filling."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.classes.games import howto_page_for
from teaching.models import Classroom

pytestmark = pytest.mark.django_db


def test_the_class_page_offers_the_top_game_with_the_informer_typing(
        alice_client: Client, robins: Classroom) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text
    assert "topgame:announced" in text and "topgame:typed" in text

    response = alice_client.post(f"/classes/{robins.pk}/game/", {"choice": "topgame:typed"},
                                 follow=True)

    assert response.status_code == 200
    robins.refresh_from_db()
    assert robins.game == "topgame" and robins.options.get("informer") == "typed"


def test_a_class_on_the_top_game_finds_its_page() -> None:
    assert howto_page_for("topgame", {}) == "index"
    assert howto_page_for("topgame", {"informer": "typed"}) == "index"
