"""What the site asks a game's registry entry about its coach (issue 29): an idea's words
for the teacher's page, and which variant is the lesson a hint names."""

from __future__ import annotations

import importlib

from games.registry import catalogue, game_entry


def test_an_idea_reads_as_its_words():
    entry = game_entry("minibridge")
    assert entry.coach_idea_title("second-hand-low") == "second hand low"
    assert entry.coach_idea_title("no-such-idea") == "no such idea"


def test_every_idea_of_every_coach_has_words():
    for entry in catalogue():
        if entry.coach is None:
            continue
        ideas = importlib.import_module(entry.coach).IDEAS_BY_KEY
        assert ideas, f"{entry.name}: its coach module names no idea by its key"
        for key in ideas:
            assert entry.coach_idea_title(key).strip()


def test_a_lesson_is_the_variant_of_that_lesson_alone():
    entry = game_entry("minibridge")
    assert entry.lesson_variant(3).key == "lesson-3"
    assert entry.lesson_variant(None) is None
    assert entry.lesson_variant(99) is None
    assert game_entry("piquet").lesson_variant(1) is None
