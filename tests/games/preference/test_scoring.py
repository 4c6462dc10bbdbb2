"""Sections 8-10: the scoresheet. The golden test is the text's "Example of Scoring",
notes (a)-(p), scored from each hand's facts; then the rules one by one."""

from __future__ import annotations

from typing import Any

import pytest

from games.preference.rules import PreferenceRules
from games.preference.scoring import (
    HandFacts,
    Sheet,
    basic_score,
    score_hand,
    standing,
)
from games.seats import Seat

# "The players, in counterclockwise rotation, are A, B and C": South, East, West.
A, B, C = "S", "E", "W"


def played(board: int, declarer: str, value: int, roles: dict[str, str],
           tricks: dict[str, int], *, game: bool = False, kontra: int = 0,
           play: bool = True) -> dict[str, Any]:
    """A hand's result as the engine gives it, with only the facts the sheet reads."""
    return {"board": board, "passed_out": False, "declarer": declarer,
            "contract": {"value": value, "game": game}, "roles": roles, "kontra": kontra,
            "tricks": tricks, "played": play}


def passed_out(board: int) -> dict[str, Any]:
    return {"board": board, "passed_out": True}


#: Notes (b) to (p). Printing errors corrected (docs/decisions/0215): in (b) the defenders
#: score "against C", not A; in (f) the host A scores 4 x 10 x 2 = 80 against C.
EXAMPLE = [
    # (b) C played diamonds and won 6 tricks ... A and B both played and won 2 tricks each
    played(1, C, 3, {A: "defends", B: "defends"}, {C: 6, A: 2, B: 2}),
    # (c) B played in clubs and won; C played and took 3 tricks; A decided not to play.
    played(2, B, 5, {C: "defends", A: "out"}, {B: 7, C: 3, A: 0}),
    # (d) Everyone passed, so a refa was declared.
    passed_out(3),
    # (e) A played in acorns taking 7 tricks. B dropped out and C took 3 tricks.
    played(4, A, 5, {B: "out", C: "defends"}, {A: 7, C: 3, B: 0}),
    # (f) C played "game" in hearts. A defended, B wanted to drop out but A invited him
    # to play. A and B won 4 tricks.
    played(5, C, 4, {A: "host", B: "guest"}, {C: 6, A: 3, B: 1}, game=True),
    # (g) A plays in leaves. B says Kontra, but B and C only win 3 tricks.
    played(6, A, 2, {B: "host", C: "guest"}, {A: 7, B: 2, C: 1}, kontra=1),
    # (h) B plays a Bettel and loses.
    played(7, B, 6, {A: "defends", C: "defends"}, {B: 1, A: 0, C: 0}),
    # (i) C plays a Bettel and succeeds in losing every trick.
    played(8, C, 6, {A: "defends", B: "defends"}, {C: 0, A: 5, B: 5}),
    # (j) C plays clubs. A and B both defend: A takes 4 tricks and B takes 1.
    played(9, C, 5, {A: "defends", B: "defends"}, {C: 5, A: 4, B: 1}),
    # (k) A plays in hearts. C says Kontra, but A says Rekontra and wins 6 tricks.
    played(10, A, 4, {C: "host", B: "guest"}, {A: 6, C: 3, B: 1}, kontra=2),
    # (l) C plays game sans, scoring 16. B defends and takes two tricks.
    played(11, C, 7, {B: "defends", A: "out"}, {C: 8, B: 2, A: 0}, game=True),
    # (m) B plays in clubs. C wants to drop out but A invites C to play and the
    # defenders win 4 tricks.
    played(12, B, 5, {A: "host", C: "guest"}, {B: 6, A: 2, C: 2}),
    # (n) B plays "game" in acorns. Neither A nor C wishes to defend.
    played(13, B, 5, {A: "out", C: "out"}, {B: 10, A: 0, C: 0}, game=True, play=False),
    # (o) A plays and wins a Bettel for 12 points.
    played(14, A, 6, {B: "defends", C: "defends"}, {A: 0, B: 5, C: 5}),
    # (p) B plays clubs. A and C both defend, A winning 1 trick and C 3 tricks.
    played(15, B, 5, {A: "defends", C: "defends"}, {B: 6, A: 1, C: 3}),
]


def test_the_example_of_scoring_ends_plus_506_minus_496_minus_10() -> None:
    """"Player A scores 166 + 132 - 24 - 188 + 420 = +506 / Player B scores 54 + 24 -
    166 - 168 - 240 = -496 / Player C scores 188 + 168 - 132 - 54 - 180 = -10 ... player
    A wins 506 units: 496 from B and 10 from C." (a): "in this game the players agreed
    to start from 30"."""
    sheet = standing(PreferenceRules(start=30), EXAMPLE)
    assert sheet["over"] is True and sheet["sum"] == 0
    final = sheet["final"]
    assert {seat: final[seat]["total"] for seat in (A, B, C)} == {A: 506, B: -496, C: -10}
    assert final[A]["sum"] == "166 + 132 - 24 - 188 + 420 = +506"
    assert sorted(final[B]["owed"]) == [166, 168] and final[B]["declarer"] == -240
    assert final[C]["bulas"] == [188, 168] and final[C]["declarer"] == -180


def test_the_example_sheet_has_the_columns_the_notes_imply() -> None:
    """Each player's bula against his left- and right-hand opponent, and the declarer
    columns 42 under the hat (A), 24 and 18 (B and C)."""
    players = standing(PreferenceRules(start=30), EXAMPLE)["players"]
    bulas = {seat: {p["left"]["against"]: p["left"]["total"],
                    p["right"]["against"]: p["right"]["total"]}
             for seat, p in players.items()}
    assert bulas == {A: {B: 166, C: 132}, B: {A: 24, C: 54}, C: {A: 188, B: 168}}
    # A's right-hand opponent is B (the next in the counterclockwise turn), his left C.
    assert players[A]["right"]["against"] == B and players[A]["left"]["against"] == C
    assert {s: (p["written"], p["under_hat"]) for s, p in players.items()} == {
        A: (42, True), B: (24, False), C: (18, False)}


def _running(results: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Each player's declarer column as written after every hand of the example."""
    columns: dict[str, list[int]] = {A: [30], B: [30], C: [30]}
    sheet = Sheet(PreferenceRules(start=30))
    for result in results:
        sheet.record(HandFacts.from_result(result))
        for seat, column in sheet.columns.items():
            if columns[seat.value][-1] != column.written:
                columns[seat.value].append(column.written)
    return columns


def test_the_example_declarer_columns_run_as_the_notes_say() -> None:
    """(b) "improving his score to minus 24"; (e) A wins 20; (f) C's refa, 20; (g) A
    scores 8 and B loses 8; (h) B loses 24; (i) C "is now under the hat"; (j) C's loss of
    10 "makes his score negative again"; (k) A scores 32 and is under the hat, C is
    penalised 32; (l) C scores 16; (m) B 10; (n) B 12; (o) A 12; (p) B reduced to 6."""
    assert _running(EXAMPLE) == {
        A: [30, 10, 2, 30, 42],
        B: [30, 20, 28, 52, 42, 30, 24],
        C: [30, 24, 4, 8, 2, 34, 18],
    }


def test_the_example_draws_hats_and_refa_lines_where_the_notes_say() -> None:
    """(d) a refa line in each column; (e), (f), (h) each refa struck with the value
    beside it; (i) C's hat, (j) his inverted hat; (k) A's hat."""
    players = standing(PreferenceRules(start=30), EXAMPLE)["players"]

    def marks(seat: str) -> list[tuple[str, int, Any]]:
        return [(m["mark"], m.get("board", 0), m.get("value"))
                for m in players[seat]["declarer_column"] if m["mark"] not in ("score", "start")]

    assert marks(A) == [("refa", 3, None), ("refa used", 4, 20), ("hat", 10, None)]
    assert marks(B) == [("refa", 3, None), ("refa used", 7, 24)]
    assert marks(C) == [("refa", 3, None), ("refa used", 5, 20), ("hat", 8, None),
                        ("inverted hat", 9, None)]


def test_the_last_hand_is_reduced_to_end_the_game() -> None:
    """(p): "its value is reduced to 6 which makes them add up to zero. The tricks won
    by A and C are therefore also only worth 6 each.\""""
    last = standing(PreferenceRules(start=30), EXAMPLE)["last"]
    assert last["reduced"] is True and last["value"] == 6
    assert last["changes"] == {B: 6} and last["bulas"] == {A: 6, C: 18}


# -- section 8, sentence by sentence ----------------------------------------------------------

def test_the_basic_score_is_double_the_value_plus_one_for_a_game() -> None:
    """"an ordinary contract of clubs scores 10 (2x5) but game in clubs scores 12"."""
    assert basic_score(5, False) == 10 and basic_score(5, True) == 12
    assert basic_score(6, False) == 12 and basic_score(6, True) == 14


def _score(value: int, roles: dict[str, str], tricks: dict[str, int], **kw: Any) -> Any:
    refa = kw.pop("refa", False)
    return score_hand(HandFacts.from_result(played(1, A, value, roles, tricks, **kw)),
                      refa=refa)


@pytest.mark.parametrize(("a", "b", "penalised"), [
    (4, 0, set()), (2, 2, set()), (3, 1, set()),  # four or more: both safe
    (3, 0, {C}), (2, 1, {C}),                       # three: the one with 0 or 1 pays
    (2, 0, {C}), (1, 1, {B, C}),                    # two: only one with both is safe
    (1, 0, {B, C}), (0, 0, {B, C}),                 # one or none: both pay
])
def test_two_voluntary_defenders_are_safe_by_the_texts_table(
        a: int, b: int, penalised: set[str]) -> None:
    """Section 6: "If both defenders play voluntarily and they win four or more tricks,
    they are both safe. If they win three tricks, the defender with two or three tricks
    is safe ... If they win two tricks, only a defender with both tricks is safe ... If
    they win one trick each, or only one or zero tricks in total, both defenders pay"."""
    score = _score(4, {B: "defends", C: "defends"}, {A: 10 - a - b, B: a, C: b})
    assert {s.value for s in score.penalties} == penalised
    assert all(amount == 8 for amount in score.penalties.values())


def test_the_invited_defender_is_never_penalised_and_never_scores() -> None:
    """"The invitation cannot be refused, but the guest is not penalized ... the host
    defender takes on the responsibility for the defending team making at least four
    tricks ... A defender who was invited does not score; the inviting defender scores
    all tricks and pays any penalty." """
    score = _score(5, {B: "host", C: "guest"}, {A: 7, B: 1, C: 2})
    assert dict(score.penalties) == {Seat.EAST: 10}
    assert dict(score.bulas) == {Seat.EAST: 30}
    safe = _score(5, {B: "host", C: "guest"}, {A: 6, B: 0, C: 4})
    assert not safe.penalties and dict(safe.bulas) == {Seat.EAST: 40}


def test_a_lone_defender_needs_two_tricks() -> None:
    """"If one defender plays and wins two or more tricks, he is safe." """
    assert not _score(3, {B: "defends", C: "out"}, {A: 8, B: 2, C: 0}).penalties
    lost = _score(3, {B: "defends", C: "out"}, {A: 9, B: 1, C: 0})
    assert dict(lost.penalties) == {Seat.EAST: 6} and dict(lost.bulas) == {Seat.EAST: 6}


def test_kontra_doubles_and_the_kontra_player_answers_for_five_tricks() -> None:
    """Section 6 (Kontra): "Saying Kontra doubles all the scores ... (only the host
    scores). If the defenders take 4 or fewer tricks, the host pays a penalty."
    (docs/decisions/0207: the quota is five.)"""
    four = _score(3, {B: "host", C: "guest"}, {A: 6, B: 2, C: 2}, kontra=1)
    assert four.declarer_change == 12 and dict(four.penalties) == {Seat.EAST: 12}
    assert dict(four.bulas) == {Seat.EAST: 48}
    five = _score(3, {B: "host", C: "guest"}, {A: 5, B: 3, C: 2}, kontra=1)
    assert five.declarer_change == -12 and not five.penalties
    assert dict(five.bulas) == {Seat.EAST: 60}


def test_refa_and_kontra_multiply() -> None:
    """"if there is a kontra of a contract where the declarer also has a refa, both
    doubles take effect simultaneously, for a net factor of four, a simulatneous
    rekontra and refa would multiply all scores by 8"."""
    assert _score(4, {B: "host", C: "guest"}, {A: 6, B: 2, C: 2}, kontra=1,
                  refa=True).multiplier == 4
    assert _score(4, {B: "host", C: "guest"}, {A: 6, B: 2, C: 2}, kontra=2,
                  refa=True).multiplier == 8


def test_a_lost_bettel_gives_each_defender_five_tricks_worth() -> None:
    """"each scores 60 in the corresponding defender column, and the declarer is
    penalized 12 ... In a game Bettel, the declarer is penalised 14 and each defender
    scores 70"; "If the declarer succeeds in taking no tricks, the defenders are not
    penalized." """
    lost = _score(6, {B: "defends", C: "defends"}, {A: 1, B: 0, C: 0})
    assert lost.declarer_change == -12 and dict(lost.bulas) == {Seat.EAST: 60, Seat.WEST: 60}
    game = _score(6, {B: "defends", C: "defends"}, {A: 1, B: 0, C: 0}, game=True)
    assert game.declarer_change == -14 and set(game.bulas.values()) == {70}
    made = _score(6, {B: "defends", C: "defends"}, {A: 0, B: 6, C: 4})
    assert made.declarer_change == 12 and not made.penalties and not made.bulas


def test_nobody_defending_gives_the_declarer_the_contract() -> None:
    """"If neither wishes to play then declarer has (by default) won 10 tricks." """
    score = _score(5, {B: "out", C: "out"}, {A: 10, B: 0, C: 0}, game=True, play=False)
    assert score.declarer_change == 12 and not score.penalties and not score.bulas


# -- sections 9 and 10 ------------------------------------------------------------------------

def test_no_refa_at_all_is_declared_while_a_player_is_under_the_hat() -> None:
    """Section 9: "If a player is above zero (under the hat) in the declarer column, a
    refa is not declared when all players pass - the deal simply passes to the next
    player without further effect." Nobody gets a refa line, and the pass-out does not
    count towards the game's maximum (docs/decisions/0750)."""
    results = [played(1, A, 6, {B: "defends", C: "defends"}, {A: 0, B: 5, C: 5}, game=True),
               passed_out(2)]
    sheet = standing(PreferenceRules(start=10), results)
    assert sheet["players"][A]["under_hat"] is True
    assert {s: p["refas"] for s, p in sheet["players"].items()} == {A: 0, B: 0, C: 0}
    assert sheet["next_options"] == {"refas": {A: 0, B: 0, C: 0}}
    assert sheet["refas_declared"] == 0 and sheet["last"]["refas"] == []
    assert sheet["last"]["lines"][-1] == ("No refa: South is under the hat (above zero), so "
                                          "the deal simply passes without further effect.")


def test_a_table_may_agree_that_only_the_player_under_the_hat_goes_without() -> None:
    """Section 9: "All refas are subject to an internal agreement beetwen the players":
    the other reading, a refa for each player not under the hat, is the option
    ``refa_under_hat="others"`` (docs/decisions/0750)."""
    results = [played(1, A, 6, {B: "defends", C: "defends"}, {A: 0, B: 5, C: 5}, game=True),
               passed_out(2)]
    rules = PreferenceRules.from_options(start=10, refa_under_hat="others")
    sheet = standing(rules, results)
    assert {s: p["refas"] for s, p in sheet["players"].items()} == {A: 0, B: 1, C: 1}
    assert sheet["next_options"] == {"refas": {A: 0, B: 1, C: 1}}


@pytest.mark.parametrize(("start", "refas"), [(100, 2), (80, 2), (60, 2), (40, 1), (30, 1)])
def test_the_refa_maximum_follows_the_start(start: int, refas: int) -> None:
    """Section 9: "There is a maximum number of refas in a game, which depends on the
    starting score. Starting from 60, a maximum of two refas are allowed. Starting from
    40, just one refa is allowed." Without an option of its own the maximum is two from
    60 up and one below (docs/decisions/0751)."""
    rules = PreferenceRules.from_options(start=start)
    assert rules.most_refas == refas
    sheet = standing(rules, [passed_out(1), passed_out(2), passed_out(3)])
    assert sheet["refas_declared"] == refas and sheet["refa_max"] == refas
    assert all(p["refas"] == refas for p in sheet["players"].values())


def test_a_column_that_falls_to_exactly_zero_draws_no_inverted_hat() -> None:
    """Section 8: "It may happen that the declarer then loses so that his score becomes
    negative again; at this point he draws an inverted hat". A column that falls from
    above zero to exactly zero is not negative: the sheet does not say "below zero
    again", and the inverted hat is drawn when it does go below (docs/decisions/0752)."""
    sheet = Sheet(PreferenceRules(start=10))
    defence = {B: "defends", C: "defends"}
    # A makes Sans (14): from 10 below zero to 4 above, under the hat.
    sheet.record(HandFacts.from_result(played(1, A, 7, defence, {A: 6, B: 2, C: 2})))
    assert sheet.columns[Seat.SOUTH].score == 4
    # A fails in spades (4): back to exactly zero.
    change = sheet.record(HandFacts.from_result(played(2, A, 2, defence, {A: 4, B: 3, C: 3})))
    column = sheet.columns[Seat.SOUTH]
    assert column.score == 0 and column.under_hat is False
    assert "South is below zero again: an inverted hat." not in change["lines"]
    assert ("South is back at zero: no longer above zero (under the hat), not below it "
            "either, so no inverted hat.") in change["lines"]
    assert [m["mark"] for m in column.marks if "hat" in m["mark"]] == ["hat"]
    # He fails again: now he is below zero, and the inverted hat is drawn.
    change = sheet.record(HandFacts.from_result(played(3, A, 2, defence, {A: 4, B: 3, C: 3})))
    assert column.score == -4
    assert "South is below zero again: an inverted hat." in change["lines"]
    assert [m["mark"] for m in column.marks if "hat" in m["mark"]] == ["hat", "inverted hat"]


@pytest.mark.parametrize(("maximum", "refas"), [(2, 2), (1, 1), (0, 0), (None, 3)])
def test_the_refas_of_a_game_stop_at_its_maximum(maximum: int | None, refas: int) -> None:
    """"Starting from 60, a maximum of two refas are allowed. Starting from 40, just one
    refa is allowed. After the maximum number of refas have been declared, if all players
    pass, there is no effect." """
    sheet = standing(PreferenceRules(start=60, refa_max=maximum),
                     [passed_out(1), passed_out(2), passed_out(3)])
    assert sheet["refas_declared"] == refas
    assert all(p["refas"] == refas for p in sheet["players"].values())


def test_a_failed_contract_does_not_end_the_game() -> None:
    """Section 10: "if however the declarer were to play that same contract and fail,
    or if a defender were to fail and be penalized, this would not take the sum of
    declarer scores to zero, so the contract would be scored in full"."""
    sheet = Sheet(PreferenceRules(start=2))
    change = sheet.record(HandFacts.from_result(
        played(1, A, 5, {B: "defends", C: "defends"}, {A: 7, B: 2, C: 1})))
    assert change["reduced"] is False and change["changes"] == {A: 10, C: -10}
    assert not sheet.is_over()


def test_the_next_hand_after_a_game_starts_a_new_sheet() -> None:
    results = [*EXAMPLE, played(16, A, 2, {B: "out", C: "out"}, {A: 10, B: 0, C: 0},
                                play=False)]
    sheet = standing(PreferenceRules(start=30), results)
    assert sheet["game"] == 2 and sheet["hands"] == 1 and not sheet["over"]
    assert sheet["players"][A]["written"] == 26
