"""The six MiniLesson pages: each with its own objectives and what is new."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.classes.lessons import LESSONS, lesson_page

pytestmark = pytest.mark.django_db


def test_there_are_six_lessons_in_order_each_with_its_own_words() -> None:
    assert [lesson.number for lesson in LESSONS] == [1, 2, 3, 4, 5, 6]
    assert len({lesson.title for lesson in LESSONS}) == 6
    for lesson in LESSONS:
        assert lesson.objectives and lesson.new and lesson.goal and lesson.tip


@pytest.mark.parametrize(("number", "objective", "new"), [
    (1, "recognise the four suits;", "the highest card of the suit led wins the trick"),
    (2, "co-operate with your partner in the play;", "North with South, East with West"),
    (3, "count high-card points;", "an ace is 4, a king 3, a queen 2 and a jack 1"),
    (4, "understand the concept of a trump suit;", "If a trick is trumped more than once"),
    (5, "use the complete MiniBridge scoring;", "nine tricks in no trumps, ten in"),
    (6, "be able to play MiniBridge competently;", "Lead the highest card of a sequence"),
])
def test_each_lesson_page_shows_its_objectives_and_what_is_new(
    visitor: Client, number: int, objective: str, new: str
) -> None:
    response = visitor.get(f"/lessons/{number}/")

    assert response.status_code == 200
    assert f"MiniLesson {number}</span> {lesson_page(number).title}" in response.text
    assert objective in response.text
    assert new in response.text


def test_the_lesson_goals_follow_the_booklet() -> None:
    assert "seven tricks" in lesson_page(3).goal
    assert "50" in lesson_page(3).goal and "40" in lesson_page(3).goal
    assert "seven tricks" in lesson_page(4).goal
    assert "nine, ten or eleven" in lesson_page(5).goal


def test_lesson_pages_link_to_their_neighbours(visitor: Client) -> None:
    first, middle, last = (visitor.get(f"/lessons/{n}/").text for n in (1, 3, 6))

    assert 'rel="prev"' not in first and 'href="/lessons/2/" rel="next"' in first
    assert 'href="/lessons/2/" rel="prev"' in middle and 'href="/lessons/4/" rel="next"' in middle
    assert 'href="/lessons/5/" rel="prev"' in last and 'rel="next"' not in last


@pytest.mark.parametrize("number", [0, 7, 99])
def test_there_is_no_lesson_outside_1_to_6(visitor: Client, number: int) -> None:
    assert visitor.get(f"/lessons/{number}/").status_code == 404


def test_the_index_lists_all_six(visitor: Client) -> None:
    text = visitor.get("/lessons/").text

    for lesson in LESSONS:
        assert f'href="/lessons/{lesson.number}/"' in text
        assert lesson.summary in text


def test_pupils_and_teachers_reach_the_lesson_from_their_pages(
    bob_client: Client, alice_client: Client, robins, bob
) -> None:
    assert 'href="/lessons/3/"' in bob_client.get("/me/").text
    assert 'href="/lessons/3/"' in alice_client.get(f"/classes/{robins.pk}/").text
