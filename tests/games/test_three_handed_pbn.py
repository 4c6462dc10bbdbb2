"""Three-handed MiniBridge in PBN: the Deal is the deal as played, so a plain PBN
reader (endplay's) replays every card; the deal as dealt is our MiniBridgeDealt
tag, from which ``check --lesson`` replays the announcements (decision 0431)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from games.bridge import pbn
from games.cli import main

THREE_HANDED = ("three-simple", "three-normal")


def written(tmp_path: Path, variant: str, deals: int = 16, seed: int = 3) -> Path:
    path = tmp_path / f"{variant}.pbn"
    assert main(["play", "minibridge", "--lesson", "5", "--variant", variant,
                 "--deals", str(deals), "--seed", str(seed), "--pbn", str(path)]) == 0
    return path


def replay_in_endplay(board: object) -> tuple[int, int]:
    """Play the board's cards on endplay's deal, each one from the hand of the
    player whose turn it is and following suit when it can; ``(declaring side's
    tricks, tricks played)``."""
    deal, contract = board.deal, board.contract  # type: ignore[attr-defined]
    deal.first, deal.trump = contract.declarer.lho, contract.denom
    declaring = {contract.declarer, contract.declarer.partner}
    won = played = 0
    for card in board.play:  # type: ignore[attr-defined]
        hand, trick = deal.curhand, deal.curtrick
        assert card in hand, f"{card} is not in {deal.curplayer}'s hand"
        if trick and card.suit != trick[0].suit:
            assert not any(c.suit == trick[0].suit for c in hand), \
                f"{deal.curplayer} did not follow suit with {card}"
        completes = len(trick) == 3
        deal.play(card)
        if completes:
            played += 1
            won += deal.first in declaring
    return won, played


@pytest.mark.parametrize("variant", THREE_HANDED)
def test_endplay_replays_every_three_handed_deal_to_its_result(tmp_path: Path,
                                                               variant: str) -> None:
    path = written(tmp_path, variant)
    ours = pbn.loads(path.read_text())
    boards = endplay_pbn.load(io.StringIO(path.read_text()))
    assert len(boards) == len(ours) == 16
    moved = 0
    for game, board in zip(ours, boards, strict=True):
        moved += game.tags["Deal"] != game.tags["MiniBridgeDealt"]
        result = int(game.tags["Result"])
        won, played = replay_in_endplay(board)
        if played == 13:
            assert won == result, game.tags["Board"]
        else:  # claimed: the rest of the tricks went as claimed
            assert won <= result <= won + 13 - played, game.tags["Board"]
    if variant == "three-normal":
        # Some dealer held fewer points than the dummy and exchanged hands with it.
        assert moved


@pytest.mark.parametrize("variant", THREE_HANDED)
def test_both_checks_accept_the_three_handed_deals(tmp_path: Path, variant: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, variant)
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    assert main(["check", str(path), "--lesson", "5", "--variant", variant]) == 0, \
        capsys.readouterr().out


def test_the_lesson_check_reports_a_deal_written_as_dealt(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = pbn.loads(written(tmp_path, "three-normal").read_text())
    moved = [g for g in games if g.tags["Deal"] != g.tags["MiniBridgeDealt"]]
    game = moved[0]
    game.tags["Deal"] = game.tags["MiniBridgeDealt"]  # the old way: the Deal as dealt
    path = tmp_path / "as-dealt.pbn"
    path.write_text(pbn.dumps([game]))
    capsys.readouterr()
    assert main(["check", str(path), "--lesson", "5", "--variant", "three-normal"]) == 1
    assert "cards dealt elsewhere" in capsys.readouterr().out
