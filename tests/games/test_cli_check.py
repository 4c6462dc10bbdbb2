"""``python -m games check FILE.pbn``: every deal's play replayed and compared with its record."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bridge import pbn
from games.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pbn"

# South plays 1NT; West cashes four hearts, then South claims: 7 tricks is
# possible (0 so far, 9 to play), and 1NT making 7 scores 90.
CLAIMED = """[Event "Tuesday pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "S"]
[Contract "1NT"]
[Result "7"]
[Score "NS 90"]
[Play "W"]
HA H8 H5 H2
HK H9 H6 H3
HQ HT H7 H4
HJ C2 S8 C8
*
"""


def check(tmp_path: Path, text: str, *options: str) -> int:
    path = tmp_path / "board.pbn"
    path.write_text(text)
    return main(["check", str(path), *options])


def test_a_good_club_file_passes_with_one_line_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(FIXTURES / "club-night.pbn")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Board  1  3NT   S   9 tricks  NS +400  OK")
    assert "(play stops after 32 cards)  EW +420  OK" in lines[1]
    assert "passed out  OK" in lines[2]
    assert lines[-1] == "3 deals checked, none with a problem."


def test_a_play_that_stops_after_a_claim_with_a_possible_result_is_ok(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED) == 0
    assert "7 tricks (play stops after 16 cards)  NS +90  OK" in capsys.readouterr().out


def test_a_revoke_is_named_with_its_card_and_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # East discards a spade on the second heart while holding the six.
    assert check(tmp_path, CLAIMED.replace("HK H9 H6 H3", "HK H9 S9 H3")) == 1
    out = capsys.readouterr().out
    assert "WRONG: Trick 2: East played S9: You must follow suit: play a heart." in out
    assert out.endswith("1 deal checked, 1 with a problem.\n")


def test_a_card_the_player_does_not_hold_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED.replace("HJ C2 S8 C8", "HJ C2 S8 SA")) == 1
    assert "Trick 4: South played SA: SA is not in South's hand." in capsys.readouterr().out


def test_a_result_the_play_cannot_reach_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED.replace('[Result "7"]', '[Result "10"]')) == 1
    assert ("The Result says 10 tricks but declarer has 0 with 9 to play, so between 0 and 9."
            in capsys.readouterr().out)


def test_a_score_that_is_not_the_contracts_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED.replace('"NS 90"', '"NS 120"')) == 1
    assert ("The Score says NS +120 but 1NT by South with 7 tricks scores NS +90."
            in capsys.readouterr().out)


def test_the_opening_lead_must_come_from_declarers_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED.replace('[Declarer "S"]', '[Declarer "E"]')) == 1
    assert "The opening lead is South's (declarer's left), but the Play section starts with West." \
        in capsys.readouterr().out


def test_one_unknown_hand_is_the_rest_of_the_pack(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CLAIMED.replace("765.432.AKQJ.T98 432.AKQJ.T98.765", "765.432.AKQJ.T98 -")
    assert check(tmp_path, text) == 0
    two_unknown = CLAIMED.replace("765.432.AKQJ.T98 432.AKQJ.T98.765", "- -")
    assert check(tmp_path, two_unknown) == 1
    assert "does not show all four hands" in capsys.readouterr().out


def test_every_mistake_of_the_mistakes_fixture_is_found(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(FIXTURES / "mistakes.pbn")]) == 1
    out = capsys.readouterr().out
    assert "Trick 1: East played D2: You must follow suit: play a club." in out
    assert "The Result says 13 tricks but declarer has 7 with 5 to play" in out
    assert "The Score says NS +430 but 3NT by South with 9 tricks scores NS +400." in out


def test_a_refused_card_names_the_board_the_trick_the_card_and_the_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: "games check says which rule a refused record breaks, with the hand and
    the action"."""
    main(["check", str(FIXTURES / "mistakes.pbn")])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Board  1")
    assert lines[0].endswith('Trick 1: East played D2: You must follow suit: play a club. Rule: '
                             'Law 11, "Each other player in turn clockwise plays a card ... each '
                             'player must follow suit if possible."')
    assert lines[1].endswith('Rule: Law 11, "The trick is won by the highest trump if there is '
                             'one; otherwise by the highest card of the suit led."')


def test_a_file_that_cannot_be_read_exits_2_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, '[Event "x"]\n[Board "1\n') == 2
    assert capsys.readouterr().err.startswith("error: line 2: a tag is written")


def test_a_bad_tag_in_one_deal_is_that_deals_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED.replace('"1NT"', '"9NT"')) == 1
    assert "WRONG: line 7: Contract: a contract's level is 1 to 7, not 9" in capsys.readouterr().out


# -- MiniBridge lessons --------------------------------------------------------------------

def test_a_minibridge_lesson_file_passes_for_its_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(FIXTURES / "minibridge-lesson-5.pbn"), "--lesson", "5"]) == 0
    out = capsys.readouterr().out
    assert "Board  3  3NT   N   8 tricks  NS -50  OK" in out


def test_a_lesson_that_allows_only_no_trumps_refuses_hearts(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(FIXTURES / "minibridge-lesson-5.pbn"), "--lesson", "3"]) == 1
    out = capsys.readouterr().out
    assert "In this lesson every contract is in no-trumps." in out
    assert "Declarer's goal is 7 tricks, so the Contract is written 1NT, not 3NT." in out


def test_the_target_variant_writes_the_target_less_six_as_the_level(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "minibridge-lesson-5.pbn")
    assert main(["check", path, "--lesson", "5", "--variant", "target"]) == 1
    out = capsys.readouterr().out.splitlines()
    # North-South hold 27 points on board 1 (target 10), 22 on board 2 (target 7).
    assert out[0].endswith("Declarer's goal is 10 tricks, so the Contract is written 4NT, not 3NT.")
    # Board 2's contract is right, but its Score is Law 16's, not the target variant's.
    assert out[1].endswith("The Score says NS +110 but 8 tricks reaches the target of 7, so "
                           "the deal scores NS +1 (1 a win, -1 a loss).")


def test_a_declarer_that_law_7_does_not_appoint_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [first, *_] = pbn.loads((FIXTURES / "minibridge-lesson-5.pbn").read_text())
    first.tags["Declarer"] = "N"
    assert check(tmp_path, pbn.dumps([first]), "--lesson", "5") == 1
    assert "The Declarer is North, but Law 7 makes South declarer" in capsys.readouterr().out


def test_a_wrong_point_count_and_a_lesson_score_are_caught(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [first, *_] = pbn.loads((FIXTURES / "minibridge-lesson-5.pbn").read_text())
    first.tags["MiniBridgeHCP"] = "N:11 E:6 S:16 W:7"
    assert check(tmp_path, pbn.dumps([first]), "--lesson", "5") == 1
    out = capsys.readouterr().out
    assert "MiniBridgeHCP gives North 11 points, but the hand holds 10." in out
    first.tags["MiniBridgeHCP"] = "N:10 E:6 S:17 W:7"
    first.tags["Score"] = "NS 630"
    assert check(tmp_path, pbn.dumps([first]), "--lesson", "5") == 1
    assert ("The Score says NS +630 but game in no-trumps with 10 tricks scores NS +430"
            in capsys.readouterr().out)


def test_a_twenty_twenty_deal_is_not_played_in_minibridge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED, "--lesson", "5") == 1
    assert "This deal is not played:" in capsys.readouterr().out


def test_variant_needs_a_lesson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, CLAIMED, "--variant", "target") == 2
    assert "--variant goes with --lesson" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["club-night.pbn", "minibridge-lesson-5.pbn", "mistakes.pbn"])
def test_the_fixtures_read_and_write_back(name: str) -> None:
    with (FIXTURES / name).open("rb") as handle:
        games = pbn.load(handle)
    assert len(games) == 3
    assert pbn.loads(pbn.dumps(games)) == games


@pytest.mark.parametrize("variant", [None, "three-normal"])
def test_a_minibridge_file_dealt_from_another_seed_than_it_names_is_refused(
        variant, tmp_path, capsys):
    """Issue 28: "where a record names its seed, games check deals every hand again
    from it and refuses a record whose cards differ": the deals of seeds 40 on, each in
    order, the first relabelled 4 (a deal changed consistently throughout)."""
    path = tmp_path / "deals.pbn"
    extra = ["--variant", variant] if variant else []
    assert main(["play", "minibridge", "--lesson", "5", "--deals", "2", "--seed", "40",
                 "--pbn", str(path), *extra]) == 0
    lesson = ["--lesson", "5", *extra]
    assert main(["check", str(path), *lesson]) == 0
    text = path.read_text()
    seed = pbn.loads(text)[0].tags["MiniBridgeSeed"]
    assert int(seed) >= 40  # 40, or the next seed after a redeal (Law 6)
    path.write_text(text.replace(f'[MiniBridgeSeed "{seed}"]', '[MiniBridgeSeed "4"]', 1))
    capsys.readouterr()
    for args in (lesson, []):
        assert main(["check", str(path), *args]) == 1
        first = capsys.readouterr().out.splitlines()[0]
        assert first.startswith("Board  1")
        assert "WRONG: The deal, before the first card: North holds " in first
        assert "but MiniBridgeSeed 4 deals board 1 " in first
        assert first.endswith("(the rule: the cards are the ones the record's seed deals, "
                              "docs/pbn.md).")
