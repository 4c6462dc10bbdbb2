"""The coach's reads (teaching.coach.selectors): the term, ideas in words, lesson links."""

from __future__ import annotations

import datetime

from teaching.coach.selectors import idea_title, lesson_link, term_start


def test_a_term_starts_on_the_first_of_september_january_or_april():
    assert term_start(datetime.date(2026, 12, 6)) == datetime.date(2026, 9, 1)
    assert term_start(datetime.date(2027, 2, 14)) == datetime.date(2027, 1, 1)
    assert term_start(datetime.date(2027, 4, 1)) == datetime.date(2027, 4, 1)
    assert term_start(datetime.date(2027, 8, 31)) == datetime.date(2027, 4, 1)


def test_an_idea_reads_as_words():
    assert idea_title("minibridge", "second-hand-low") == "second hand low"


def test_a_lesson_links_to_its_page_and_no_lesson_to_none(db):
    link = lesson_link("minibridge", 2)
    assert link is not None and link.url == "/games/minibridge/lesson-2/"
    assert link.title.startswith("MiniLesson Two")
    assert lesson_link("minibridge", None) is None
    assert lesson_link("piquet", 1) is None
