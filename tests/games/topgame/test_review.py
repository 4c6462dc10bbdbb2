"""The Top Game's review after the hand (issue 29): "at most three of the pupil's
choices that cost most (tricks against double dummy in MiniBridge and the Top Game
...), each with what would have kept them and why"."""

from __future__ import annotations

import random

from games.bridge.robots import cardtext, solver
from games.minibridge.coach import IDEAS, Seen
from games.protocol import TRICKS, Action
from games.seats import Seat
from games.topgame import ENTRY, TopGame
from games.topgame.review import review_hand

SEED = 4


def _solved(game: TopGame) -> dict[str, int]:
    """Each card the hand to play may play, with the tricks its side takes double dummy."""
    play = game.play
    assert play is not None
    hands = {s.value: [str(c) for c in cards] for s, cards in play.hands.items()}
    trick = [(s.value, str(c)) for s, c in play.current.cards]
    trumps = play.rules.trumps
    return solver.solve_cards([solver.to_endplay(
        hands, play.current.leader.value, None if trumps is None else trumps.value, trick)])[0]


def _hand(mistake_by: Seat | None) -> tuple[TopGame, int | None, list[str]]:
    """A hand bid by the beginner robots and played double dummy (the lowest of the best
    cards) by everyone, but for one card of ``mistake_by``'s that loses a trick: the hand,
    the step of that card and the best cards he could have played, lowest first."""
    rules = ENTRY.rules()
    rng = random.Random(SEED)
    game = TopGame(rules, ENTRY.deal(rules, rng, 1))  # type: ignore[misc]
    robot = ENTRY.robot("beginner")
    step, better = None, []
    while not game.is_over():
        seat = game.to_act()[0]
        if game.phase != "play":
            game.apply(seat, robot.choose(game.view(seat), rng))
            continue
        tricks = _solved(game)
        best = max(tricks.values())
        card = min((c for c, n in tricks.items() if n == best), key=cardtext.rank)
        worse = [c for c, n in tricks.items() if n < best]
        if seat == mistake_by and step is None and worse and len(game.log) > 12:
            step = len(game.log)
            better = sorted((c for c, n in tricks.items() if n == best), key=cardtext.rank)
            card = min(worse, key=cardtext.rank)
        game.apply(seat, f"play {card}")
    return game, step, better


def test_the_card_that_lost_a_trick_is_named_with_the_better_card_and_a_true_reason() -> None:
    game, _, _ = _hand(None)
    declarer = game.log[-1].seat  # any player of the hand
    pupil = next(s for s in game.players() if s != declarer)
    game, step, better = _hand(pupil)
    assert step is not None
    review = review_hand(game.rules, game.deal, game.log, pupil)
    assert [c.step for c in review.choices] == [step]
    choice = review.choices[0]
    assert game.log[step].seat == pupil
    assert (choice.chosen, choice.unit) == (game.log[step].text, TRICKS)
    card = choice.better.removeprefix("play ")
    assert card in better and choice.cost >= 1 and choice.lesson is None
    if choice.idea is None:  # the lowest of the best, with the plain reason
        assert card == better[0] and "keeps" in choice.reason
    else:  # the lowest of those the coach's ideas have a true reason for
        view = TopGame.replay(game.rules, game.deal, game.log[:step]).view(pupil)
        assert IDEAS[choice.idea].check(Seen.from_view(view), card) == choice.reason
    for seat in game.players():
        if seat != pupil:
            assert review_hand(game.rules, game.deal, game.log, seat).choices == ()


def test_a_hand_played_double_dummy_has_nothing_to_review() -> None:
    game, _, _ = _hand(None)
    for seat in game.players():
        review = ENTRY.review_hand(game.rules, game.deal, game.log, seat)
        assert review is not None and review.perfect and review.seat == seat.value


def test_the_review_reads_a_log_written_as_text() -> None:
    game, _, _ = _hand(Seat.SOUTH)
    texts = [str(a) for a in game.log]
    assert review_hand(game.rules, game.deal, texts, "S") == review_hand(
        game.rules, game.deal, [Action.from_str(t) for t in texts], Seat.SOUTH)
