"""Two-handed Spades' "How to play" page (templates/games/spades2/howto/index.html): the
deal both ways, the bid, the tricks and broken spades, the score, in a pupil's words, with
the game's words explained in a glossary; a class on Spades finds it."""

from __future__ import annotations

import pytest
from django.test import Client

from games.spades2 import ENTRY
from teaching.classes.games import howto_page_for

pytestmark = pytest.mark.django_db


def test_the_spades_page_explains_each_part_of_a_hand(visitor: Client) -> None:
    response = visitor.get("/games/spades2/")

    assert response.status_code == 200
    text = response.text
    assert "<h1>How to play Two-handed Spades</h1>" in text
    for words in ("The pack has 52 cards", "<strong>Card selection</strong>",
                  "<strong>bids</strong>", "<strong>broken</strong>", "<strong>set</strong>",
                  "Bid 4 and win 6: 42 points", "<strong>game limit</strong>"):
        assert words in text, words


def test_the_spades_page_has_a_glossary_of_the_game_s_words(visitor: Client) -> None:
    text = visitor.get("/games/spades2/").text
    assert "Words of the game" in text
    for word, says in ENTRY.terms.items():
        assert f"<dt>{word[0].upper()}{word[1:]}</dt><dd>{says}</dd>" in text, word


def test_the_piquet_page_has_its_glossary_too(visitor: Client) -> None:
    text = visitor.get("/games/piquet/").text
    assert "Words of the game" in text
    assert "<dt>Talon</dt>" in text and "<dt>Rubicon</dt>" in text


def test_a_class_on_spades_finds_its_page() -> None:
    assert howto_page_for("spades2", {}) == "index"
    assert howto_page_for("spades2", {"nil": True, "deal_method": "selection"}) == "index"
