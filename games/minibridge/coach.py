"""MiniBridge's coach: at each decision, the action to take and why, in the booklet's
words, from the pupil's seat view alone (issue 29; docs/decisions/0800-the-coach.md).

The coach is given one :class:`~games.protocol.SeatView` and a ``random.Random``,
never the game: a hint cannot give away a card the pupil cannot see. It advises on:

* the point count (Law 4: "Ace counts four points, king three, queen two and jack
  one"; MiniLesson Three, "(b) count high-card points");
* a tied pair's choice of declarer (MiniLesson Three: "If both of the players on the
  declaring side have the same point count the players can choose who is to be
  declarer");
* the declarer's contract, by the booklet's guide (MiniLessons Four and Five: "the
  magic number is EIGHT trumps", "try for a 'game' whenever they have 25 or more
  points", "often it is better to try for a no trump game when they have a long minor
  suit fit"), as the robots choose it (``contract.choose_contract``);
* every card of the play, declarer's and the defenders'.

A card is chosen as the expert robot chooses one: the hidden hands are dealt many
times in every way that agrees with the view (the sampler), each deal is solved
double dummy, and the card that takes the most tricks over all of them wins; on a tie
the beginner's card (the booklet's simple rules) is preferred, then a card the booklet
has a reason for. Then the reason is the first booklet idea that is TRUE of that card
in this position, as the idea's checker (one function an idea, below) decides; an idea
taught in a later lesson than the pupil's is not used. If none is true the reason is
the plain one: this card gives the side the most tricks on the cards the pupil can see.

The checkers are the proof that every reason is true: the tests and ``bench/coach.py``
run them over thousands of positions, and a checker refuses any card its idea is not
true of. A checker takes what the robots read from a view (:class:`Seen`) and a card
(or an action) and gives the reason's words, or ``None``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

# The robots' reading of a view, their sampler and solver, reused as they are.
from games.bridge.card_ideas import (
    CARD_IDEAS,
    Idea,
    counted,
    reason_for,
    suit_word,
    suits_word,
)
from games.bridge.robots import cardtext, play, sampler, seen, solver
from games.cards import card_words
from games.coach import BEST_PLAY
from games.minibridge.robots import contract
from games.protocol import Hint, SeatView
from games.words import number_words

Seen = seen.Seen

#: Hidden deals solved for one card, late in the hand.
SAMPLES = 12
#: Fewer early on, by the cards each hand still holds: a deal solved at the first
#: trick costs DDS ten times one at the fifth, and a hint must come within 300 ms.
EARLY_SAMPLES = {13: 3, 12: 4, 11: 6, 10: 8}

# -- the ideas before the play ----------------------------------------------------------


def count_points(seen_: Seen, action: str) -> str | None:
    """Law 4's count of the hand: the action announces exactly it."""
    hand = seen_.hand_of(seen_.me)
    points = cardtext.hcp(hand)
    if action != contract.announce(hand):
        return None
    honours = [f"{counted(sum(1 for c in hand if c[1] == r), name)}"
               for r, name in (("A", "ace"), ("K", "king"), ("Q", "queen"), ("J", "jack"))
               if any(c[1] == r for c in hand)]
    held = (", ".join(honours[:-1]) + " and " + honours[-1] if len(honours) > 1
            else honours[0] if honours else "no ace, king, queen or jack")
    return (f"Count your points: ace 4, king 3, queen 2, jack 1. You hold {held}: "
            f"{counted(points, 'point')}.")


def tied_declarer(seen_: Seen, action: str) -> str | None:
    """A tied pair's choice: the player with a five-card suit declares, else his partner."""
    if not action.startswith("declarer "):
        return None
    hand = seen_.hand_of(seen_.me)
    longest = max(sum(1 for c in hand if c[0] == s) for s in cardtext.SUITS)
    chosen = action.split()[1]
    if chosen == seen_.me and longest >= 5:
        suit = next(s for s in cardtext.SUITS if sum(1 for c in hand if c[0] == s) == longest)
        return (f"You and your partner have the same points, so you may choose. You hold "
                f"{number_words(longest)} {suits_word(suit)}, a long suit: you declare.")
    if chosen == seen.partner_of(seen_.me) and longest < 5:
        return ("You and your partner have the same points, so you may choose. You have no "
                "suit of five cards: let your partner declare, he may hold a long suit.")
    return None


def _fit(seen_: Seen) -> dict[str, int]:
    return cardtext.fit_lengths(seen_.hand_of(seen_.me), seen_.hand_of(seen_.dummy or ""))


def _side_points(seen_: Seen) -> int:
    totals = seen_.side_hcp or {}
    side = seen.side_of(seen_.me)
    if side in totals:
        return int(totals[side])
    return cardtext.hcp([*seen_.hand_of(seen_.me), *seen_.hand_of(seen_.dummy or "")])


def _trumps_sentence(seen_: Seen, denomination: str, suits: str = cardtext.SUITS) -> str | None:
    """Why this denomination, by the fit: "The magic number is EIGHT trumps"."""
    lengths = _fit(seen_)
    longest = max(lengths[s] for s in suits)
    if denomination == "NT":
        if longest >= 8:
            return None
        among = "" if suits == cardtext.SUITS else " in hearts or spades"
        return f"Your hand and dummy's have no suit of eight cards{among}, so play in no-trumps."
    n = lengths[denomination]
    if n < 8 or n < longest:
        return None
    return (f"The magic number is eight trumps: your hand and dummy's hold "
            f"{number_words(n)} {suits_word(denomination)}, so make "
            f"{suits_word(denomination)} trumps.")


def no_trumps_lesson_3(seen_: Seen, action: str) -> str | None:
    """MiniLesson Three plays "only at no trumps"."""
    options = [t for t in seen_.legal if t.startswith("contract")]
    if action != "contract NT" or options != ["contract NT"]:
        return None
    return "In this lesson every hand is played in no-trumps: your goal is seven tricks."


def trumps_by_fit(seen_: Seen, action: str) -> str | None:
    """Without a level: the longest eight-card fit as trumps, else no-trumps."""
    level, denomination = contract.parse_contract(action)
    if level is not None:
        return None
    return _trumps_sentence(seen_, denomination)


def game_with_25(seen_: Seen, action: str) -> str | None:
    """Game with 25 points or more, in a major with eight, else in no-trumps."""
    level, denomination = contract.parse_contract(action)
    points = _side_points(seen_)
    if level != "game" or points < contract.GAME_POINTS or denomination in ("C", "D"):
        return None
    trumps = _trumps_sentence(seen_, denomination, contract.MAJORS)
    if trumps is None:
        return None
    reason = (f"You and dummy have {number_words(points)} points, 25 or more: try for game. "
              f"{trumps}")
    lengths = _fit(seen_)
    minor = next((s for s in "DC" if lengths[s] >= 8), None)
    if denomination == "NT" and minor is not None:
        reason += (f" With your long {suits_word(minor)}, no-trumps needs nine tricks where a "
                   f"{suit_word(minor)} game needs eleven.")
    return reason


def part_score_under_25(seen_: Seen, action: str) -> str | None:
    """A part-score with fewer than 25 points, trumps by the fit."""
    level, denomination = contract.parse_contract(action)
    points = _side_points(seen_)
    if level != "part" or points >= contract.GAME_POINTS:
        return None
    trumps = _trumps_sentence(seen_, denomination)
    if trumps is None:
        return None
    return (f"You and dummy have {number_words(points)} points, fewer than 25: play a "
            f"part-score, goal seven tricks. {trumps}")


def slam_with_33(seen_: Seen, action: str) -> str | None:
    """The slam variant: slam with 33 points or more."""
    level, denomination = contract.parse_contract(action)
    points = _side_points(seen_)
    if level != "slam" or points < contract.SLAM_POINTS:
        return None
    trumps = _trumps_sentence(seen_, denomination)
    if trumps is None:
        return None
    return (f"You and dummy have {number_words(points)} of the 40 points, the defenders only "
            f"{number_words(40 - points)}: try for a slam, twelve tricks. {trumps}")


CONTRACT_IDEAS: tuple[Idea, ...] = (
    Idea("no-trumps-lesson-3", 3, "MiniLesson Three: start to play MiniBridge, but only at "
         "no trumps.", no_trumps_lesson_3),
    Idea("slam-with-33", 5, "It's flexible and adaptable: the concept of 'slam', for which the "
         "goal in either no trumps or any trump suit is 12 tricks.", slam_with_33),
    Idea("game-with-25", 5, "MiniLesson Five: encourage the students to try for a 'game' "
         "whenever they have 25 or more points.", game_with_25),
    Idea("part-score-under-25", 5, "MiniLesson Five: play their longest combined suit as "
         "trumps, assuming they have an eight-card fit, whenever they are NOT announcing "
         "game.", part_score_under_25),
    Idea("eight-card-fit", 4, "MiniLesson Five: the magic number is EIGHT trumps between "
         "declarer's hand and dummy's.", trumps_by_fit),
)

COUNT_POINTS = Idea("count-points", 3, "Law 4: Ace counts four points, king three, queen two "
                    "and jack one.", count_points)
TIED_DECLARER = Idea("tied-declarer", 3, "MiniLesson Three: if both of the players on the "
                     "declaring side have the same point count the players can choose who "
                     "is to be declarer.", tied_declarer)

#: Every idea by its key (the tests and the bench look checkers up here).
IDEAS: dict[str, Idea] = {idea.key: idea
                          for idea in (*CARD_IDEAS, *CONTRACT_IDEAS, COUNT_POINTS, TIED_DECLARER)}
#: The same, by the name every game's coach module gives it (the registry reads it).
IDEAS_BY_KEY = IDEAS


def is_true(idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (the plain
    reason always is): what the tests and the bench ask of every hint."""
    if idea_key == BEST_PLAY:
        return action in view.legal
    seen_ = Seen.from_view(view)
    choice = action[5:] if action.startswith("play ") else action
    return IDEAS[idea_key].check(seen_, choice) is not None


# -- the coach ---------------------------------------------------------------------------


class MiniBridgeCoach:
    """Hints for a MiniBridge pupil, from his seat view alone.

    ``samples``: the hidden deals solved for one card (more: a surer card, a slower
    hint). There is no time budget: the sample count alone limits the work, so a hint
    is the same for the same view and seed, whatever the machine's load.
    """

    def __init__(self, samples: int = SAMPLES) -> None:
        if samples < 1:
            raise ValueError("the coach needs at least one sample")
        self.samples = samples

    def hint(self, view: SeatView, rng: random.Random) -> Hint | None:
        if not view.legal:
            return None
        seen_ = Seen.from_view(view)
        if view.phase == "announce":
            return self._before_play(seen_, contract.announce(seen_.hand_of(seen_.me)),
                                     (COUNT_POINTS,))
        if view.phase == "declarer":
            hand = seen_.hand_of(seen_.me)
            choice = contract.choose_declarer(seen_.me, seen.partner_of(seen_.me), hand,
                                              view.legal)
            return self._before_play(seen_, choice, (TIED_DECLARER,))
        if view.phase == "contract":
            dummy = seen_.hand_of(seen_.dummy) if seen_.dummy else []
            choice = contract.choose_contract(seen_.hand_of(seen_.me), dummy,
                                              _side_points(seen_), view.legal)
            return self._before_play(seen_, choice, CONTRACT_IDEAS)
        if view.card_actions and view.phase == "play":
            return self._card(seen_, rng)
        return None  # answering a claim or a lead out of turn: the pupil's own call

    def _before_play(self, seen_: Seen, action: str, ideas: Sequence[Idea]) -> Hint | None:
        if action not in seen_.legal:
            return None
        found = reason_for(seen_, action, ideas)
        if found is None:
            return Hint(action, "This is what the booklet's guide advises for your hands.",
                        BEST_PLAY, None)
        idea, words = found
        return Hint(action, words, idea.key, idea.lesson)

    def best_cards(self, seen_: Seen, rng: random.Random) -> list[str]:
        """The legal cards taking the most tricks over the sampled deals, double dummy."""
        cards = play.legal_cards(seen_)
        if len(cards) == 1:
            return cards
        # One hidden hand (or none) leaves a single possible layout.
        left = len(seen_.hand_of(seen_.playing))
        count = (1 if len(sampler.hidden_hands(seen_)) <= 1
                 else min(self.samples, EARLY_SAMPLES.get(left, self.samples)))
        leader = seen_.leader or seen_.playing
        deals = [solver.to_endplay(d, leader, seen_.trumps, seen_.trick)
                 for d in sampler.sample_deals(seen_, rng, count)]
        totals = dict.fromkeys(cards, 0)
        for tricks in solver.solve_cards(deals):
            for card in cards:
                totals[card] += tricks.get(card, 0)
        best = max(totals.values())
        return [c for c in cards if totals[c] == best]

    def _card(self, seen_: Seen, rng: random.Random) -> Hint:
        plain = play.beginner_card(seen_, rng)
        # The opening lead is the booklet's (MiniLessons Three and Six: the long suit,
        # the top of a sequence): solving a whole deal double dummy takes DDS up to a
        # second, and with one hand and dummy seen the samples say little.
        opening = not seen_.trick and not seen_.raw_tricks
        tied = [plain] if opening else self.best_cards(seen_, rng)
        reasons = {c: reason_for(seen_, c, CARD_IDEAS) for c in tied}
        if plain in tied:
            card = plain
        else:
            with_reason = [c for c in tied if reasons[c] is not None]
            card = min(with_reason or tied, key=cardtext.rank)
        found = reasons[card]
        action = seen_.card_actions[card]
        if found is None:
            return Hint(action, f"Play {card_words(card)}: this card gives your side the most "
                        f"tricks in the deals that fit what you can see.", BEST_PLAY, None)
        idea, words = found
        return Hint(action, words, idea.key, idea.lesson)


def make_coach() -> MiniBridgeCoach:
    """The registry's coach for MiniBridge (games.registry.GameEntry.coach)."""
    return MiniBridgeCoach()
