"""The trick log's words: a trick reads "North Q♥, East 10♥, ..." won by "South", never
the view's codes ("N HQ"), for the teacher's watch page and any page listing tricks."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from games.seats import Seat
from teaching.tables.selectors import open_view
from teaching.tables.services.robots import robot_act
from teaching.tables.trick_words import trick_line, trick_winner

TRICK = {"leader": "N", "winner": "S",
         "cards": [{"seat": "N", "card": "HQ"}, {"seat": "E", "card": "HT"},
                   {"seat": "S", "card": "HA"}, {"seat": "W", "card": "H2"}]}


def test_a_trick_reads_in_seat_words_and_short_cards():
    assert trick_line(TRICK) == "North Q♥, East 10♥, South A♥, West 2♥"
    assert trick_winner(TRICK) == "South"


def test_the_django_filters_say_the_same_on_a_page():
    html = Template("{% load table_tags %}{{ t|trick_line }} / {{ t|trick_winner }}").render(
        Context({"t": TRICK}))
    assert html == "North Q♥, East 10♥, South A♥, West 2♥ / South"


def test_nothing_or_a_strange_code_never_breaks_the_page():
    assert trick_line(None) == "" and trick_winner({"cards": []}) == ""
    assert trick_line({"cards": [{"seat": "X", "card": "??"}]}) == "X ??"


@pytest.mark.django_db
def test_the_tricks_a_real_minibridge_table_played_read_in_words(robins, bob):
    from tests.teaching.table_helpers import deal_one_that_is_played, seat_table

    table = seat_table(robins, {Seat.SOUTH: bob})
    deal_one_that_is_played(table)
    table.seats.update(pupil=None)
    # The teacher watches mid-hand: a few tricks are played.
    for _ in range(20):
        robot_act(table_id=table.id)
    tricks = open_view(table=table).view.tricks  # what the watch page's trick log lists
    assert tricks
    line = trick_line(tricks[0])
    assert len(line.split(", ")) == 4
    for part, played in zip(line.split(", "), tricks[0]["cards"], strict=True):
        seat, card = part.split(" ")
        assert seat == Seat.from_str(played["seat"]).word
        assert card[-1] in "♠♥♦♣" and played["card"] not in part
