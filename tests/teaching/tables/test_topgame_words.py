"""The Top Game's table in words: contracts said as a teacher says them, every player
named by name and part in the hand, the moved player told, each pupil at the bottom."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from games.registry import game_entry
from games.seats import Seat
from teaching.models import Pupil, Table
from teaching.tables import selectors
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from tests.teaching.table_helpers import seat_table
from tests.teaching.tables import test_topgame_table as table_tests

pytestmark = pytest.mark.django_db
S, _frame, _pupil_at = table_tests.S, table_tests._frame, table_tests._pupil_at
#: Bob, Carol and Dora at South, West and East (the Top Game tables' own fixture).
three = table_tests.three


def _status(page: str) -> str:
    found = re.search(r"data-status[^>]*>(.*?)</p>", page, re.S)
    assert found, "no status line"
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def _doubling_hands(table: Table, pupils: dict[Seat, Pupil], check) -> None:
    """Hands played by the robot's choices, except that every double and redouble the
    rules allow is made; ``check(game)`` before each action, until it returns True."""
    from teaching.tables.services.dealing import hand_next

    robot = game_entry("topgame").robot("beginner")
    for number in range(1, 13):
        rng = random.Random(number)
        while not (game := hand_state(current_hand(table))).is_over():
            if check(game):
                return
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = next((a for a in ("double", "redouble") if a in legal),
                          robot.choose(game.view(seat), rng))
            hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat, text=action,
                     version=game.version)
        hand_next(table=table, after=current_hand(table).number, by=pupils[S].user)
    pytest.fail("no hand in twelve came to the moment")


def test_a_doubled_contract_reads_in_words_and_never_as_x(three) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    seen = []

    def redoubled_in_play(game) -> bool:
        if game.phase == "answer":
            page = _frame(table, game.declarer)
            assert re.search(r"[A-Z][a-z]+ (clubs|diamonds|hearts|spades|no trumps) is "
                             r"doubled: pass", page), "the answer's prompt in words"
            assert " doubles</li>" in page  # the leader's call, in words
        if game.phase == "play" and game.contract.doubled == 2:
            seen.extend(_frame(table, seat) for seat in game.players())
            return True
        return False

    _doubling_hands(table, three, redoubled_in_play)
    for page in seen:
        # As the browser reads it: the middle dot comes as a character reference.
        fact = unescape(re.search(r'class="contract">(.*?)</dd>', page, re.S).group(1))
        assert fact.split(" · ")[0].endswith(", redoubled") and "X" not in fact, fact
        assert re.search(r"(one|two|three|four|five|six|seven) (clubs|diamonds|hearts|spades|"
                         r"no trumps), redoubled", fact)


def test_the_opening_leader_is_told_it_is_his_lead_and_the_others_who_leads(three) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    pages = {}

    def opening_lead(game) -> bool:
        if game.phase == "play" and not game.play.tricks and not game.play.current.cards:
            pages.update({seat: _frame(table, seat) for seat in game.players()})
            pages["leader"] = game.leader
            return True
        return False

    _doubling_hands(table, three, opening_lead)
    leader = pages.pop("leader")
    assert _status(pages[leader]).startswith("Your lead: you are the opening leader.")
    name = _pupil_at(table, leader).name
    for seat, page in pages.items():
        if seat != leader:
            assert _status(page) == f"{name} (leader) to make the opening lead"


def test_a_moved_player_is_told_named_by_role_and_still_at_the_bottom(three) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    moments = []

    def moved_in_play(game) -> bool:
        moved = [p for p, place in game.control.items() if p != place]
        if game.phase == "play" and game.play.tricks and moved:
            moments.append((game, moved[0]))
            return True
        return False

    _doubling_hands(table, three, moved_in_play)
    game, mover = moments[0]
    line = next(s for s in game.story if s.startswith("The dummy is laid opposite"))
    actor = game.to_act()[0]
    role = {game.declarer: "declarer", game.leader: "leader",
            game.informer: "informer"}[actor]
    for seat in game.players():
        page = _frame(table, seat)
        assert line in page  # "...; East takes his cards to North", for every pupil
        tv = selectors.seat_view(table=table, seat=seat)
        assert tv.places["bottom"].is_viewer  # each pupil keeps the bottom of his screen
        assert tv.places["bottom"].seat == game.control[seat].value
        if seat != actor:
            status = _status(page)
            # One player named once, by name and part: never "North (Chloe)East".
            assert status in (f"{_pupil_at(table, actor).name} ({role}) to play",
                              f"{_pupil_at(table, actor).name} ({role}) to play from dummy")
    assert [t.seat for t in selectors.seat_view(table=table, seat=mover).turn] == [
        game.control[actor].value]


def test_the_how_to_page_has_a_glossary_of_the_games_words(client) -> None:
    from django.urls import reverse

    page = client.get(reverse("game_howto", args=["topgame"])).content.decode()
    glossary = page[page.index('id="glossary"'):]
    for word in ("Tops", "Informer", "Play number", "Dummy", "Strain"):
        assert f"<dt>{word}</dt>" in glossary
    assert "Your tops are your aces, kings and queens" in glossary


def test_the_tables_words_open_their_sentence(three) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    pages = []

    def at_contract(game) -> bool:
        if game.phase == "contract":
            pages.append(_frame(table, game.declarer))
            return True
        return False

    _doubling_hands(table, three, at_contract)
    page = pages[0]
    assert '<summary>informer</summary>' in page
    assert "The informer sits on declarer" in page  # its sentence, a tap away
    assert "<summary>Play number</summary>" in page
