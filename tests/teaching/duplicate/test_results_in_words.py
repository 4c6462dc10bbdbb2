"""Travellers, score cards, the CSV and the result confirmation say a result in the
game's own words, hand records give the game's own par and reuse the double-dummy
table the pupils already saw, and an IMP session's PBN names its IMP columns
(decision 0430). Alice runs the sessions; Bob types a result in, Hal confirms it."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.bridge import pbn
from games.deals import Deal
from games.seats import Side
from teaching.duplicate import selectors as sel
from teaching.duplicate import services as dup
from teaching.duplicate.rows import board_dd_table
from teaching.models import BoardPlay, DuplicateSession, Hand
from teaching.runtime import analysis_process
from teaching.tables.analysis import hand_analyse
from tests.teaching.duplicate_helpers import create, play_out_table

pytestmark = pytest.mark.django_db

#: The engine's compact result, "3NTN+1": what no page, card or file may show.
COMPACT = re.compile(r"\b[1-7](NT|[SHDC])[NESW]([+-]\d+|=)")


def _declarer(session: DuplicateSession, board: int) -> str:
    deal = Deal.from_data(session.boards.get(number=board).deal)
    side = Side.NS if deal.side_hcp(Side.NS) > deal.side_hcp(Side.EW) else Side.EW
    return max(side.seats, key=lambda s: (deal.hcp(s), -((s.index - deal.dealer.index) % 4))
               ).value


def _typed_in(robins, alice, eight_robins, **changes) -> tuple[DuplicateSession, BoardPlay]:
    """Bob types in game in no-trumps with ten tricks on board 1; Hal confirms it."""
    session = create(robins, alice, eight_robins, mode="face", **changes)
    dup.round_start(session=session, by=alice)
    play = dup.result_enter(session=session, user=eight_robins[0].user,
                            typed=dup.TypedResult(1, _declarer(session, 1), "3NT", "10"))
    return session, play


def test_the_confirmation_says_the_result_in_minibridge_words(bob_client, robins, alice,
                                                              eight_robins):
    session, play = _typed_in(robins, alice, eight_robins)
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[play.declarer]
    hal = Client()
    hal.force_login(eight_robins[4].user)
    for client in (bob_client, hal):
        page = client.get(reverse("duplicate_pupil", args=[session.id])).content.decode()
        assert f"No-trumps, game, by {seat}: 10 tricks, +430." in page
        assert not COMPACT.search(page), COMPACT.search(page)


def test_travellers_score_cards_and_the_csv_use_minibridge_words(alice_client, robins, alice,
                                                                 eight_robins):
    session, play = _typed_in(robins, alice, eight_robins)
    dup.result_confirm(play=play, user=eight_robins[4].user)
    results = sel.results(session)
    [row] = results.travellers[1]
    assert row.contract == "No-trumps, game" and row.tricks == 10
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[play.declarer]
    cards = [c for lines in results.cards.values() for c in lines]
    assert {c["contract"] for c in cards} == {f"No-trumps, game, by {seat}: 10 tricks"}
    page = alice_client.get(reverse("duplicate_results", args=[session.id])).content.decode()
    assert "No-trumps, game" in page and not COMPACT.search(page)
    text = alice_client.get(reverse("duplicate_export", args=[session.id, "csv"])
                            ).content.decode()
    [line] = [r for r in csv.DictReader(io.StringIO(text.split("\n\n")[0])) if r["board"]]
    assert line["contract"] == "No-trumps, game" and line["tricks"] == "10"
    assert not COMPACT.search(text)


@pytest.mark.parametrize("method,columns", [("imps", ("IMP_NS", "IMP_EW")),
                                            ("matchpoints", ("MP_NS", "MP_EW"))])
def test_the_pbn_export_names_the_points_columns_by_the_method(
        alice_client, robins, alice, eight_robins, method: str, columns: tuple[str, str]):
    session, play = _typed_in(robins, alice, eight_robins, method=method)
    dup.result_confirm(play=play, user=eight_robins[4].user)
    text = alice_client.get(reverse("duplicate_export", args=[session.id, "pbn"])
                            ).content.decode()
    [game] = [g for g in pbn.loads(text) if "ScoreTable" in g.tags]
    names = game.table("ScoreTable").names
    assert names[-2:] == columns
    assert '"3NT"' in "\n".join(game.sections["ScoreTable"])  # PBN's own Contract column


def test_the_hand_record_gives_minibridge_par_without_doubles(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    assert dup.hand_records_compute(session_id=session.id) == 4
    for board in session.boards.all():
        record = sel.hand_record(board)
        assert record.par and record.par[0].startswith("Par: ")
        assert "X" not in " ".join(record.par) and not COMPACT.search(" ".join(record.par))


def test_a_board_whose_table_the_pupils_saw_shows_it_without_working_it_out(
        alice_client, robins, alice, eight_robins, monkeypatch):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    sitting = session.sittings.get(round=1, table_number=1)
    play_out_table(sitting, alice)
    dup.session_sync(session=session)
    # The hands' summaries showed their double-dummy tables to the players.
    for hand in Hand.objects.filter(table=sitting.table, finished__isnull=False):
        assert hand_analyse(hand_id=hand.id) is not None
    played = sorted(session.plays.filter(hand__isnull=False).values_list("board__number",
                                                                         flat=True))
    assert played
    number = played[0]
    board = session.boards.get(number=number)
    assert board.record is None
    record = sel.hand_record(board)
    assert record.makeable is not None and record.par
    page = alice_client.get(reverse("duplicate_board", args=[session.id, number])
                            ).content.decode()
    assert "not worked out yet" not in page and "Par: " in page
    # Working out the records takes the table already seen instead of solving again.
    seen = board_dd_table(board)

    def no_solving(*args, **kwargs):
        raise AssertionError("solved a board whose table was already known")

    monkeypatch.setattr(analysis_process, "solve_here", no_solving)
    session.boards.exclude(number__in=played).update(record={"dd": seen})
    assert dup.hand_records_compute(session_id=session.id) == len(played)
    board.refresh_from_db()
    assert board.record == {"dd": seen}


def test_options_the_game_does_not_take_leave_the_result_as_it_is():
    from teaching.classes.result_words import contract_words, par_lines, result_words

    assert result_words("minibridge", {"lesson": 9}, "3NTN+1") == "3NTN+1"
    assert contract_words("minibridge", {"colour": "red"}, "3NTN+1") == "3NTN+1"
    assert par_lines("minibridge", {"lesson": 9}, Deal.from_pbn(
        "N:QJ4.A54.A54.AT54 T98.QJT.KJ9.J987 AK32.K32.Q32.Q32 765.9876.T876.K6"),
        {"N": {"NT": 7}}) == ()
    assert result_words("no-such-game", {}, "3NTN+1") == "3NTN+1"
