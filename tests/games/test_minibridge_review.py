"""MiniBridge's review after the hand (issue 29).

The issue: "After the hand, a review (everything is visible then): at most three of the
pupil's choices that cost most (tricks against double dummy in MiniBridge ...), each
with what would have kept them and why; for the MiniBridge declarer, a verdict on the
contract chosen against the lesson's best ('Game in no-trumps made 9 tricks with best
play; you chose a part score in hearts: +140 instead of +400'), scored by MiniBridge's
rules, never bridge's."
"""

from __future__ import annotations

import random

from games.bridge import analysis
from games.cards import Card
from games.minibridge import ENTRY, MiniBridge, make_rules
from games.minibridge.coach import IDEAS, Seen
from games.minibridge.guess import guess_words
from games.minibridge.review import review_hand
from games.protocol import TRICKS, Action, actions_from_str
from games.seats import SEATS, Seat
from tests.games.minibridge_helpers import game_at
from tests.games.test_minibridge_coach import SPADE_FIT, deal_of

N, E, S, W = SEATS

DEAL = deal_of(SPADE_FIT)
#: North declares game in no-trumps (the best contract: 12 tricks double dummy) and plays
#: every card double dummy but one: at the second trick, third in hand after dummy's
#: two of hearts, he plays his three, not the king, and East's seven wins a trick.
PLAYED = actions_from_str(
    "N hcp 18; E hcp 7; S hcp 15; W hcp 0; N contract game NT; E play S3; N play S7; "
    "W play S2; N play S4; N play H2; W play H4; N play H3; E play H7; E play S6; N play S8; "
    "W play D2; N play S5; N play D3; W play D5; N play DQ; E play D9; N play C2; E play CT; "
    "N play C5; W play C7; E play H8; N play HJ; W play H5; N play HK; N play C3; E play CJ; "
    "N play CA; W play C8; N play S9; W play H6; N play SQ; E play ST; N play D4; E play DT; "
    "N play DK; W play D6; N play DA; W play D7; N play C4; E play DJ; N play SJ; W play D8; "
    "N play SK; E play H9; N play HA; E play CQ; N play HQ; W play HT; N play SA; E play CK; "
    "N play C6; W play C9")
#: The step of North's three of hearts in the log.
THREE_OF_HEARTS = 11


def finished(log: list[Action]) -> MiniBridge:
    return MiniBridge.replay(make_rules(5), DEAL, log)


def test_the_golden_hand_names_the_card_that_lost_a_trick_and_the_better_one() -> None:
    """"at most three of the pupil's choices that cost most (tricks against double dummy
    ...), each with what would have kept them and why"."""
    assert finished(PLAYED).is_over()
    review = review_hand(make_rules(5), DEAL, PLAYED, "N")
    assert review.seat == "N" and review.verdict is None
    (choice,) = review.choices
    assert choice.step == THREE_OF_HEARTS and PLAYED[choice.step] == Action(N, "play H3")
    assert (choice.chosen, choice.better, choice.cost, choice.unit) == (
        "play H3", "play HK", 1.0, TRICKS)
    # The king, the lowest of the ace and king, which both keep the trick.
    assert choice.idea == "third-hand-high" and choice.lesson == 2
    assert "the king of hearts" in choice.reason.lower()


def test_the_reason_is_true_of_the_better_card_in_the_view_the_pupil_had() -> None:
    """The better card's reason comes from the coach's checkers, on the position as the
    pupil saw it (his seat view at that step): the checker agrees."""
    choice = review_hand(make_rules(5), DEAL, PLAYED, "N").choices[0]
    before = finished(PLAYED[:choice.step])
    view = before.view(N)
    assert view.card_actions["HK"] == "play HK"
    assert IDEAS[choice.idea].check(Seen.from_view(view), "HK") == choice.reason


def test_the_registry_reviews_the_hand_too() -> None:
    assert ENTRY.review_hand(make_rules(5), DEAL, PLAYED, N) == review_hand(
        make_rules(5), DEAL, PLAYED, N)


def test_a_hand_played_perfectly_has_nothing_to_review() -> None:
    """The best contract and every card double dummy: no choice cost anything."""
    game = finished(PLAYED[:THREE_OF_HEARTS])
    while not game.is_over():
        game.apply(game.to_act()[0], _double_dummy_card(game))
    assert game.log[THREE_OF_HEARTS] == Action(N, "play HK")
    for seat in SEATS:
        review = review_hand(make_rules(5), DEAL, game.log, seat)
        assert review.choices == () and review.verdict is None and review.perfect


def _double_dummy_card(game: MiniBridge) -> str:
    """The lowest of the best cards double dummy for the hand to play now."""
    from games.bridge.robots import cardtext, solver

    play = game.play
    assert play is not None
    hands = {s.value: [str(c) for c in cards] for s, cards in play.hands.items()}
    trick = [(s.value, str(c)) for s, c in play.current.cards]
    tricks = solver.solve_cards([solver.to_endplay(hands, play.current.leader.value, None,
                                                   trick)])[0]
    best = max(tricks.values())
    return "play " + min((c for c, n in tricks.items() if n == best), key=cardtext.rank)


def test_at_most_three_choices_the_costliest_first() -> None:
    """A hand played at random by every seat: the review keeps the three costliest of the
    seat's cards (by the tricks each lost, as DDS's AnalysePlay measures the whole play),
    the costliest first, the earlier on a tie."""
    rules = make_rules(5)
    rng = random.Random(7)
    deal = ENTRY.deal(rules, rng, 1)  # type: ignore[misc]
    game = MiniBridge(rules, deal)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, _true_or_random(game, seat, legal, rng))
    declarer, trumps = game.declarer, game.contract.trumps  # type: ignore[union-attr]
    assert declarer is not None
    plays = [(a.seat, Card.from_str(a.text[5:])) for a in game.log if a.text.startswith("play ")]
    steps = [k for k, a in enumerate(game.log) if a.text.startswith("play ")]
    positions = _positions(game, plays)
    costs = analysis.card_costs(deal, trumps=trumps, first_leader=declarer.lho,
                                plays=list(zip(positions, [c for _, c in plays], strict=True)))
    for seat in SEATS:
        mine = sorted(((cost, step) for (who, _), cost, step in zip(plays, costs, steps,
                                                                   strict=True)
                       if who == seat and cost > 0), key=lambda pair: (-pair[0], pair[1]))
        review = review_hand(rules, deal, game.log, seat)
        assert [(c.cost, c.step) for c in review.choices] == [(float(c), s) for c, s in mine[:3]]
        assert all(game.log[c.step].seat == seat for c in review.choices)
    assert max(len(review_hand(rules, deal, game.log, s).choices) for s in SEATS) == 3


def _true_or_random(game: MiniBridge, seat: Seat, legal: list[str], rng: random.Random) -> str:
    """The true point count (anything else is refused), else any legal action."""
    view = game.view(seat)
    if view.phase == "announce":
        return f"hcp {sum(Card.from_str(c).hcp for c in view.hand)}"
    return rng.choice([t for t in legal if not t.startswith("claim")])


def _positions(game: MiniBridge, plays: list[tuple[Seat, Card]]) -> list[Seat]:
    """Where each played card was dealt (declarer plays dummy's too)."""
    held = {card: s for s in SEATS for card in game.holdings[s]}
    return [held[card] for _, card in plays]


def test_the_review_never_names_a_choice_of_another_seat() -> None:
    """East defended; North declared and played dummy's cards: North's mistake is his."""
    assert review_hand(make_rules(5), DEAL, PLAYED, E).choices == ()
    assert review_hand(make_rules(5), DEAL, PLAYED, S).choices == ()
    assert review_hand(make_rules(5), DEAL, PLAYED, S).verdict is None


# -- the contract's verdict -----------------------------------------------------------


def _chosen(lesson: int, contract: str) -> list[Action]:
    return list(game_at(lesson, DEAL, actions=f"N contract {contract}").log)


def test_a_part_score_is_weighed_against_the_lessons_best_contract() -> None:
    """MiniLesson Five, Laws 16-17: game in no-trumps, 12 tricks double dummy, scores
    40 + 5 x 30 + 300 = 490; part-score in spades, 12 tricks, 6 x 30 + 50 = 230."""
    verdict = review_hand(make_rules(5), DEAL, _chosen(5, "part S"), N).verdict
    assert verdict == ("Game in no-trumps made 12 tricks with best play; you chose "
                       "part-score in spades: +230 instead of +490.")


def test_the_verdict_scores_by_minilesson_threes_rules_never_bridges() -> None:
    """MiniLesson Four scores as Three: "the successful declarer scores a bonus of 50
    points for making the majority of the tricks, plus 40 points per trick won beyond
    the first six". Spades (or no-trumps) make 12 tricks double dummy, 50 + 6 x 40 =
    290; hearts 11, 50 + 5 x 40 = 250. Bridge would have said 1S+5 = 230 against 1H+4 =
    200."""
    verdict = review_hand(make_rules(4), DEAL, _chosen(4, "H"), N).verdict
    assert verdict == ("Spades made 12 tricks with best play; you chose hearts: "
                       "+250 instead of +290.")


def test_no_verdict_for_the_best_contract_nor_for_a_pupil_who_chose_none() -> None:
    assert review_hand(make_rules(4), DEAL, _chosen(4, "S"), N).verdict is None
    assert review_hand(make_rules(5), DEAL, _chosen(5, "game NT"), N).verdict is None
    assert review_hand(make_rules(5), DEAL, _chosen(5, "part S"), S).verdict is None


# -- dummy's guess ----------------------------------------------------------------------


def test_dummy_learns_whether_declarer_played_the_card_he_guessed() -> None:
    """"while dummy, a pupil may guess declarer's next card and sees after the trick
    whether declarer chose the same"."""
    assert guess_words("HK", "HK") == (True, "Declarer played the king of hearts, as you "
                                             "guessed.")
    assert guess_words("h3", "HK") == (False, "You guessed the three of hearts; declarer "
                                              "played the king of hearts.")


def test_a_hand_with_irregularities_at_a_real_table_is_reviewed_too() -> None:
    """Laws 19-23 at a real table: leads out of turn and revokes, accepted or put right.
    A card out of rotation is put right by the Laws, not weighed against double dummy;
    every other card is, and the review never fails on the hand."""
    rules = make_rules(5, real_table=True)
    for seed in (2,):
        rng = random.Random(seed)
        deal = ENTRY.deal(rules, rng, seed + 1)  # type: ignore[misc]
        game = MiniBridge(rules, deal)
        irregular = 0
        for _ in range(400):
            if game.is_over():
                break
            seat = rng.choice(game.to_act())
            view = game.view(seat)
            if view.phase == "announce":
                text = f"hcp {sum(Card.from_str(c).hcp for c in view.hand)}"
            else:
                texts = game.legal_actions(seat) + [f"play {c}" for c in view.hand]
                text = rng.choice([t for t in texts if not t.startswith("claim")] or texts)
            if game.can(seat, text):
                game.apply(seat, text)
                irregular += not text.startswith(("play", "hcp", "contract"))
        assert game.is_over() and irregular
        for seat in SEATS:
            review = review_hand(rules, deal, game.log, seat)
            assert all(game.log[c.step].seat == seat for c in review.choices)
