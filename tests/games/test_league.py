"""League tables: the round robin, mini-matches, the grid and the standings with
every tie-break, from hand-made results."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from games.league import (
    DEALS_LOST,
    DEALS_WON,
    HEAD_TO_HEAD,
    MATCHES_WON,
    DealResult,
    LeagueError,
    Length,
    Match,
    MatchFormat,
    MatchOverError,
    Round,
    Schedule,
    ScheduleError,
    WonBy,
    check_schedule,
    deal_winner,
    match_add,
    match_state,
    move_match,
    next_match,
    points_text,
    round_robin,
    schedule_problems,
    standings,
    tie_break_text,
)
from games.minibridge import make_rules
from games.minibridge.playout import play_hand
from games.minibridge.results import result_check
from games.seats import SEATS, Side
from tests.games.minibridge_helpers import STRONG_NORTH, deal_with

N, E, S, W = SEATS
PAIRS = range(2, 17)
BOOKLET = ("I", "II", "III", "IV")
BEST_OF_3 = MatchFormat.best_of(3)

# North-South declare with 25 points (target nine): nine tricks wins, eight loses.
A_WINS = DealResult(tricks_ns=9, score_ns=400, score_ew=0, declaring_side=Side.NS,
                    combined_hcp=25)
B_WINS = DealResult(tricks_ns=8, score_ns=0, score_ew=50, declaring_side=Side.NS,
                    combined_hcp=25)


def deals(order: str) -> tuple[DealResult, ...]:
    """Deals of a mini-match won in this order by pair A ("a") or pair B ("b")."""
    return tuple(A_WINS if c == "a" else B_WINS for c in order)


def league(names: tuple[str, ...] = BOOKLET, meetings: int = 1) -> Schedule:
    return round_robin(names, meetings=meetings)


def results(schedule: Schedule, **played: str) -> dict[Match, tuple[DealResult, ...]]:
    """Deals by encounter, written from the first-named pair's side:
    ``I_II="ab a"`` means I won deals 1 and 3 against II, whichever seat I sat in."""
    out = {}
    for key, order in played.items():
        first, second = key.split("_")
        (match,) = [m for m in schedule.encounters(first, second)][:1]
        if match.pair_a != first:
            order = order.translate(str.maketrans("ab", "ba"))
        out[match] = deals(order.replace(" ", ""))
    return out


# -- the schedule: properties for 2 to 16 pairs --------------------------------------------


@pytest.mark.parametrize("meetings", [1, 2])
@pytest.mark.parametrize("n", PAIRS)
def test_every_pair_meets_every_other_pair_the_right_number_of_times(n: int, meetings: int) -> None:
    schedule = round_robin([f"P{i}" for i in range(1, n + 1)], meetings=meetings)
    met = Counter(frozenset(m.pairs) for _, m in schedule.matches())
    assert set(met) == {frozenset(p) for p in combinations(schedule.pairs, 2)}
    assert set(met.values()) == {meetings}
    assert schedule_problems(schedule) == []
    assert check_schedule(schedule) is schedule


@pytest.mark.parametrize("meetings", [1, 2])
@pytest.mark.parametrize("n", PAIRS)
def test_no_pair_plays_twice_in_a_round(n: int, meetings: int) -> None:
    schedule = round_robin(list(range(n)), meetings=meetings)
    for rnd in schedule.rounds:
        places = [*rnd.playing(), *([rnd.bye] if rnd.bye is not None else [])]
        assert sorted(places) == list(range(n)), f"round {rnd.number}"
        assert len(rnd.matches) == n // 2


@pytest.mark.parametrize("meetings", [1, 2])
@pytest.mark.parametrize("n", PAIRS)
def test_each_pair_has_exactly_one_bye_per_cycle_when_the_number_is_odd(n: int,
                                                                      meetings: int) -> None:
    schedule = round_robin(list(range(n)), meetings=meetings)
    cycle = n if n % 2 else n - 1
    assert len(schedule.rounds) == cycle * meetings
    for c in range(meetings):
        byes = [rnd.bye for rnd in schedule.rounds[c * cycle:(c + 1) * cycle]]
        if n % 2:
            assert sorted(byes) == list(range(n))
        else:
            assert byes == [None] * cycle


@pytest.mark.parametrize("n", PAIRS)
def test_seats_are_shared_out_evenly_and_swapped_in_the_return_match(n: int) -> None:
    single = round_robin(list(range(n)))
    north_south = Counter(m.pair_a for _, m in single.matches())
    for pair in single.pairs:
        assert abs(2 * north_south[pair] - (n - 1)) <= 1
    double = round_robin(list(range(n)), meetings=2)
    for a, b in combinations(range(n), 2):
        first, second = double.encounters(a, b)
        assert second == first.swapped()
    assert all(abs(2 * c - 2 * (n - 1)) == 0
               for c in Counter(m.pair_a for _, m in double.matches()).values())


def test_the_booklets_four_pairs_play_three_rounds_in_the_order_given() -> None:
    schedule = league()
    assert schedule.pairs == BOOKLET and schedule.meetings == 1
    assert [[str(m) for m in rnd.matches] for rnd in schedule.rounds] == [
        ["IV v I", "II v III"], ["II v IV", "III v I"], ["IV v III", "I v II"]]
    assert round_robin(BOOKLET) == schedule  # the same league always gets the same schedule


def test_three_pairs_take_turns_to_rest() -> None:
    schedule = league(("Ann & Bo", "Cy & Di", "Ed & Flo"))
    assert [(rnd.bye, [str(m) for m in rnd.matches]) for rnd in schedule.rounds] == [
        ("Ann & Bo", ["Cy & Di v Ed & Flo"]), ("Cy & Di", ["Ed & Flo v Ann & Bo"]),
        ("Ed & Flo", ["Ann & Bo v Cy & Di"])]


@pytest.mark.parametrize("pairs, meetings, message", [
    ([], 1, "A league needs at least two pairs."),
    (["I"], 1, "A league needs at least two pairs."),
    (["I", "II", "I"], 1, "Each pair is in the league once: I is there twice."),
    (["I", None], 1, "Every pair needs a name."),
    (["I", "II"], 3, "Pairs meet once (a round robin) or twice (a double round robin), not 3 "
                     "times."),
])
def test_a_league_that_cannot_be_scheduled_is_refused(pairs: list, meetings: int,
                                                      message: str) -> None:
    with pytest.raises(LeagueError) as caught:
        round_robin(pairs, meetings=meetings)
    assert str(caught.value) == message


# -- checking and changing a schedule -----------------------------------------------------


def problems(rounds: list[Round], pairs: tuple = ("I", "II", "III"),
             meetings: int = 1) -> list[str]:
    return schedule_problems(Schedule(tuple(rounds), pairs, meetings))


def test_a_pair_in_two_places_in_one_round_is_named() -> None:
    rounds = [Round(1, (Match("I", "II"), Match("I", "III"))), Round(2, (Match("II", "III"),),
                                                                     bye="II")]
    assert problems(rounds) == ["Round 1: I is in 2 places at once.",
                                "Round 2: II is in 2 places at once."]
    with pytest.raises(ScheduleError) as caught:
        check_schedule(Schedule(tuple(rounds), ("I", "II", "III")))
    assert caught.value.problems == ("Round 1: I is in 2 places at once.",
                                     "Round 2: II is in 2 places at once.")
    assert str(caught.value) == ("Round 1: I is in 2 places at once. Round 2: II is in 2 "
                                 "places at once.")


def test_unknown_pairs_and_a_pair_playing_itself_are_named() -> None:
    rounds = [Round(1, (Match("I", "II"),), bye="V"), Round(2, (Match("II", "III"),)),
              Round(3, (Match("III", "I"), Match("IV", "IV")))]
    assert problems(rounds) == ["Round 1: V is not a pair of this league.",
                                "Round 3: IV cannot play itself.",
                                "Round 3: IV is not a pair of this league."]


def test_missing_and_repeated_encounters_are_named() -> None:
    rounds = [Round(1, (Match("I", "II"),)), Round(2, (Match("II", "I"),))]
    assert problems(rounds) == ["I and II meet 2 times, not once.",
                                "I and III meet 0 times, not once.",
                                "II and III meet 0 times, not once."]


def test_a_return_match_must_swap_seats_and_rounds_run_in_order() -> None:
    rounds = [Round(1, (Match("I", "II"),)), Round(3, (Match("I", "II"),))]
    assert problems(rounds, ("I", "II"), meetings=2) == [
        "The rounds should be numbered 1 to 2 in order.",
        "I and II sit the same way round in both their matches: the return match swaps seats."]
    assert problems([], ("I",), meetings=4) == ["A league needs at least two pairs.",
                                                "Pairs meet once or twice, not 4 times."]


def test_a_schedule_lists_its_pairs_from_the_rounds_when_not_given() -> None:
    schedule = Schedule((Round(1, (Match("A", "B"),), bye="C"),))
    assert schedule.pairs == ("A", "B", "C")


def test_the_teacher_moves_a_match_to_another_round() -> None:
    schedule = league()
    clash = Match("I", "II")  # round 3; I plays IV in round 1
    with pytest.raises(LeagueError) as caught:
        move_match(schedule, clash, 1)
    assert str(caught.value) == "I v II cannot move to round 1: I already plays IV in round 1."
    moved = move_match(schedule, clash, 4)
    assert [[str(m) for m in rnd.matches] for rnd in moved.rounds] == [
        ["IV v I", "II v III"], ["II v IV", "III v I"], ["IV v III"], ["I v II"]]
    assert moved.rounds[2].resting(moved.pairs) == ("I", "II")
    back = move_match(moved, clash, 3)
    assert [[str(m) for m in rnd.matches] for rnd in back.rounds][:3] == [
        [str(m) for m in rnd.matches] for rnd in schedule.rounds]
    assert back.rounds[3].matches == ()
    assert move_match(schedule, clash, 3) is schedule
    assert str(schedule.rounds[2].matches[1]) == "I v II"  # the original is untouched


def test_a_pair_with_the_bye_plays_instead_when_a_match_moves_in() -> None:
    schedule = league(("A", "B", "C", "D", "E"))
    assert (schedule.rounds[0].bye, [str(m) for m in schedule.rounds[0].matches]) == (
        "A", ["E v B", "C v D"])
    later = move_match(schedule, Match("E", "B"), 6)  # E and B play in a sixth round
    assert later.rounds[0].resting(later.pairs) == ("A", "B", "E")
    moved = move_match(later, Match("E", "A"), 1)  # from round 3, where C has the bye
    assert (moved.rounds[0].bye, [str(m) for m in moved.rounds[0].matches]) == (
        None, ["C v D", "E v A"])
    assert (moved.rounds[2].bye, moved.rounds[2].resting(moved.pairs)) == ("C", ("A", "C", "E"))
    assert [str(m) for m in moved.rounds[5].matches] == ["E v B"]


def test_a_move_to_a_round_that_is_not_there_is_refused() -> None:
    schedule = league()
    for to_round in (0, 5, "2", True):
        with pytest.raises(LeagueError) as caught:
            move_match(schedule, Match("I", "II"), to_round)  # type: ignore[arg-type]
        assert str(caught.value) == f"Move I v II to a round from 1 to 4, not {to_round!r}."
    with pytest.raises(LeagueError, match=r"^II v I is not in the schedule\.$"):
        move_match(schedule, Match("II", "I"), 1)


def test_every_pair_is_shown_its_next_opponent() -> None:
    schedule = league()
    assert next_match(schedule, "I", set()) == (schedule.rounds[0], Match("IV", "I"))
    assert next_match(schedule, "I", {Match("IV", "I")})[1] == Match("III", "I")
    assert next_match(schedule, "I", {m for _, m in schedule.matches()}) is None
    with pytest.raises(LeagueError, match=r"^V is not a pair of this league\.$"):
        next_match(schedule, "V", set())


# -- mini-matches ---------------------------------------------------------------------


def test_a_match_format_says_what_it_is() -> None:
    assert BEST_OF_3 == MatchFormat(Length.BEST_OF, 3, WonBy.TARGET)
    assert BEST_OF_3.words() == "best of 3 deals, each won against the target tricks"
    assert MatchFormat.fixed(4, "score").words() == "4 deals, each won by MiniBridge score"
    assert MatchFormat.fixed(1).words() == "1 deal, each won against the target tricks"
    assert (MatchFormat.best_of(5).majority, MatchFormat.fixed(4).majority) == (3, None)


@pytest.mark.parametrize("make, message", [
    (lambda: MatchFormat.best_of(4), "Best of 4 could end level: choose an odd number, e.g. best "
                                     "of 3 or 5, or a set number of 4 deals."),
    (lambda: MatchFormat.fixed(0), "A mini-match has from 1 to 36 deals, not 0."),
    (lambda: MatchFormat.best_of(37), "A mini-match has from 1 to 36 deals, not 37."),
    (lambda: MatchFormat(Length.DEALS, "3"), "A mini-match has from 1 to 36 deals, not '3'."),
])
def test_a_match_format_that_cannot_be_played_is_refused(make: object, message: str) -> None:
    with pytest.raises(LeagueError) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value) == message
    with pytest.raises(LeagueError, match="won against the target or by score"):
        MatchFormat("first-to-3", 3)  # type: ignore[arg-type]


def test_against_the_target_the_declaring_side_wins_only_by_making_it() -> None:
    # 27 points: the target is ten. Part-score in no-trumps with eight tricks scores 120
    # for the declarers, but misses the target.
    deal = DealResult(tricks_ns=8, score_ns=120, score_ew=0, declaring_side=Side.NS,
                      combined_hcp=27)
    assert deal_winner(WonBy.TARGET, deal) is Side.EW
    assert deal_winner(WonBy.SCORE, deal) is Side.NS
    # East-West declare with 22 (target seven) and take seven: 13 - 6 North-South tricks.
    east_west = DealResult(tricks_ns=6, score_ns=50, score_ew=0, declaring_side=Side.EW,
                           combined_hcp=22)
    assert deal_winner("target", east_west) is Side.EW
    assert deal_winner("score", east_west) is Side.NS


def test_without_a_declarer_the_side_with_seven_tricks_wins() -> None:
    assert deal_winner(WonBy.TARGET, DealResult(7, 7, 6)) is Side.NS
    assert deal_winner(WonBy.SCORE, DealResult(6, 6, 7)) is Side.EW


def test_best_of_three_stops_when_a_pair_has_two() -> None:
    assert match_state(BEST_OF_3, ()) == (0, 0, False, None)
    assert match_state(BEST_OF_3, deals("a")) == (1, 0, False, None)
    assert match_state(BEST_OF_3, deals("aa")) == (2, 0, True, "a")
    assert match_state(BEST_OF_3, deals("aba")) == (2, 1, True, "a")
    assert match_state(BEST_OF_3, deals("abb")) == (1, 2, True, "b")
    assert match_state(MatchFormat.best_of(5), deals("ababb")) == (2, 3, True, "b")
    assert match_state(MatchFormat.best_of(5), deals("bbb")) == (0, 3, True, "b")


def test_a_deal_after_the_match_is_over_is_refused() -> None:
    with pytest.raises(MatchOverError) as caught:
        match_state(BEST_OF_3, deals("aab"))
    assert str(caught.value) == ("The match is over (best of 3 deals, each won against the "
                                 "target tricks): it ended 2-0 after deal 2, so deal 3 is not "
                                 "part of it.")
    with pytest.raises(MatchOverError, match="it ended 2-2 after deal 4, so deal 5"):
        match_state(MatchFormat.fixed(4), deals("abba a"))
    played = deals("ab")
    assert match_add(BEST_OF_3, played, B_WINS) == deals("abb")
    with pytest.raises(MatchOverError, match="it ended 1-2 after deal 3, so deal 4"):
        match_add(BEST_OF_3, deals("abb"), A_WINS)


def test_a_set_number_of_deals_is_all_played_and_may_end_level() -> None:
    four = MatchFormat.fixed(4)
    assert match_state(four, deals("aaa")) == (3, 0, False, None)
    assert match_state(four, deals("aaab")) == (3, 1, True, "a")
    assert match_state(four, deals("abab")) == (2, 2, True, None)


def test_deals_count_for_the_pair_on_the_side_that_won() -> None:
    swapped = DealResult(tricks_ns=9, score_ns=400, score_ew=0, declaring_side=Side.NS,
                         combined_hcp=25, a_sits=Side.EW)
    assert match_state(BEST_OF_3, (swapped, A_WINS)) == (1, 1, False, None)


def test_the_way_a_deal_is_won_can_change_the_match() -> None:
    made_part_score_short_of_target = DealResult(8, 120, 0, Side.NS, 27)
    played = (made_part_score_short_of_target,) * 2
    assert match_state(MatchFormat.best_of(3, WonBy.SCORE), played).winner == "a"
    assert match_state(MatchFormat.best_of(3, WonBy.TARGET), played).winner == "b"


@pytest.mark.parametrize("make, message", [
    (lambda: DealResult(14, 0, 50, Side.NS, 25),
     "This deal: a deal has 13 tricks, so North-South cannot win 14."),
    (lambda: DealResult(-1, 0, 50, Side.NS, 25),
     "This deal: tricks ns must be a whole number, not -1."),
    (lambda: DealResult(9, -50, 0, Side.NS, 25, board=3),
     "Board 3: score ns must be a whole number, not -50."),
    (lambda: DealResult(9, 400, 0.5, Side.NS, 25), "This deal: score ew must be a whole number, "
                                                    "not 0.5."),
    (lambda: DealResult(9, 400, 0, Side.NS, 20), "This deal: the declaring side holds from 21 "
                                                 "to 40 points (Laws 6-7), not 20."),
    (lambda: DealResult(9, 400, 0, Side.NS, 41), "This deal: the declaring side holds from 21 "
                                                 "to 40 points (Laws 6-7), not 41."),
    (lambda: DealResult(9, 400, 0, Side.NS), "This deal: the declaring side holds from 21 to 40 "
                                             "points (Laws 6-7), not None."),
    (lambda: DealResult(9, 400, 50, Side.NS, 25), "This deal: exactly one side scores on a deal "
                                                  "(Laws 16-17), not 400 to North-South and 50 "
                                                  "to East-West."),
    (lambda: DealResult(9, 0, 0, Side.NS, 25), "This deal: exactly one side scores on a deal "
                                               "(Laws 16-17), not 0 to North-South and 0 to "
                                               "East-West."),
    (lambda: DealResult(9, 9, 4, None, 25), "This deal: combined points belong to a declaring "
                                            "side; none is given."),
    (lambda: DealResult(9, 400, 0), "This deal: without a declarer the score is the tricks each "
                                    "side won (9 and 4)."),
])
def test_an_impossible_deal_result_is_refused(make: object, message: str) -> None:
    with pytest.raises(LeagueError) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value) == message


def test_deal_results_come_from_hands_typed_in_or_played_online() -> None:
    deal = deal_with(STRONG_NORTH, board=5)
    rules = make_rules(5)
    typed = DealResult.from_checked(result_check(deal=deal, rules=rules, declarer="N",
                                                 contract="3NT", tricks=10))
    assert typed == DealResult(10, 430, 0, Side.NS, 31, board=5)
    assert deal_winner(WonBy.TARGET, typed) is Side.EW  # 31 points: the target is eleven
    online = play_hand(rules, deal, "game NT")
    from_hand = DealResult.from_hand(online.result(), deal, a_sits=Side.EW)
    assert (from_hand.declaring_side, from_hand.combined_hcp, from_hand.a_sits,
            from_hand.board) == (Side.NS, 31, Side.EW, 5)
    assert from_hand.tricks_ns == online.result()["tricks_by_side"]["NS"]
    lesson_one = play_hand(make_rules(1), deal)
    assert DealResult.from_hand(lesson_one.result(), deal).declaring_side is None


def test_a_redealt_board_is_not_a_deal_of_the_match() -> None:
    even = deal_with({N: "SA SK SQ SJ", E: "HA HK HQ HJ", S: "DA DK DQ DJ", W: "CA CK CQ CJ"},
                     board=2)
    redealt = play_hand(make_rules(5), even).result()
    with pytest.raises(LeagueError, match=r"^Board 2 was dealt again \(Law 6\)"):
        DealResult.from_hand(redealt, even)
    with pytest.raises(LeagueError, match="not finished"):
        DealResult.from_hand({"score": None}, even)


# -- the grid and the standings ----------------------------------------------------------


def table_rows(table: object) -> list[tuple]:
    return [(line.place_text, line.pair, line.total_text, line.deals_won, line.deals_lost,
             line.behind_on.key if line.behind_on else None)
            for line in table.lines]  # type: ignore[attr-defined]


def test_the_grid_shows_each_encounter_from_the_row_pairs_side() -> None:
    schedule = league()
    table = standings(schedule=schedule, format=BEST_OF_3,
                      deals=results(schedule, I_II="aba", III_IV="bb", I_III="a"))
    assert table.cell("I", "II").results == ("2-1",)
    assert table.cell("II", "I").results == ("1-2",)
    assert table.cell("IV", "III").text == "2-0"
    assert table.cell("I", "III").results == (None,)  # under way: blank until it is over
    assert table.cell("I", "IV").text == ""
    assert table.cell("I", "I") is None
    assert [[c.text if c else "x" for c in row] for row in table.grid] == [
        ["x", "2-1", "", ""], ["1-2", "x", "", ""], ["", "", "x", "0-2"], ["", "", "2-0", "x"]]
    assert table.in_progress == (Match("III", "I"),)
    assert not table.finished
    assert table.totals == {"I": 1, "II": 0, "III": 0, "IV": 1}


def test_the_total_column_is_matches_won_and_decides_first() -> None:
    schedule = league()
    table = standings(schedule=schedule, format=BEST_OF_3, deals=results(
        schedule, I_II="aa", I_III="aa", I_IV="aa", II_III="aba", II_IV="aa", III_IV="bab"))
    assert table_rows(table) == [("1", "I", "3", 6, 0, None),
                                 ("2", "II", "2", 4, 3, "matches-won"),
                                 ("3", "IV", "1", 2, 5, "matches-won"),
                                 ("4", "III", "0", 2, 6, "matches-won")]
    assert table.finished and table.in_progress == ()
    line = table.line("II")
    assert (line.played, line.won, line.level, line.lost) == (3, 2, 0, 1)


def test_head_to_head_separates_pairs_level_on_matches() -> None:
    schedule = league()
    table = standings(schedule=schedule, format=BEST_OF_3, deals=results(
        schedule, I_II="aba", I_III="bb", I_IV="aa", II_III="aa", II_IV="aba", III_IV="bb"))
    # I and II won two each, I beat II; III and IV one each, IV beat III.
    assert table_rows(table) == [("1", "I", "2", 4, 3, None),
                                 ("2", "II", "2", 5, 3, "head-to-head"),
                                 ("3", "IV", "1", 3, 4, "matches-won"),
                                 ("4", "III", "1", 2, 4, "head-to-head")]


def test_deals_won_separate_a_circle_and_the_tie_breaks_start_again_for_the_rest() -> None:
    schedule = league()
    # I beat II, II beat III, III beat I: head-to-head leaves all three level.
    table = standings(schedule=schedule, format=BEST_OF_3, deals=results(
        schedule, I_II="aba", II_III="aa", I_III="abb", I_IV="aa", II_IV="aa", III_IV="aba"))
    # Deals won: I 5, II 5, III 4. I and II are still level: head-to-head again, I beat II
    # (fewer deals lost would have put II first).
    assert table_rows(table)[:3] == [("1", "I", "2", 5, 3, None),
                                     ("2", "II", "2", 5, 2, "head-to-head"),
                                     ("3", "III", "2", 4, 4, "deals-won")]


def test_fewer_deals_lost_comes_next_and_a_tie_beyond_all_shares_the_place() -> None:
    schedule = league()
    # I and II have not met yet; III and IV neither.
    table = standings(schedule=schedule, format=BEST_OF_3, deals=results(
        schedule, I_III="aa", I_IV="aba", II_III="aba", II_IV="aba"))
    assert table_rows(table) == [("1", "I", "2", 4, 1, None),
                                 ("2", "II", "2", 4, 2, "deals-lost"),
                                 ("3", "IV", "0", 2, 4, "matches-won"),
                                 ("4", "III", "0", 1, 4, "deals-won")]
    level = standings(schedule=schedule, format=BEST_OF_3, deals=results(
        schedule, I_III="aba", I_IV="aa", II_III="aa", II_IV="aba"))
    assert [(line.place_text, line.shared) for line in level.lines] == [
        ("1=", True), ("1=", True), ("3=", True), ("3=", True)]


def test_nothing_played_everybody_shares_first_place() -> None:
    table = standings(schedule=league(), format=BEST_OF_3, deals={})
    assert [line.place_text for line in table.lines] == ["1="] * 4
    assert all(line.total == 0 and line.played == 0 for line in table.lines)


def test_a_level_match_counts_half_to_each_pair() -> None:
    schedule = league(("A", "B", "C"))
    table = standings(schedule=schedule, format=MatchFormat.fixed(2), deals=results(
        schedule, A_B="ab", A_C="aa", B_C="ab"))
    assert table_rows(table) == [("1", "A", "1½", 3, 1, None),
                                 ("2", "B", "1", 2, 2, "matches-won"),
                                 ("3", "C", "½", 1, 3, "matches-won")]
    assert table.line("A").level == 1 and table.totals["C"] == Fraction(1, 2)
    assert table.cell("B", "A").text == "1-1"


def test_a_double_round_robin_shows_both_encounters() -> None:
    schedule = league(("A", "B", "C"), meetings=2)
    first, second = schedule.encounters("A", "B")
    played = {first: deals("aa"), second: deals("ab")}  # the return match is still going on
    table = standings(schedule=schedule, format=BEST_OF_3, deals=played)
    row_a = "2-0" if first.pair_a == "A" else "0-2"
    assert table.cell("A", "B").results == (row_a, None)
    played[second] = deals("aba")
    table = standings(schedule=schedule, format=BEST_OF_3, deals=played)
    assert len(table.cell("B", "A").results) == 2
    assert sum(line.won for line in table.lines) == 2


def test_the_tie_breaks_are_printed_in_order() -> None:
    assert tie_break_text() == ("Tie-breaks: 1. matches won 2. head-to-head 3. deals won "
                                "4. fewer deals lost")
    table = standings(schedule=league(), format=BEST_OF_3, deals={})
    assert table.tie_breaks == (MATCHES_WON, HEAD_TO_HEAD, DEALS_WON, DEALS_LOST)
    assert table.tie_break_text() == tie_break_text()
    assert tie_break_text((MATCHES_WON, HEAD_TO_HEAD, DEALS_WON)) == (
        "Tie-breaks: 1. matches won 2. head-to-head 3. deals won")
    assert [points_text(Fraction(n, 2)) for n in range(5)] == ["0", "½", "1", "1½", "2"]


def test_bad_results_for_the_table_are_refused() -> None:
    schedule = league()
    with pytest.raises(LeagueError, match=r"^V is not a pair of this league\.$"):
        standings(schedule=schedule, format=BEST_OF_3, deals={Match("I", "V"): deals("aa")})
    with pytest.raises(LeagueError, match=r"^II v I is not in the schedule \(it has I v II: "
                                          r"the first pair named sits North-South\)\.$"):
        standings(schedule=schedule, format=BEST_OF_3, deals={Match("II", "I"): deals("aa")})
    with pytest.raises(MatchOverError, match=r"^I v II: The match is over"):
        standings(schedule=schedule, format=BEST_OF_3, deals={Match("I", "II"): deals("aaa")})
    broken = Schedule(schedule.rounds[:2], schedule.pairs)
    with pytest.raises(ScheduleError, match="I and II meet 0 times, not once."):
        standings(schedule=broken, format=BEST_OF_3, deals={})


def test_the_booklets_four_pair_league_over_a_term() -> None:
    """The booklet's table: four pairs, I to IV, best of three, typed-in and online deals
    mixed; "when all the encounters are over, the total column should reveal an overall
    winner"."""
    schedule = league()
    deal = deal_with(STRONG_NORTH)
    typed = [DealResult.from_checked(result_check(deal=deal, rules=make_rules(5, "target"),
                                                  declarer="N", contract="NT", tricks=tricks))
             for tricks in (11, 10)]  # 31 points: the target is eleven
    online = DealResult.from_hand(play_hand(make_rules(5), deal, "game NT").result(), deal)
    played = results(schedule, I_II="aba", I_III="aa", I_IV="bab", II_III="aa", II_IV="aa",
                     III_IV="bab")
    played[Match("IV", "I")] = (typed[0], typed[1], typed[0])  # IV sits North-South: 2-1
    i_iii = played[Match("III", "I")]
    played[Match("III", "I")] = i_iii[:1] + (DealResult(**{**vars(online), "tricks_ns": 5}),)
    table = standings(schedule=schedule, format=BEST_OF_3, deals=played)
    assert table.finished
    assert [[c.text if c else "" for c in row] for row in table.grid] == [
        ["", "2-1", "2-0", "1-2"], ["1-2", "", "2-0", "2-0"], ["0-2", "0-2", "", "1-2"],
        ["2-1", "0-2", "2-1", ""]]
    # I, II and IV won two each and one against each other; I and II won five deals, IV four;
    # then I beat II.
    assert [(line.place_text, line.pair, line.total_text) for line in table.lines] == [
        ("1", "I", "2"), ("2", "II", "2"), ("3", "IV", "2"), ("4", "III", "0")]
