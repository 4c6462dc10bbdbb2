"""``python -m games check`` refuses every kind of tampered Top Game record, naming
the rule broken, the hand and the action; the untampered record passes.

Alice's robots played a match with seed 5 and wrote it as JSON and PBN. Mallory
changes the files in the ways issue 28 lists; each change must be found.
"""

from __future__ import annotations

import json
import re

import pytest

from games.bridge import pbn
from games.cli import main
from games.topgame.cli import play_matches
from games.topgame.record import check_pbn, check_record, pbn_games, run_record
from games.topgame.rules import TopGameRules

RULES = TopGameRules()


@pytest.fixture(scope="module")
def record():
    hands = play_matches(RULES, "5", 1, {"A": "beginner", "B": "beginner", "C": "beginner"})
    return run_record(RULES, seed="5", robots={"A": "beginner", "B": "beginner",
                                               "C": "beginner"}, hands=hands)


@pytest.fixture(scope="module")
def text(record):
    return pbn.dumps(pbn_games(record))


def played_board(text: str) -> int:
    """The first hand that was played out (it has a Play section)."""
    for game in pbn.loads(text):
        if "Play" in game.tags:
            return int(game.tags["Board"])
    raise AssertionError("no hand was played")


def change_tag(text: str, board: int, tag: str, value: str) -> str:
    games = text.split("\n\n")
    for number, block in enumerate(games):
        if f'[Board "{board}"]' in block:
            games[number] = re.sub(rf'\[{tag} "[^"]*"\]', f'[{tag} "{value}"]', block, count=1)
    return "\n\n".join(games)


def problems_of(text: str) -> list[str]:
    return check_pbn(pbn.loads(text))


def test_the_untampered_files_are_in_order(record, text, tmp_path, capsys):
    assert check_record(record) == []
    assert problems_of(text) == []
    path = tmp_path / "match.pbn"
    path.write_text(text)
    assert main(["check", str(path)]) == 0


def test_a_top_game_hand_whose_scoring_tag_is_changed_is_still_checked_as_the_top_game(
        text):
    """Issue 28: "a game whose Scoring tag is not TopGame is checked as plain bridge
    (so its Top Game scores go unchecked)"."""
    board = played_board(text)
    bad = change_tag(change_tag(text, board, "Scoring", "MP"), board, "TopGameScores",
                     "N:+9 E:-9 W:+0")
    found = problems_of(bad)
    assert any(p.startswith(f"Hand {board}, the deal: the Scoring tag is 'MP', but the "
                            "TopGame tags make this a Top Game hand") and
               p.endswith("Rule: the Top Game's PBN record (docs/topgame-record.md)")
               for p in found)
    assert any(p.startswith(f"Hand {board}, action ") and "TopGameScores is 'N:+9 E:-9 W:+0'"
               in p and 'Rule: "If declarer makes his contract' in p for p in found)


def test_a_file_with_every_scoring_tag_changed_is_not_checked_as_plain_bridge(
        text, tmp_path, capsys):
    path = tmp_path / "mp.pbn"
    path.write_text(text.replace('[Scoring "TopGame"]', '[Scoring "MP"]'))
    assert main(["check", str(path)]) == 1
    report = capsys.readouterr().out
    assert "the Scoring tag is 'MP'" in report and "deals checked" not in report


def test_a_top_game_file_with_a_bridge_deal_slipped_in_is_refused(text, tmp_path, capsys):
    bridge = ('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
              '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
              '[Scoring "MP"]\n[Declarer "S"]\n[Contract "1NT"]\n[Result "7"]\n')
    path = tmp_path / "mixed.pbn"
    path.write_text(text + "\n" + bridge)
    assert main(["check", str(path)]) == 1
    assert ("Hand 1, the deal: this game has no Top Game tags, but the file holds Top Game "
            "hands") in capsys.readouterr().out


def test_a_changed_opening_leader_in_the_play_tag_is_refused(text):
    """Issue 28: "the Play tag (who led) ... not compared"."""
    board = played_board(text)
    game = next(g for g in pbn.loads(text) if g.tags["Board"] == str(board))
    other = next(s for s in "NESW" if s != game.tags["Play"])
    found = problems_of(change_tag(text, board, "Play", other))
    wrong = [p for p in found if "the Play tag says" in p]
    assert wrong and wrong[0].startswith(f"Hand {board}, action ")
    assert " play " in wrong[0].split(":")[0]  # the action named is the opening lead
    assert 'Rule: "The game continues as ordinary bridge"' in wrong[0]


def test_a_changed_players_name_is_refused(text):
    """Issue 28: "the players' tags are not compared"."""
    board = played_board(text)
    game = next(g for g in pbn.loads(text) if g.tags["Board"] == str(board))
    seat = next(s for s in ("West", "North", "East", "South") if game.tags[s] != "dummy")
    letter = game.tags[seat][0]
    other = next(k for k in "ABC" if k != letter)
    found = problems_of(change_tag(text, board, seat, f"{other} (beginner)"))
    assert any(p.startswith(f"Hand {board}, action ") and f"{seat} is '{other}' but the "
               f"replay gives '{letter}'" in p and "Rule: \"Let us say South became declarer"
               in p for p in found)


def test_a_wrong_count_of_actions_is_refused(text):
    """Issue 28: "a wrong TopGameActions count passes"."""
    board = played_board(text)
    game = next(g for g in pbn.loads(text) if g.tags["Board"] == str(board))
    count = int(game.tags["TopGameActions"])
    found = problems_of(change_tag(text, board, "TopGameActions", str(count - 1)))
    assert any(p.startswith(f"Hand {board}, action {count} ") and
               f"the TopGameActions tag counts {count - 1} actions, but the action table "
               f"holds {count}." in p and "Rule: the Top Game's PBN record" in p for p in found)


def test_a_played_hand_without_its_play_section_is_refused(text):
    """Issue 28: "a played hand with no Play section passes"."""
    board = played_board(text)
    games = pbn.loads(text)
    game = next(g for g in games if g.tags["Board"] == str(board))
    del game.tags["Play"]
    del game.sections["Play"]
    found = check_pbn(games)
    missing = [p for p in found if "the Play section is missing" in p]
    assert missing and missing[0].startswith(f"Hand {board}, action ")
    assert "there is no Play tag" in " ".join(found)


def test_a_record_dealt_from_another_seed_than_it_names_is_refused(record, tmp_path, capsys):
    """Issue 28: "a deal changed consistently throughout passes, because nothing ties
    the hands to the seed": the hands of seed 6, each consistent, labelled seed 5."""
    levels = {"A": "beginner", "B": "beginner", "C": "beginner"}
    other = run_record(RULES, seed="6", robots=levels,
                       hands=play_matches(RULES, "6", 1, levels))
    assert check_record(other) == [] and check_pbn(pbn.loads(pbn.dumps(pbn_games(other)))) == []
    relabelled = dict(other, seed="5")
    found = check_record(relabelled)
    assert found[0].startswith("Hand 1, the deal: the cards are not the ones the seed '5' "
                               "deals:")
    assert 'Rule: "Deal as usual to four players' in found[0]
    text = pbn.dumps(pbn_games(other)).replace('[TopGameSeed "6"]', '[TopGameSeed "5"]')
    assert check_pbn(pbn.loads(text))[0].startswith(
        "Hand 1, the deal: the cards are not the ones the seed '5' deals:")
    path = tmp_path / "relabelled.json"
    path.write_text(json.dumps(relabelled))
    assert main(["check", str(path)]) == 1
    capsys.readouterr()


def test_an_illegal_card_names_the_hand_the_action_and_the_rule(record):
    hand = next(h for h in record["hands"] if any(" play " in a for a in h["actions"]))
    actions = hand["actions"]
    first = next(n for n, a in enumerate(actions) if " play " in a)
    second = actions[first + 1]
    actions = [*actions[:first + 1], second.split()[0] + " play " +
               actions[first].split()[-1], *actions[first + 2:]]
    bad = dict(record, hands=[dict(h, actions=actions) if h is hand else h
                              for h in record["hands"]])
    found = check_record(bad)
    label = f'Hand {hand["table_hand"]}, action {first + 2} "{actions[first + 1]}": '
    assert found[-1].startswith(label)
    assert found[-1].endswith('Rule: "The game continues as ordinary bridge"')


def test_an_old_file_with_the_action_log_as_bare_lines_is_still_read(text):
    """Files written before the action table (docs/topgame-record.md, "Older files")."""
    games = pbn.loads(text)
    for game in games:
        rows = game.table("TopGameActionTable").rows
        del game.tags["TopGameActionTable"]
        game.sections["TopGameActions"] = [
            " ".join(v for v in (r["Seat"], r["Action"], r["Argument"]) if v != "-")
            for r in rows]
        del game.tags["TopGameSeed"]
    old = pbn.dumps(games)
    assert "TopGameActionTable" not in old
    assert check_pbn(pbn.loads(old)) == []
