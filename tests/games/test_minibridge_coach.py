"""MiniBridge's coach (issue 29): a hint from the pupil's seat view alone, a legal
action, and a reason that is true of its position.

The issue: "A hint uses only what that pupil may see: the coach is given the pupil's
seat view and the public history, never the game; a test gives it two deals that
differ only in cards the pupil cannot see and gets the same hint." And: "Every reason
is true of its position: a checker per kind of reason ('win cheaply' names the lowest
card that wins, 'second hand low' is the lowest card of the suit, 'draw trumps' while
opponents hold trumps...)."
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from games.cards import cards_from_str
from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.minibridge.coach import (
    BEST_PLAY,
    CARD_IDEAS,
    IDEAS,
    MiniBridgeCoach,
    Seen,
    is_true,
)
from games.robots import robot_for
from games.seats import SEATS, Seat
from tests.games.minibridge_helpers import game_at

N, E, S, W = SEATS

#: North 18 (five spades), South 15 (four spades), East 7, West 0: North declares
#: with 33 points and nine spades between his hand and dummy's.
SPADE_FIT = {
    N: "SA SK SQ S5 S4 HA HK H3 DQ D4 C4 C3 C2",
    S: "SJ S9 S8 S7 HQ HJ H2 DA DK D3 CA C6 C5",
    E: "ST S6 S3 H9 H8 H7 DJ DT D9 CK CQ CJ CT",
    W: "S2 HT H6 H5 H4 D8 D7 D6 D5 D2 C9 C8 C7",
}


def deal_of(hands: dict[Seat, str], dealer: Seat = N) -> Deal:
    return Deal({s: tuple(cards_from_str(text)) for s, text in hands.items()},
                dealer=dealer, board=1)


def position(me: str, hands: dict[str, str], trick: Sequence[tuple[str, str]] = (),
             trumps: str | None = None, declarer: str | None = None,
             dummy: str | None = None, lesson: int = 5,
             tricks: Sequence[tuple[str, Sequence[tuple[str, str]], str]] = (),
             goal: int = 7, to_play: str | None = None) -> Seen:
    """A hand-made card-play position: what a seat sees, as the coach reads it."""
    in_sight = {p: text.split() for p, text in hands.items()}
    raw = [{"leader": leader, "cards": [{"seat": p, "card": c} for p, c in cards],
            "winner": winner} for leader, cards, winner in tricks]
    played = sum(len(cards) for _, cards, _ in tricks)
    sizes = {p: 13 - played // 4 - sum(1 for q, _ in trick if q == p) for p in "NESW"}
    contract = {"denomination": trumps or "NT", "level": None, "goal": goal}
    seat_to_play = to_play or me
    legal = [f"play {c}" for c in in_sight[seat_to_play]]
    return Seen(me, lesson, None, "play", legal, lesson >= 6, declarer, dummy, trumps,
                seat_to_play, in_sight, sizes, trick[0][0] if trick else None, list(trick),
                raw, (), None, contract if declarer else None, None)


def check(idea: str, seen: Seen, card: str) -> str | None:
    return IDEAS[idea].check(seen, card)


# -- the hint sees only the pupil's view ---------------------------------------------


def _swap_hidden(deal: Deal, a: Seat, b: Seat, keep: set[str]) -> list[Deal]:
    """Deals like ``deal`` with one spot card of ``a`` swapped for one of ``b`` (no
    point changes hands, so the announcements stay the same), never a card in ``keep``."""
    spots_a = [c for c in deal.hand(a) if c.hcp == 0 and str(c) not in keep]
    spots_b = [c for c in deal.hand(b) if c.hcp == 0 and str(c) not in keep]
    swapped = []
    for x in spots_a:
        for y in spots_b:
            if x.suit == y.suit:
                continue
            hands = {s: list(deal.hand(s)) for s in SEATS}
            hands[a][hands[a].index(x)] = y
            hands[b][hands[b].index(y)] = x
            swapped.append(Deal({s: tuple(c) for s, c in hands.items()},
                                dealer=deal.dealer, board=deal.board))
    return swapped


def test_two_deals_differing_only_in_hidden_cards_get_the_same_hint() -> None:
    """The issue: "a test gives it two deals that differ only in cards the pupil
    cannot see and gets the same hint" (the rng seed held fixed)."""
    robot = robot_for("minibridge", "beginner")
    deal = Deal.for_board(2, random.Random(4))
    game = MiniBridge(make_rules(5), deal)
    rng = random.Random(9)
    while game.phase != "play":
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    declarer = Seat.from_str(game.view(None).info["declarer"])
    pupil = declarer.lho  # a defender: his partner's and declarer's hands are hidden
    while len(game.log) < 24 or game.to_act()[0] != pupil:  # into the fifth trick
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    view = game.view(pupil)
    played = {a.text[5:] for a in game.log if a.text.startswith("play ")}
    same = 0
    for other_deal in _swap_hidden(deal, pupil.partner, declarer, keep=played):
        try:
            other = MiniBridge.replay(game.rules, other_deal, game.log)
        except ValueError:
            continue  # the swap changed who could follow suit: another history
        if other.view(pupil) != view:
            continue
        assert other.current_hands() != game.current_hands()
        first = MiniBridgeCoach(samples=6).hint(view, random.Random(31))
        second = MiniBridgeCoach(samples=6).hint(other.view(pupil), random.Random(31))
        assert first is not None and first == second
        same += 1
        if same == 3:
            break
    assert same == 3


def test_a_hint_is_a_legal_action_with_a_true_reason_in_every_lesson() -> None:
    """Every decision of whole robot-played hands, MiniLessons 1 to 6: the hint is one
    of the view's legal actions, and its idea's checker finds it true."""
    coach = MiniBridgeCoach(samples=3)
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(12)
    asked = 0
    for lesson in range(1, 7):
        game = MiniBridge(make_rules(lesson), Deal.for_board(lesson, rng))
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            hint = coach.hint(view, random.Random(asked))
            asked += 1
            if view.phase in ("announce", "contract") or view.card_actions:
                assert hint is not None
            if hint is not None:
                assert hint.action in view.legal
                assert is_true(hint.idea, view, hint.action), hint
                assert hint.lesson is None or hint.lesson <= lesson
                assert hint.idea == BEST_PLAY or hint.idea in IDEAS
            game.apply(seat, robot.choose(view, rng))
    assert asked > 250


def test_cards_are_named_in_words_never_codes() -> None:
    coach = MiniBridgeCoach(samples=3)
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(3)
    game = MiniBridge(make_rules(6), Deal.for_board(1, rng))
    reasons: list[str] = []
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        hint = coach.hint(view, random.Random(1))
        if hint is not None and view.card_actions:
            reasons.append(hint.reason)
            code = hint.action[5:]
            assert code not in hint.reason.split(), hint
        game.apply(seat, robot.choose(view, rng))
    assert any(" of " in reason for reason in reasons)


# -- before the play: the booklet's guide -------------------------------------------


def test_the_point_count_hint_is_laws_4_count() -> None:
    """Law 4: "Ace counts four points, king three, queen two and jack one"."""
    game = MiniBridge(make_rules(5), deal_of(SPADE_FIT))
    view = game.view(N)
    hint = MiniBridgeCoach().hint(view, random.Random(1))
    assert hint is not None
    assert (hint.action, hint.idea, hint.lesson) == ("hcp 18", "count-points", 3)
    assert "two aces, two kings and two queens" in hint.reason
    assert hint.reason.endswith(": 18 points.")


@pytest.mark.parametrize(("lesson", "action", "idea"), [
    (3, "contract NT", "no-trumps-lesson-3"),
    (4, "contract S", "eight-card-fit"),
    (5, "contract game S", "game-with-25"),
])
def test_the_contract_follows_the_booklets_guide(lesson: int, action: str, idea: str) -> None:
    """MiniLesson Five: "the magic number is EIGHT trumps between declarer's hand and
    dummy's" and "Encourage the students to try for a 'game' whenever they have 25 or
    more points"; MiniLesson Three plays "only at no trumps"."""
    game = game_at(lesson, deal_of(SPADE_FIT))
    assert game.phase == "contract"
    hint = MiniBridgeCoach().hint(game.view(N), random.Random(1))
    assert hint is not None
    assert (hint.action, hint.idea) == (action, idea)
    if lesson >= 4:
        assert "nine spades" in hint.reason


def test_a_slam_with_33_points_in_the_slam_variant() -> None:
    """It's flexible and adaptable: "the concept of 'slam', for which the goal in either
    no trumps or any trump suit is 12 tricks"; the robots' reading is slam from 33
    points (the defenders hold seven at most)."""
    game = game_at(5, deal_of(SPADE_FIT), variant="slam")
    hint = MiniBridgeCoach().hint(game.view(N), random.Random(1))
    assert hint is not None
    assert (hint.action, hint.idea) == ("contract slam S", "slam-with-33")
    assert "the defenders only seven" in hint.reason


def test_a_part_score_with_fewer_than_25_points() -> None:
    """MiniLesson Five: "play their longest combined suit as trumps, assuming they have
    an eight-card fit, whenever they are NOT announcing game"."""
    hands = dict(SPADE_FIT)
    # South gives his ace and king of diamonds to West for two small ones, North his
    # king of hearts for a small one: North 15, South 8, 23 points together.
    hands[N] = "SA SK SQ S5 S4 HA H4 H3 DQ D4 C4 C3 C2"
    hands[S] = "SJ S9 S8 S7 HQ HJ H2 D8 D7 D3 CA C6 C5"
    hands[W] = "S2 HT H6 H5 HK DA DK D6 D5 D2 C9 C8 C7"
    game = game_at(5, deal_of(hands))
    hint = MiniBridgeCoach().hint(game.view(N), random.Random(1))
    assert hint is not None and hint.action == "contract part S"
    assert hint.idea == "part-score-under-25"
    assert "You and dummy have 23 points, fewer than 25" in hint.reason


def test_contract_checkers_refuse_what_is_not_true() -> None:
    game = game_at(5, deal_of(SPADE_FIT))
    view = game.view(N)
    assert is_true("game-with-25", view, "contract game S")
    assert not is_true("game-with-25", view, "contract part S")  # not a game
    assert not is_true("game-with-25", view, "contract game D")  # a minor game
    assert not is_true("game-with-25", view, "contract game NT")  # nine spades: not no-trumps
    assert not is_true("part-score-under-25", view, "contract part S")  # 33 points
    assert not is_true("eight-card-fit", view, "contract H")  # five hearts together
    assert not is_true("count-points", game.view(N), "hcp 17")


# -- the card play: a golden position per idea, and a refusal --------------------------

# (idea, the position, the card it is true of, a card it is not true of, words)
GOLDEN: list[tuple[str, Seen, str, str, str]] = [
    ("only-card", position("E", {"E": "H3 S2 S4"}, [("N", "HK")]), "H3", "S2",
     "your only heart"),
    ("cash-winner", position("S", {"S": "SA S2 H5"}), "SA", "S2",
     "the ace of spades is the highest spade left"),
    ("count-sure-tricks", position(
        "S", {"S": "SA SK SQ SJ HA HK HQ C2 C3 C4 C5 D2 D3",
              "N": "S2 S3 H2 H3 C6 C7 C8 C9 D4 D5 D6 D7 D8"},
        declarer="S", dummy="N"), "SA", "C2", "seven top tricks"),
    ("draw-trumps", position("S", {"S": "H2 H5 SA", "N": "HA HK D2"}, trumps="H",
                             declarer="S", dummy="N"), "H2", "SA",
     "Draw trumps: the defenders still hold"),
    ("top-of-sequence", position("W", {"W": "SK SQ S5 H4", "N": "C2"}, declarer="S",
                                 dummy="N", lesson=6), "SK", "SQ",
     "It tells your partner you do not hold the ace"),
    ("partners-suit", position(
        "W", {"W": "D4 C4", "N": "S9"}, declarer="S", dummy="N", lesson=2,
        tricks=[("E", [("E", "DA"), ("S", "D2"), ("W", "D3"), ("N", "D5")], "E")]),
     "D4", "C4", "Your partner led diamonds earlier"),
    ("long-suit", position("S", {"S": "S2 S3 S4 S5 H2", "N": "SA SK SQ S6 H3"},
                           declarer="S", dummy="N"), "S2", "H2", "eight spades"),
    ("long-suit-lead", position("W", {"W": "C4 C5 C6 C8 CT H2 H3 H4", "N": "S2"},
                                declarer="S", dummy="N"), "C4", "H2",
     "you hold five clubs"),
    ("trump-it", position("E", {"E": "S2 S9 D3"}, [("N", "HA")], trumps="S"), "S2", "S9",
     "the two of spades is your lowest trump that beats the ace of hearts"),
    ("third-hand-high", position("S", {"S": "HK HQ H2"}, [("N", "H4"), ("E", "H9")]),
     "HQ", "HK", "does the same work as your king"),
    ("third-hand-high", position("S", {"S": "HK HQ H2"}, [("N", "H4"), ("E", "H3")]),
     "HQ", "H2", "your partner led a small heart, so help him and play high"),
    ("beat-the-dummy", position("E", {"E": "DT DK D4", "S": "D9 D2"}, [("N", "D3")],
                                declarer="N", dummy="S"), "DT", "DK",
     "Dummy plays after you and holds the nine of diamonds"),
    ("second-hand-low", position("N", {"N": "CK C8 C3"}, [("W", "C5")]), "C3", "CK",
     "Second hand low: play your lowest club, the three of clubs"),
    ("win-cheaply", position("W", {"W": "HA HJ H3"}, [("N", "H5"), ("E", "H2"), ("S", "H9")]),
     "HJ", "HA", "the jack of hearts is the lowest card that wins this trick"),
    ("signal-like", position("W", {"W": "HQ H8 H3", "N": "C2"}, [("E", "H2"), ("S", "HT")],
                             declarer="S", dummy="N", lesson=6), "H8", "H3",
     "I like this suit"),
    ("signal-dislike", position("W", {"W": "H8 H3", "N": "C2"}, [("E", "H2"), ("S", "HT")],
                                declarer="S", dummy="N", lesson=6), "H3", "H8",
     "I don't like this suit"),
    ("partner-winning", position("W", {"W": "CK C7 C4"}, [("N", "C2"), ("E", "CA"), ("S", "C5")]),
     "C4", "CK", "Your partner's ace already wins this trick"),
    ("lowest-of-equals", position("E", {"E": "DK DQ D2", "S": "C2"}, [("N", "D5")],
                                  declarer="N", dummy="S", lesson=6), "DQ", "DK",
     "does the same work as your king"),
    ("cannot-win", position("E", {"E": "SQ S3 S2"}, [("N", "SA")]), "S2", "S3",
     "None of your spades can beat the ace of spades"),
    ("throw-away", position("E", {"E": "H5 H2 D3"}, [("N", "SA")]), "H2", "H5",
     "throw away a small card, the two of hearts"),
]


def test_every_card_idea_has_a_golden_position() -> None:
    assert {idea for idea, *_ in GOLDEN} == {idea.key for idea in CARD_IDEAS}


@pytest.mark.parametrize(("idea", "seen", "card", "wrong", "words"), GOLDEN,
                         ids=[g[0] for g in GOLDEN])
def test_each_idea_is_true_of_its_golden_card_and_refuses_another(
        idea: str, seen: Seen, card: str, wrong: str, words: str) -> None:
    reason = check(idea, seen, card)
    assert reason is not None and words in reason
    assert check(idea, seen, wrong) is None


def _refusals() -> list[tuple[str, Seen, str]]:
    """Positions where the idea is false of the very card its golden position names."""
    return [
        ("only-card", position("E", {"E": "H3 H5 S4"}, [("N", "HK")]), "H3"),
        ("cash-winner", position("S", {"S": "SK S2"}), "SK"),  # the ace is out
        ("count-sure-tricks", position(  # six top tricks, seven needed
            "S", {"S": "SA SK SQ SJ HA HK H4 C2 C3 C4 C5 D2 D3",
                  "N": "S2 S3 H2 H3 C6 C7 C8 C9 D4 D5 D6 D7 D8"},
            declarer="S", dummy="N"), "SA"),
        ("draw-trumps", position("S", {"S": "H2 H5 H6 H7 SA",  # the defenders have none
                                       "N": "HA HK HQ HJ HT H9 H8 H4 H3 D2"},
                                 trumps="H", declarer="S", dummy="N"), "H2"),
        ("top-of-sequence", position("W", {"W": "SK SJ S5", "N": "C2"}, declarer="S",
                                     dummy="N", lesson=6), "SK"),
        ("partners-suit", position("W", {"W": "D4 C4", "N": "S9"}, declarer="S",
                                   dummy="N", lesson=2), "D4"),  # partner has led nothing
        ("long-suit", position("S", {"S": "S2 S3 H2 H4 H5", "N": "SA SK SQ S6 H3"},
                               declarer="S", dummy="N"), "S2"),  # six spades, four hearts
        ("long-suit-lead", position("W", {"W": "C4 C5 C6 H2 H3 H4 H5", "N": "S2"},
                                    declarer="S", dummy="N"), "C4"),  # hearts are longer
        ("trump-it", position("E", {"E": "S2 S9 H3"}, [("N", "HA")], trumps="S"), "S2"),
        ("third-hand-high", position("S", {"S": "HK HT H2"}, [("N", "HA"), ("E", "H9")]),
         "HK"),  # partner's ace wins
        ("beat-the-dummy", position("E", {"E": "DT DK D4", "S": "DJ D2"}, [("N", "D3")],
                                    declarer="N", dummy="S"), "DT"),  # dummy's jack beats it
        ("second-hand-low", position("N", {"N": "CK C8 C3"}, [("W", "C5"), ("N", "C2")]),
         "C3"),  # third hand, not second
        ("win-cheaply", position("W", {"W": "HA HJ H3"},
                                 [("N", "H5"), ("E", "H2"), ("S", "HK")]), "HJ"),
        ("signal-like", position("W", {"W": "H9 H8 H3", "N": "C2"}, [("E", "H2"), ("S", "HT")],
                                 declarer="S", dummy="N", lesson=6), "H8"),  # no honour
        ("signal-dislike", position("W", {"W": "HQ H3", "N": "C2"}, [("E", "H2"), ("S", "HT")],
                                    declarer="S", dummy="N", lesson=6), "H3"),  # likes it
        ("partner-winning", position("W", {"W": "CK C7 C4"},
                                     [("N", "C2"), ("E", "C6"), ("S", "C9")]), "C4"),
        ("lowest-of-equals", position("E", {"E": "DK DT D2", "S": "C2"}, [("N", "D5")],
                                      declarer="N", dummy="S", lesson=6), "DT"),
        ("cannot-win", position("E", {"E": "SQ S3 S2"}, [("N", "ST")]), "S2"),
        ("throw-away", position("E", {"E": "H5 H2 S3"}, [("N", "SA")]), "H2"),
    ]


@pytest.mark.parametrize(("idea", "seen", "card"), _refusals(),
                         ids=[r[0] for r in _refusals()])
def test_each_idea_refuses_a_position_where_it_is_false(idea: str, seen: Seen,
                                                        card: str) -> None:
    assert check(idea, seen, card) is None


def test_an_idea_of_a_later_lesson_is_not_used() -> None:
    """A MiniLesson Three pupil is not told about MiniLesson Six's signals."""
    seen = position("W", {"W": "H8 H3", "N": "C2"}, [("E", "H2"), ("S", "HT")],
                    declarer="S", dummy="N", lesson=3)
    from games.minibridge.coach import reason_for

    found = reason_for(seen, "H3", CARD_IDEAS)
    assert found is not None and found[0].lesson <= 3
