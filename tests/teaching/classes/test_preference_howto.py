"""Preference's "How to play" page (templates/games/preference/howto/index.html): the
auction's numbers, the talon, dropping out, the scoresheet, in a pupil's words; a class on
Preference links to it, and the class page offers Preference with its options."""

from __future__ import annotations

import pytest
from django.test import Client

from games.preference.rules import PreferenceRules
from games.registry import game_entry
from teaching.classes.games import howto_page_for
from teaching.models import Classroom, User

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


def test_the_class_page_offers_preference_and_its_start_and_refa_options(
        alice_client: Client, robins: Classroom, alice: User) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text
    assert "preference:short" in text and "preference:standard" in text

    response = alice_client.post(f"/classes/{robins.pk}/game/",
                                 {"choice": "preference:standard"}, follow=True)
    assert response.status_code == 200
    robins.refresh_from_db()
    assert (robins.game, robins.options) == ("preference", {"start": 60, "refa_max": 2})

    text = alice_client.get(f"/classes/{robins.pk}/").text
    assert 'name="option_start"' in text and "Starting score" in text
    assert 'name="option_refa_max"' in text and "Most refas in a game" in text
    # Start from 80 with one refa at most (each option is posted as its choice's index).
    starts = [value for value, _ in game_entry("preference").options[0].choices]
    refas = [value for value, _ in game_entry("preference").options[1].choices]
    alice_client.post(f"/classes/{robins.pk}/options/",
                      {"option_start": str(starts.index(80)),
                       "option_refa_max": str(refas.index(1)),
                       "option_refa_under_hat": "0"}, follow=True)
    robins.refresh_from_db()
    assert robins.options == {"start": 80, "refa_max": 1, "refa_under_hat": "none"}


def test_the_teacher_sets_the_refa_options_and_an_old_option_set_still_loads(
        alice_client: Client, robins: Classroom) -> None:
    """The refa maximum that follows the start ("Starting from 60, a maximum of two refas
    are allowed. Starting from 40, just one") is the first choice and the default; the
    hat's refa reading is an option beside it (docs/decisions/0750, 0751). A class saved
    before them, with its number of refas and no hat option, opens with those chosen."""
    entry = game_entry("preference")
    refa_max, under_hat = entry.options[1], entry.options[2]
    assert (refa_max.default, refa_max.choices[0][0]) == ("by start", "by start")
    assert "two from 60 up, one below" in refa_max.choices[0][1]
    assert (under_hat.key, under_hat.default) == ("refa_under_hat", "none")

    robins.game, robins.options = "preference", {"start": 60, "refa_max": 2}
    robins.save()
    text = alice_client.get(f"/classes/{robins.pk}/").text
    assert 'name="option_refa_under_hat"' in text
    assert "Everyone passes while a player is under the hat" in text
    assert find_game_rules(robins.options).most_refas == 2

    alice_client.post(f"/classes/{robins.pk}/options/",
                      {"option_start": "0", "option_refa_max": "0",
                       "option_refa_under_hat": "1"}, follow=True)
    robins.refresh_from_db()
    assert robins.options == {"start": 30, "refa_max": "by start", "refa_under_hat": "others"}
    rules = find_game_rules(robins.options)
    assert (rules.most_refas, rules.refa_under_hat) == (1, "others")


def find_game_rules(options: dict[str, object]) -> PreferenceRules:
    return PreferenceRules.from_options(**options)


def test_the_page_ends_with_every_word_the_table_explains(visitor: Client) -> None:
    from html import escape

    text = visitor.get("/games/preference/").text

    glossary = text[text.index("The game's words"):]
    for word, says in game_entry("preference").terms.items():
        assert f"<dt>{word[0].upper()}{word[1:]}</dt><dd>{escape(says)}</dd>" in glossary, word
