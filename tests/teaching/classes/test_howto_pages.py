"""Each game's own "how to play" pages (templates/games/<name>/howto/): MiniBridge's six
lesson pages, each with its objectives and what is new, found through the game's entry."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.minibridge.rules import LESSONS
from teaching.classes.games import howto_page_for, howto_template

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("number", "objective", "new"), [
    (1, "recognise the four suits;", "the highest card of the suit led wins the trick"),
    (2, "co-operate with your partner in the play;", "North with South, East with West"),
    (3, "count high-card points;", "an ace is 4, a king 3, a queen 2 and a jack 1"),
    (4, "understand the concept of a trump suit;", "If a trick is trumped more than once"),
    (5, "use the complete MiniBridge scoring;", "nine tricks in no trumps, ten in"),
    (6, "play MiniBridge competently;", "Lead the highest card of a sequence"),
])
def test_each_lesson_page_shows_its_objectives_and_what_is_new(
    visitor: Client, number: int, objective: str, new: str
) -> None:
    response = visitor.get(f"/games/minibridge/lesson-{number}/")

    assert response.status_code == 200
    assert f"<h1>{LESSONS[number].title}</h1>" in response.text.replace("&#x27;", "'")
    assert objective in response.text
    # What the reader reads, tags and line breaks aside: "you will be able to: play...".
    words = " ".join(re.sub(r"<[^>]+>", " ", response.text).split())
    assert "be able to: be able to" not in words
    assert new in response.text


def test_the_lesson_goals_follow_the_booklet(visitor: Client) -> None:
    three, four, five = (visitor.get(f"/games/minibridge/lesson-{n}/").text for n in (3, 4, 5))
    assert "seven tricks" in three and "plus 40 for each trick over six" in three
    assert "seven tricks" in four
    assert "nine, ten or" in five and "eleven for a game" in five


def test_lesson_pages_link_to_their_neighbours(visitor: Client) -> None:
    first, middle, last = (visitor.get(f"/games/minibridge/lesson-{n}/").text
                           for n in (1, 3, 6))

    assert 'rel="prev"' not in first
    assert 'href="/games/minibridge/lesson-2/" rel="next"' in first
    assert 'href="/games/minibridge/lesson-2/" rel="prev"' in middle
    assert 'href="/games/minibridge/lesson-4/" rel="next"' in middle
    assert 'href="/games/minibridge/lesson-5/" rel="prev"' in last and 'rel="next"' not in last


@pytest.mark.parametrize("path", ["/games/minibridge/lesson-7/", "/games/minibridge/lesson-0/",
                                  "/games/nosuchgame/", "/games/nosuchgame/index/"])
def test_there_is_no_page_a_game_does_not_have(visitor: Client, path: str) -> None:
    assert visitor.get(path).status_code == 404


def test_the_index_lists_all_six(visitor: Client) -> None:
    text = visitor.get("/games/minibridge/").text

    for number in range(1, 7):
        assert f'href="/games/minibridge/lesson-{number}/"' in text


def test_a_variant_with_a_page_of_its_own_links_to_it_and_others_to_the_index() -> None:
    assert howto_page_for("minibridge", {"lesson": 3}) == "lesson-3"
    assert howto_page_for("minibridge", {"lesson": 5, "variant": "target"}) == "index"
    assert howto_template("minibridge", "../secrets") is None


def test_pupils_and_teachers_reach_the_lesson_from_their_pages(
    bob_client: Client, alice_client: Client, robins, bob
) -> None:
    assert 'href="/games/minibridge/lesson-3/"' in bob_client.get("/me/").text
    assert 'href="/games/minibridge/lesson-3/"' in alice_client.get(f"/classes/{robins.pk}/").text


def test_a_lesson_has_one_title_on_the_home_page_the_index_and_its_own_page(
    visitor: Client
) -> None:
    home = visitor.get("/").text
    index = visitor.get("/games/minibridge/").text
    for number, rules in LESSONS.items():
        title = rules.title.replace("'", "&#x27;")
        page = visitor.get(f"/games/minibridge/lesson-{number}/").text
        assert f"<h1>{title}</h1>" in page
        assert f"<strong>{title}</strong>" in home
        assert f"<strong>{title}</strong>" in index


@pytest.mark.parametrize("length", [255, 300, 5000])
@pytest.mark.parametrize("game", ["minibridge", "piquet", "nosuchgame"])
def test_a_page_name_too_long_for_a_file_is_no_page(
    visitor: Client, game: str, length: int
) -> None:
    """A name longer than a file name may be (255 characters) is a page the game does not
    have, the normal "not found", never a server error."""
    name = ("lesson-" + "1" * length)[:length]

    assert visitor.get(f"/games/{game}/{name}/").status_code == 404
    assert visitor.get(f"/games/{name}/").status_code == 404
    assert visitor.get(f"/games/{name}/index/").status_code == 404


@pytest.mark.parametrize("page", ["index_", "Lesson-1", "lesson-1-", "lesson--1", "-",
                                  "lesson-1%2F..%2F..%2Fbase", "%C3%A9", "%00", "index.html",
                                  "lesson-1.html", "..", "con", "_" * 300])
def test_a_page_name_with_odd_characters_is_no_page(visitor: Client, page: str) -> None:
    assert visitor.get(f"/games/minibridge/{page}/").status_code == 404
    assert visitor.get(f"/games/{page}/").status_code == 404


def test_only_the_games_own_pages_are_known() -> None:
    assert howto_template("minibridge", "lesson-1") == "games/minibridge/howto/lesson-1.html"
    assert howto_template("minibridge", "lesson-" + "1" * 300) is None
    assert howto_template("minibridge" * 30) is None
    assert howto_template("nosuchgame") is None
