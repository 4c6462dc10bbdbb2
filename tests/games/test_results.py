"""Results typed in at a real table: checked against the deal and the Laws, scored
by the engine's own scoring, and the same as the hand played online."""

from __future__ import annotations

import random

import pytest

from games.cards import PACK_52, Rank
from games.deals import Deal
from games.duplicate import board_result_from_hand
from games.minibridge import make_rules
from games.minibridge.playout import play_hand, random_policy
from games.minibridge.results import CheckedResult, ResultError, parse_contract, result_check
from games.movements import Pair
from games.seats import SEATS, Seat, Side
from tests.games.minibridge_helpers import STRONG_NORTH, TIED_NS, deal_with

N, E, S, W = SEATS
HONOURS = sorted((c for c in PACK_52 if c.rank >= Rank.JACK), key=lambda c: -c.hcp)


def deal_for_points(ns_points: int, dealer: Seat = N) -> Deal:
    """A deal where North-South hold ``ns_points`` (North at least as many as
    South): the honours go to North-South from the top while they fit."""
    ns, ew = [], []
    for card in HONOURS:
        (ns if sum(c.hcp for c in ns) + card.hcp <= ns_points else ew).append(card)
    honours = {N: " ".join(map(str, ns[0::2])), S: " ".join(map(str, ns[1::2])),
               E: " ".join(map(str, ew[0::2])), W: " ".join(map(str, ew[1::2]))}
    deal = deal_with(honours, dealer=dealer)
    assert deal.side_hcp(Side.NS) == ns_points
    return deal


def check(lesson: int = 5, variant: str | None = None, deal: Deal | None = None,
          declarer: Seat | str | None = N, contract: str | None = "game NT",
          tricks: int | str = 9) -> CheckedResult:
    return result_check(deal=deal or deal_with(STRONG_NORTH), rules=make_rules(lesson, variant),
                        declarer=declarer, contract=contract, tricks=tricks)


def refused(**kwargs: object) -> str:
    with pytest.raises(ResultError) as caught:
        check(**kwargs)  # type: ignore[arg-type]
    return str(caught.value)


# -- golden scores from the booklet ------------------------------------------------------


@pytest.mark.parametrize("contract, tricks, ns, ew", [
    # Law 16: part-score 50 bonus; no-trumps 40 for the first odd trick, 30 for the others
    ("part NT", 7, 90, 0), ("1NT", 9, 150, 0), ("part H", 8, 110, 0), ("1C", 7, 70, 0),
    # "game contracts are thus still 3NT, 4H or 4S, 5C or 5D" and the bonus is 300
    ("3NT", 9, 400, 0), ("4H", 10, 420, 0), ("game S", 11, 450, 0), ("5C", 11, 400, 0),
    ("game in diamonds", 13, 440, 0),
    # Law 17: the defenders score 50 for each trick short of the goal
    ("4S", 9, 0, 50), ("3NT", 0, 0, 450), ("part C", 6, 0, 50), ("5D", 7, 0, 200),
])
def test_lesson_five_scores_follow_laws_16_and_17(contract: str, tricks: int, ns: int,
                                                   ew: int) -> None:
    result = check(contract=contract, tricks=tricks)
    assert result.score == {Side.NS: ns, Side.EW: ew}
    assert result.score_ns == ns - ew


def test_a_game_at_its_goal_is_worth_100_or_more_before_the_bonus() -> None:
    # Summary 12: "the goals of nine, ten or eleven tricks ... will lead to a total of 100+"
    for contract, goal in (("3NT", 9), ("4H", 10), ("4S", 10), ("5C", 11), ("5D", 11)):
        assert check(contract=contract, tricks=goal).score[Side.NS] - 300 >= 100


@pytest.mark.parametrize("tricks, ns, ew", [(7, 90, 0), (10, 210, 0), (13, 330, 0), (6, 0, 50),
                                            (0, 0, 350)])
def test_lesson_three_scores_50_and_40_per_odd_trick(tricks: int, ns: int, ew: int) -> None:
    # MiniLesson Three: "a bonus of 50 points for making the majority of the tricks, plus
    # 40 points per trick won beyond the first six ... the defenders score 50 points per undertrick"
    assert check(3, contract="NT", tricks=tricks).score == {Side.NS: ns, Side.EW: ew}


def test_lesson_four_keeps_lesson_threes_scoring_in_a_suit() -> None:
    assert check(4, contract="S", tricks=8).score == {Side.NS: 130, Side.EW: 0}
    assert check(4, contract="C", tricks=5).score == {Side.NS: 0, Side.EW: 100}


def test_slam_needs_twelve_tricks_and_earns_800() -> None:
    assert check(5, "slam", contract="6NT", tricks=12).score[Side.NS] == 990
    assert check(5, "slam", contract="slam S", tricks=13).score[Side.NS] == 1010
    assert check(5, "slam", contract="6C", tricks=11).score == {Side.NS: 0, Side.EW: 50}
    assert check(5, "slam", contract="game H", tricks=10).score[Side.NS] == 420


@pytest.mark.parametrize("points, target", [
    (21, 7), (22, 7), (23, 8), (24, 8), (25, 9), (26, 9), (27, 10), (28, 10), (29, 11),
    (32, 11), (33, 12), (36, 12), (37, 13), (40, 13),
])
def test_the_target_comes_from_the_booklets_table(points: int, target: int) -> None:
    deal = deal_for_points(points)
    made = check(5, "target", deal=deal, contract="NT", tricks=target)
    assert (made.goal, made.combined_hcp, made.made, made.win) == (target, points, True, Side.NS)
    assert made.score == {Side.NS: 1, Side.EW: 0}
    short = check(5, "target", deal=deal, contract="NT", tricks=target - 1)
    assert (short.made, short.win, short.score) == (False, Side.EW, {Side.NS: 0, Side.EW: 1})


def test_lessons_one_and_two_count_tricks_per_side() -> None:
    for lesson in (1, 2):
        result = check(lesson, declarer=None, contract=None, tricks=8)
        assert result.tricks_ns == 8 and result.score == {Side.NS: 8, Side.EW: 5}
        assert result.declarer is None and result.contract is None and result.tricks is None
    assert check(1, declarer="", contract="", tricks="0").tricks_by_side == {Side.NS: 0,
                                                                             Side.EW: 13}


# -- Law 7: the declarer --------------------------------------------------------------


def test_east_west_declare_when_they_hold_more_points() -> None:
    swapped = Deal({seat.next: deal_with(STRONG_NORTH).hand(seat) for seat in SEATS})
    result = check(deal=swapped, declarer="east", contract="4S", tricks=10)
    assert (result.declaring_side, result.tricks_ns, result.score) == (
        Side.EW, 3, {Side.NS: 0, Side.EW: 420})
    assert result.contract_string == "4SE="


def test_the_declarer_must_be_on_the_side_with_more_points() -> None:
    assert refused(declarer=E) == ("East cannot declare board 1: North-South hold 31 points "
                                   "to East-West's 9, so North-South declare (Law 7).")
    assert "West cannot declare" in refused(declarer="W")


def test_the_declarer_is_the_member_with_more_points() -> None:
    assert refused(declarer=S) == ("South cannot declare board 1: North holds more points "
                                   "(16 to 15), so North is declarer (Law 7).")


@pytest.mark.parametrize("dealer, first", [(N, N), (E, S), (S, S), (W, N)])
def test_on_a_tie_the_first_to_announce_clockwise_from_the_dealer_declares(
        dealer: Seat, first: Seat) -> None:
    deal = deal_with(TIED_NS, dealer=dealer)
    for lesson in (5, 6):
        assert check(lesson, deal=deal, declarer=first, contract="1NT", tricks=7).declarer is first
        message = refused(lesson=lesson, deal=deal, declarer=first.partner, contract="1NT")
        assert message == (
            f"{first.partner.word} cannot declare board 1: {first.word} and {first.partner.word} "
            f"hold 12 points each, and {first.word} announced first (points are announced "
            f"clockwise from the dealer, {dealer.word}), so {first.word} is declarer (Law 7).")


def test_in_lessons_three_and_four_a_tied_pair_chooses_either_member() -> None:
    deal = deal_with(TIED_NS, dealer=E)
    for lesson in (3, 4):
        for seat in (N, S):
            assert check(lesson, deal=deal, declarer=seat, contract="NT", tricks=7).declarer is seat
        assert "East cannot declare" in refused(lesson=lesson, deal=deal, declarer=E,
                                                contract="NT")


def test_a_twenty_twenty_board_has_no_declarer_and_no_result() -> None:
    even = deal_with({N: "SA SK SQ SJ", E: "HA HK HQ HJ", S: "DA DK DQ DJ", W: "CA CK CQ CJ"},
                     board=7)
    for lesson in (3, 5):
        assert refused(lesson=lesson, deal=even) == (
            "Board 7 has no result: both sides hold 20 points, so it is dealt again (Law 6).")


def test_the_declarer_must_be_named_as_a_seat() -> None:
    assert refused(declarer=None) == "Name the declarer: N, E, S or W."
    assert refused(declarer="  ") == "Name the declarer: N, E, S or W."
    assert refused(declarer="Q") == "'Q' is not a seat: name the declarer as N, E, S or W."
    assert check(declarer=" north ").declarer is N


# -- the tricks -------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [0, 13, "13", " 7 "])
def test_tricks_run_from_0_to_13(tricks: int | str) -> None:
    assert check(contract="part NT", tricks=tricks).tricks == int(tricks)


@pytest.mark.parametrize("tricks, message", [
    (14, "A deal has 13 tricks: 14 tricks cannot be won."),
    (-1, "A deal has 13 tricks: -1 tricks cannot be won."),
    ("nine", "Type the tricks as a whole number from 0 to 13, not 'nine'."),
    (9.0, "Type the tricks as a whole number from 0 to 13, not 9.0."),
    (True, "Type the tricks as a whole number from 0 to 13, not True."),
    (None, "Type the tricks as a whole number from 0 to 13, not None."),
    ("", "Type the tricks as a whole number from 0 to 13, not ''."),
])
def test_impossible_trick_counts_are_refused(tricks: object, message: str) -> None:
    assert refused(tricks=tricks) == message
    assert refused(lesson=1, declarer=None, contract=None, tricks=tricks) == message


# -- the contract ---------------------------------------------------------------------


@pytest.mark.parametrize("text, parsed", [
    ("4H", (4, None, "H")), ("4h", (4, None, "H")), ("4 hearts", (4, None, "H")),
    ("4♥", (4, None, "H")), ("game H", (None, "game", "H")),
    ("Game in hearts", (None, "game", "H")), ("hearts game", (None, "game", "H")),
    ("3NT", (3, None, "NT")), ("3 no trumps", (3, None, "NT")), ("1N", (1, None, "NT")),
    ("part NT", (None, "part", "NT")), ("Part-score in no-trumps", (None, "part", "NT")),
    ("part score notrumps", (None, "part", "NT")), ("partscore ♣", (None, "part", "C")),
    ("Game in clubs.", (None, "game", "C")), ("NT", (None, None, "NT")),
    ("spades", (None, None, "S")), ("slam D", (None, "slam", "D")), ("6NT", (6, None, "NT")),
])
def test_contracts_are_read_in_friendly_text(text: str, parsed: tuple) -> None:
    assert parse_contract(text) == parsed


@pytest.mark.parametrize("text, message", [
    (None, "Type the contract, e.g. '4H', 'part NT' or 'game S'."),
    ("", "Type the contract, e.g. '4H', 'part NT' or 'game S'."),
    ("game in pears", "'pears' is not part of a MiniBridge contract: write the contract, "
                      "e.g. '4H', 'part NT' or 'game S'."),
    ("4H S", "'4H S' names two denominations: choose one trump suit or no-trumps."),
    ("game 4H", "'game 4H' names the level twice: write '4H' or 'game H'."),
    ("4 5 H", "'4 5 H' names the level twice: write '4H' or 'game H'."),
    ("game", "'game' does not say the trump suit or no-trumps: e.g. '4H', 'part NT' or 'game S'."),
])
def test_contracts_that_cannot_be_read_are_refused(text: str | None, message: str) -> None:
    with pytest.raises(ResultError, match="^" + message.replace("(", r"\(").replace(")", r"\)")
                       .replace(".", r"\.") + "$"):
        parse_contract(text)
    assert refused(contract=text) == message


@pytest.mark.parametrize("lesson, variant, contract, message", [
    (3, None, "H", "In MiniLesson Three every contract is in no-trumps: type 'NT'."),
    (3, None, "game NT", "There is no game in MiniLesson Three: declarer's goal is always seven "
                         "tricks. Type only the trump suit or no-trumps, e.g. 'NT'."),
    (4, None, "game S", "There is no game in MiniLesson Four: declarer's goal is always seven "
                        "tricks. Type only the trump suit or no-trumps, e.g. 'S'."),
    (4, None, "4S", "4S is not a MiniLesson Four contract: declarer's goal is always seven "
                    "tricks. Type only the trump suit or no-trumps, e.g. 'S'."),
    (4, None, "2S", "2S is not a MiniLesson Four contract: declarer's goal is always seven "
                    "tricks. Type only the trump suit or no-trumps, e.g. 'S'."),
    (4, None, "slam H", "There is no slam in MiniLesson Four: declarer's goal is always seven "
                        "tricks. Type only the trump suit or no-trumps, e.g. 'H'."),
    (5, "target", "4S", "In the target variant declarer names only the trump suit or no-trumps "
                        "(type 'S'): the target comes from the declaring side's points."),
    (5, "target", "part NT", "In the target variant declarer names only the trump suit or "
                             "no-trumps (type 'NT'): the target comes from the declaring "
                             "side's points."),
    (5, None, "NT", "Say part-score or game as well: '1NT' or 'part NT', '3NT' or 'game NT'."),
    (6, None, "H", "Say part-score or game as well: '1H' or 'part H', '4H' or 'game H'."),
    (5, None, "6NT", "A slam is played only with the slam variant: here declarer chooses "
                     "part-score or game."),
    (5, None, "slam S", "A slam is played only with the slam variant: here declarer chooses "
                        "part-score or game."),
    (5, None, "2H", "2H is not a MiniBridge contract: in hearts part-score is 1H and game 4H."),
    (5, None, "4C", "4C is not a MiniBridge contract: in clubs part-score is 1C and game 5C."),
    (5, "slam", "7NT", "7NT is not a MiniBridge contract: in no-trumps part-score is 1NT and "
                       "game 3NT, slam 6NT."),
    (5, None, "0NT", "0NT is not a MiniBridge contract: in no-trumps part-score is 1NT and "
                     "game 3NT."),
])
def test_contracts_the_lesson_does_not_allow_are_refused(lesson: int, variant: str | None,
                                                         contract: str, message: str) -> None:
    assert refused(lesson=lesson, variant=variant, contract=contract) == message


def test_lessons_three_and_four_accept_part_or_level_one_for_the_goal_of_seven() -> None:
    for text in ("NT", "part NT", "1NT", "no-trumps"):
        result = check(3, contract=text, tricks=8)
        assert (result.contract.level, result.goal, result.contract_string) == (None, 7, "1NTN+1")
    assert check(4, contract="1H", tricks=7).contract_string == "1HN="


def test_lessons_one_and_two_take_no_declarer_and_no_contract() -> None:
    assert refused(lesson=1, declarer=N, contract=None) == (
        "MiniLesson One has no declarer: type only the tricks North-South won.")
    assert refused(lesson=2, declarer=None, contract="NT") == (
        "MiniLesson Two has no contract: every hand is played in no-trumps; type only the "
        "tricks North-South won.")


def test_three_handed_games_are_not_typed_in() -> None:
    assert refused(variant="three-simple") == (
        "Results are typed in for four players, a pair against a pair; the three-handed "
        "games are played on the site.")


def test_a_board_without_thirteen_cards_each_is_refused() -> None:
    whole = deal_with(STRONG_NORTH, board=4)
    short = Deal({s: whole.hand(s)[1:] if s is W else whole.hand(s) for s in SEATS}, board=4)
    assert refused(deal=short) == ("Board 4 is not a whole deal: West has 12 cards, not "
                                   "thirteen (Law 6).")


# -- what the confirmation screen and the traveller get -----------------------------------


def test_the_result_reads_as_words() -> None:
    assert check(contract="4H", tricks=9).words() == (
        "Game in hearts by North: 9 tricks, 1 short of the goal of 10. East-West score 50.")
    assert check(contract="1NT", tricks=7).words() == (
        "Part-score in no-trumps by North: 7 tricks, goal of 7 reached. North-South score 90.")
    assert check(contract="3NT", tricks=11).words() == (
        "Game in no-trumps by North: 11 tricks, 2 more than the goal of 9. North-South score 460.")
    assert check(5, "target", contract="S", tricks=10).words() == (
        "Spades by North: 10 tricks, 1 short of the target of 11. East-West win the deal.")
    assert check(1, declarer=None, contract=None, tricks=4).words() == (
        "North-South won 4 tricks, East-West 9.")


def test_a_checked_result_goes_on_a_traveller() -> None:
    result = check(contract="4S", tricks=9).result()
    line = board_result_from_hand(1, Pair(1), Pair(2), result)
    assert (line.score, line.contract, line.declarer, line.tricks) == (-50, "4SN-1", N, 9)
    target = check(5, "target", contract="S", tricks=13).result()
    assert board_result_from_hand(1, Pair(1), Pair(2), target).won_by is Side.NS


# -- the same as the hand played online ----------------------------------------------------

KEYS = ("declarer", "declaring_side", "contract", "contract_string", "goal", "tricks", "made",
        "score", "win", "tricks_by_side")
RULES = [(1, None), (2, None), (3, None), (4, None), (5, None), (6, None), (5, "target"),
         (5, "slam"), (6, "target")]


def typed_contract(contract: dict, string: str, rng: random.Random) -> str | None:
    """Some way a pupil might type the contract the hand was played in."""
    denomination, level = contract["denomination"], contract["level"]
    word = {"NT": "no-trumps", "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    if level is None:
        return rng.choice([denomination, word[denomination]])
    digits = string[:string.index(denomination)] + denomination
    return rng.choice([digits, f"{level} {denomination}", f"{level} in {word[denomination]}"])


def test_a_hand_typed_in_scores_exactly_as_it_scored_online() -> None:
    rng = random.Random(5)
    checked = 0
    for number in range(450):
        lesson, variant = RULES[number % len(RULES)]
        rules = make_rules(lesson, variant)
        deal = Deal.for_board(number % 16 + 1, rng)
        contract = f"{rng.choice(rules.levels or ('',))} {rng.choice(rules.denominations)}"
        game = play_hand(rules, deal, contract.strip() if rules.has_dummy else None,
                         policy=random_policy(rng))
        online = game.result()
        if online["redeal"]:
            continue
        if rules.has_dummy:
            typed = result_check(deal=deal, rules=rules, declarer=online["declarer"],
                                 contract=typed_contract(online["contract"],
                                                         online["contract_string"], rng),
                                 tricks=online["tricks"])
        else:
            typed = result_check(deal=deal, rules=rules, declarer=None, contract=None,
                                 tricks=online["tricks_by_side"]["NS"])
        assert {k: typed.result()[k] for k in KEYS} == {k: online[k] for k in KEYS}, number
        checked += 1
    assert checked > 400
