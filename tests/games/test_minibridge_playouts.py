"""Random hands of every MiniLesson and variant through the whole protocol:
the invariants hold, nobody sees a hidden card, refused actions change
nothing, and every listed action is accepted."""

from __future__ import annotations

import json
import random

import pytest

from games.cards import hcp
from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.minibridge.scoring import laws_16_17_score, lesson_3_score
from games.protocol import GameError
from games.seats import SEATS
from tests.games.minibridge_helpers import hidden_cards, random_step, snapshot

CONFIGS = [(n, None) for n in range(1, 7)] + [
    (5, "target"), (5, "slam"), (5, "three-simple"), (5, "three-normal"),
    (6, "slam"), (6, "three-normal"),
]
IDS = [f"lesson-{n}" + (f"-{v}" if v else "") for n, v in CONFIGS]


def _check_finished(game: MiniBridge) -> None:
    """The invariants of a finished hand."""
    result = game.result()
    if result["redeal"]:
        assert result["reason"] and game.play is None
        return
    play = game.play
    assert play is not None and play.is_over() or result["claimed"]
    # Cards conserved: every dealt card was played once (or is still held after a claim).
    played = [c for t in play.tricks for _, c in t.cards]
    held = [c for cards in play.hands.values() for c in cards] + [c for _, c in play.current.cards]
    assert sorted(played + held) == sorted(game.deal.all_cards())
    # Each trick has one winner, who leads the next.
    for trick, following in zip(play.tricks, play.tricks[1:], strict=False):
        assert len(trick.cards) == 4
        assert trick.winner(play.rules.trumps) == following.leader
    by_side = result["tricks_by_side"]
    assert sum(by_side.values()) == 13
    rules = game.rules
    if rules.scoring == "tricks":
        assert result["score"] == by_side and result["declarer"] is None
        return
    side = result["declaring_side"]
    contract = game.contract
    assert contract.denomination in rules.denominations
    assert (contract.level in rules.levels) if rules.levels else contract.level is None
    first = play.tricks[0] if play.tricks else play.current
    assert first.leader == game.declarer.lho  # the opening lead, Summary 6
    assert result["tricks"] == by_side[side] and result["made"] == (by_side[side] >= result["goal"])
    side_hcp = game.view(None).info["side_hcp"]
    assert sum(side_hcp.values()) == 40 and side_hcp[side] >= 21
    other = "EW" if side == "NS" else "NS"
    expected = {
        "lesson-3": lambda: lesson_3_score(by_side[side]),
        "laws-16-17": lambda: laws_16_17_score(contract.denomination, contract.level,
                                               by_side[side]),
        "win-loss": lambda: (1, 0) if result["made"] else (0, 1),
    }[rules.scoring]()
    assert (result["score"][side], result["score"][other]) == expected
    assert result["contract_string"].startswith(str(result["goal"] - 6))


@pytest.mark.parametrize("lesson, variant", CONFIGS, ids=IDS)
def test_random_hands_keep_the_invariants(lesson: int, variant: str | None) -> None:
    rules = make_rules(lesson, variant)
    rng = random.Random(f"playout:{lesson}:{variant}")
    outcomes = {"redeal": 0, "played": 0, "claimed": 0}
    for board in range(1, 201):
        game = MiniBridge(rules, Deal.for_board(board, rng))
        claims = board % 5 == 0
        while not game.is_over():
            random_step(game, rng, claims=claims)
        _check_finished(game)
        result = game.result()
        kind = "redeal" if result["redeal"] else "claimed" if result["claimed"] else "played"
        outcomes[kind] += 1
    assert outcomes["played"] > 120
    if rules.has_dummy:
        assert outcomes["claimed"] > 0


@pytest.mark.parametrize("lesson, variant", CONFIGS, ids=IDS)
def test_no_view_ever_shows_a_hidden_card(lesson: int, variant: str | None) -> None:
    rules = make_rules(lesson, variant)
    rng = random.Random(f"hidden:{lesson}:{variant}")
    for board in range(1, 7):
        game = MiniBridge(rules, Deal.for_board(board, rng))
        while True:
            for seat in (None, *SEATS):
                text = json.dumps(game.view(seat).as_data())
                leaked = [c for c in hidden_cards(game, seat) if f'"{c}"' in text]
                assert not leaked, (game.phase, seat, leaked)
            if game.is_over():
                break
            random_step(game, rng, claims=True)


def test_a_seats_own_hand_and_dummy_are_exactly_what_it_sees() -> None:
    rng = random.Random(8)
    for board in range(1, 16):
        game = MiniBridge(make_rules(5), Deal.for_board(board, rng))
        while not game.is_over():
            for seat in SEATS:
                shown = set(game.view(seat).hands)
                expected = {seat.value} | ({game.dummy.value} if game.dummy else set())
                if game.phase == "claim":
                    expected.add(game.control[game.claim.by].value)  # the claimer's
                assert shown == expected
            random_step(game, rng, claims=True)


@pytest.mark.parametrize("lesson, variant",
                         [(3, None), (5, None), (5, "three-simple"), (6, "slam")])
def test_every_listed_action_is_accepted_and_refused_ones_change_nothing(
        lesson: int, variant: str | None) -> None:
    rules = make_rules(lesson, variant)
    rng = random.Random(f"legal:{lesson}:{variant}")
    tries = ["play SA", "play C2", "hcp 10", "contract game NT", "contract NT", "declarer N",
             "claim 5", "accept", "reject", "put back", "correct", "bid 3NT", "play XX"]
    for board in range(1, 6):
        game = MiniBridge(rules, Deal.for_board(board, rng))
        while not game.is_over():
            for seat in SEATS:
                for action in game.legal_actions(seat):
                    if not action.startswith("hcp"):
                        assert game.can(seat, action), (game.phase, seat, action)
            before = snapshot(game)
            for seat in SEATS:
                for text in rng.sample(tries, 4):
                    if text not in game.legal_actions(seat) or text.startswith("hcp"):
                        try:
                            game.apply(seat, text)
                        except GameError as error:
                            assert error.reason and error.code
                            assert snapshot(game) == before
                        else:
                            before = snapshot(game)
                if game.is_over():
                    break
            if not game.is_over():
                random_step(game, rng, claims=True)


def test_only_the_true_count_is_accepted_for_each_player() -> None:
    rng = random.Random(4)
    for board in range(1, 20):
        game = MiniBridge(make_rules(5), Deal.for_board(board, rng))
        for seat in game._announcing_order():
            true = hcp(game.deal.hand(seat))
            assert [n for n in range(38) if game.can(seat, f"hcp {n}")] == [true]
            game.apply(seat, f"hcp {true}")
