"""Every PBN file the engine writes is read by another program's PBN reader.

Issue 28: "test that endplay reads every PBN the project writes (MiniBridge
lessons and variants, three-handed, duplicate exports, the Top Game)". Each file
is written by the project's own writers (the command lines, the Top Game's
record), then parsed with ``endplay.parsers.pbn``; the deals endplay reads must
be ours, board by board, and so must the number of cards played. The duplicate
export is tested beside its view (tests/teaching/duplicate/test_views.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from games.bridge import pbn
from games.cli import main
from games.deals import Deal
from games.seats import Seat
from games.topgame.cli import play_matches
from games.topgame.record import hand_record, hands_from_pbn, pbn_games, run_record
from games.topgame.rules import TopGameRules
from tests.games.topgame.helpers import COUNTED, hand, play_out

BOARD_SETS = Path(__file__).resolve().parents[2] / "fixtures" / "boards"

MINIBRIDGE = [("1", None), ("2", None), ("3", None), ("4", None), ("5", None), ("6", None),
              ("5", "target"), ("6", "slam"), ("5", "three-simple"), ("6", "three-normal")]


def assert_endplay_reads_our_deals(text: str) -> None:
    ours = pbn.loads(text)
    boards = endplay_pbn.loads(text)
    assert len(boards) == len(ours)
    for board, game in zip(boards, ours, strict=True):
        assert board.board_num == game.board()
        assert Deal.from_pbn(board.deal.to_pbn()).hands == game.deal().hands
        cards = len(game.play(trumps=None)[1]) if "Play" in game.tags else 0
        assert len(board.play) == cards


@pytest.mark.parametrize(("lesson", "variant"), MINIBRIDGE)
def test_endplay_reads_the_minibridge_pbn_of_every_lesson_and_variant(
        lesson: str, variant: str | None, tmp_path: Path) -> None:
    path = tmp_path / "deals.pbn"
    args = ["play", "minibridge", "--lesson", lesson, "--deals", "2", "--seed", "3",
            "--pbn", str(path)]
    assert main(args + (["--variant", variant] if variant else [])) == 0
    assert_endplay_reads_our_deals(path.read_text(encoding="utf-8"))


def test_endplay_reads_the_top_games_pbn() -> None:
    """"The Top Game's PBN is not PBN: the action log written as free lines after a
    [TopGameActions] tag stops PBN readers"."""
    rules = TopGameRules()
    levels = {"A": "beginner", "B": "beginner", "C": "beginner"}
    record = run_record(rules, seed="5", robots=levels,
                        hands=play_matches(rules, "5", 1, levels))
    text = pbn.dumps(pbn_games(record))
    assert_endplay_reads_our_deals(text)
    table = endplay_pbn.loads(text)[0].info["TopGameActionTable"]
    assert [c if isinstance(c, str) else c["name"] for c in table["headers"]] == [
        "Seat", "Action", "Argument"]
    assert len(table["rows"]) == len(record["hands"][0]["actions"])


def test_endplay_reads_a_top_game_hand_above_seven_levels() -> None:
    """"In the (very rare) cases when the pn is more than 10 the resulting contract may
    be impossible (like 8 sp). These contracts are played": PBN cannot write 8S, so
    the Contract tag is "?" and the play is in the action table only."""
    rules = TopGameRules()
    game = play_out(hand(["N bid 5", "E bid 11", "W pass", "W ask", "E keep", "E contract 8S"],
                         deal=COUNTED))
    assert game.result()["contract"] == "8S"
    seats = {"A": Seat.NORTH.value, "B": Seat.EAST.value, "C": Seat.WEST.value}
    record = run_record(rules, seed="", robots={}, hands=[
        hand_record(game, table_hand=1, match=1, hand=1, seats=seats)])
    written = pbn_games(record)[0]
    assert written.tags["Contract"] == "?" and "Play" not in written.tags
    text = pbn.dumps([written])
    assert_endplay_reads_our_deals(text)
    assert hands_from_pbn(pbn.loads(text))[1][0]["actions"] == record["hands"][0]["actions"]


@pytest.mark.parametrize("path", sorted(BOARD_SETS.glob("*.pbn")), ids=lambda p: p.name)
def test_endplay_reads_the_board_sets(path: Path) -> None:
    """The board sets scripts/make_board_sets.py writes for duplicate sessions."""
    assert_endplay_reads_our_deals(path.read_text(encoding="utf-8"))
