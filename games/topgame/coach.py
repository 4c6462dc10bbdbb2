"""The Top Game's coach: at each decision, the expert robot's choice and why, in the rule
text's words, from the pupil's seat view alone (issue 29;
docs/decisions/0810-the-coaches-of-spades-preference-the-top-game-and-piquet.md).

The coach is given one :class:`~games.protocol.SeatView` and a ``random.Random``,
never the game. The choice is the expert's, asked through ``ENTRY.robot`` with no time
budget (its sample count alone limits it, so the same view and seed give the same
hint); the reason is the first idea whose checker is true of that choice, else the
plain reason. The common decisions (shared/rules/top-game.txt):

* the bid: "raise his bid if it is lower than his number of tophonours i.e. A,K,Q":
  count your tops and bid at least that many, or pass a weak hand;
* the raise, when asked: raise to your tops (else "your score is always -6");
* the informer's description of dummy ("the wrong information ... is penalized");
* the strain, from the description: trumps in a fit of eight, in a long suit of one's
  own, else no-trumps a level lower ("pn + 2 if in NT and pn + 3 otherwise");
* the double, and the card play, whose ideas are the booklet's (games.bridge.card_ideas),
  the same bridge play.
"""

from __future__ import annotations

import random
from typing import Any

from games import coach
from games.bridge import card_ideas
from games.cards import card_words
from games.coach import Idea
from games.protocol import SeatView
from games.topgame import estimate
from games.topgame import robots as topgame_robots
from games.words import number_words

#: Deals solved for one card, without the expert's time budget.
SAMPLES = 16
#: Fewer early on, by the cards each hand still holds: a deal solved at the first tricks
#: costs DDS ten times one at the fifth, and a hint must come within a second (MiniBridge's
#: coach counts the same way, decision 0800).
EARLY_SAMPLES = {13: 3, 12: 4, 11: 6, 10: 8}
_SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps"}
_LEVEL_WORD = {n: number_words(n) for n in range(1, 14)}

def _count(n: int, thing: str) -> str:
    return f"{number_words(n) if n else 'no'} {thing}{'' if n == 1 else 's'}"


def _strain(action: str) -> str:
    """"contract 3NT" -> "NT", "change 4H" -> "H"."""
    return action.split()[1].lstrip("0123456789")


def _tops(view: SeatView) -> int:
    return estimate.card_tops(view.hand)


# -- the bidding ----------------------------------------------------------------------------

def count_your_tops(view: SeatView, action: str) -> str | None:
    """A bid at least the tops held: no raise will be needed."""
    if view.phase != "bidding" or not action.startswith("bid "):
        return None
    bid, tops = int(action.split()[1]), _tops(view)
    if bid < tops:
        return None
    return (f"Count your tops: you hold {_count(tops, 'top')} (aces, kings and queens). Bid "
            f"{number_words(bid)}, not less than your tops, so you never have to raise.")


def pass_a_weak_hand(view: SeatView, action: str) -> str | None:
    """A pass with fewer than four tops: with an average dummy the play number is small
    ("If the pn is 4 or less the hand is passed out")."""
    if view.phase != "bidding" or action != "pass":
        return None
    tops = _tops(view)
    if tops >= 4:
        return None
    return (f"Pass: you hold only {_count(tops, 'top')}, and your bid plus dummy's tops "
            f"must make a play number big enough for the contract.")


def raise_to_your_tops(view: SeatView, action: str) -> str | None:
    """PENALTY POINTS: the raise (or keep) that brings the bid to the tops held."""
    if view.phase != "raise":
        return None
    bid, tops = int(view.info["final_bid"]), _tops(view)
    if action == "keep" and bid >= tops:
        return (f"Keep your bid: you bid {number_words(bid)} and hold "
                f"{_count(tops, 'top')}, so you need not raise.")
    if action == f"raise {tops}" and bid < tops:
        return (f"Raise to {number_words(tops)}: you hold {_count(tops, 'top')} and bid only "
                f"{number_words(bid)}; if you do not raise, your score is always -6.")
    return None


def tell_the_truth(view: SeatView, action: str) -> str | None:
    """The informer tells dummy's longest suit (the highest on a tie) and its tops."""
    if view.phase != "inform" or not action.startswith("inform "):
        return None
    if action != topgame_robots.inform(view):
        return None
    _, suit, length, tops = action.split()
    return (f"Tell the truth about dummy: its longest suit is {_SUIT_WORD[suit]}, "
            f"{number_words(int(length))} cards, and it holds {_count(int(tops), 'top')}. "
            f"Wrong information costs you 2 points.")


def ask_declarer(view: SeatView, action: str) -> str | None:
    if action != "ask":
        return None
    return ("Ask declarer whether he needs to raise: the opening leader must ask at the end "
            "of the bidding.")


# -- the strain -----------------------------------------------------------------------------

def trumps_in_the_fit(view: SeatView, action: str) -> str | None:
    """Trumps in the described suit when it and the hand hold eight cards or more."""
    if not action.startswith(("contract ", "change ")):
        return None
    told = view.info.get("description") or {}
    suit = _strain(action)
    if suit != told.get("suit"):
        return None
    mine = estimate.lengths(view.hand)[suit]
    if mine + int(told["length"]) < 8:
        return None
    return (f"Choose {_SUIT_WORD[suit]} as trumps: dummy's longest suit is "
            f"{_SUIT_WORD[suit]}, {number_words(int(told['length']))} cards, and you hold "
            f"{number_words(mine)}: {number_words(mine + int(told['length']))} trumps "
            f"together.")


def trumps_in_your_long_suit(view: SeatView, action: str) -> str | None:
    """Trumps in a suit of six cards or more in the hand."""
    if not action.startswith(("contract ", "change ")):
        return None
    suit = _strain(action)
    if suit == "NT":
        return None
    mine = estimate.lengths(view.hand)[suit]
    if mine < 6:
        return None
    return (f"Choose {_SUIT_WORD[suit]} as trumps: you hold {number_words(mine)} of them, "
            f"enough to take tricks with your small ones.")


def no_trumps_a_level_lower(view: SeatView, action: str) -> str | None:
    """No-trumps with no eight-card fit shown and no six-card suit: one trick fewer."""
    if not action.startswith(("contract ", "change ")) or _strain(action) != "NT":
        return None
    told = view.info.get("description") or {}
    counts = estimate.lengths(view.hand)
    if told and counts[told["suit"]] + int(told["length"]) >= 8:
        return None
    if any(n >= 6 for n in counts.values()):
        return None
    return ("Choose no trumps: no suit makes eight trumps with dummy's, and no trumps needs "
            "one trick fewer than a suit (play number + 2 against + 3).")


# -- the double -----------------------------------------------------------------------------

def double_with_tops(view: SeatView, action: str) -> str | None:
    """A double holding five tops or more: the contract's high cards are not declarer's."""
    if view.phase != "double" or action != "double":
        return None
    tops = _tops(view)
    if tops < 5:
        return None
    return (f"Double: you hold {_count(tops, 'top')}, tricks declarer was counting on. If the "
            f"contract fails, declarer pays you 3 more.")


def pass_without_tops(view: SeatView, action: str) -> str | None:
    if view.phase != "double" or action != "pass":
        return None
    tops = _tops(view)
    if tops > 3:
        return None
    return (f"Pass: you hold only {_count(tops, 'top')}; a double that fails pays declarer "
            f"3 more.")


# -- the card play: the booklet's card ideas (games/bridge/card_ideas.py), on this view ----

def _card_idea(idea: card_ideas.Idea) -> Idea:
    def check(view: SeatView, action: str) -> str | None:
        if not action.startswith("play ") or view.phase != "play":
            return None
        return idea.check(topgame_robots.seen_from(view), action[5:])

    return Idea(idea.key, idea.quote, check)


CARD_IDEAS: tuple[Idea, ...] = tuple(_card_idea(i) for i in card_ideas.CARD_IDEAS)

IDEAS: tuple[Idea, ...] = (
    Idea("count-your-tops", "He has to raise his bid if it is lower than his number of "
         "tophonours i.e. A,K,Q.", count_your_tops),
    Idea("pass-a-weak-hand", "If the pn is 4 or less the hand is passed out.",
         pass_a_weak_hand),
    Idea("raise-to-your-tops", "If you do not raise your bid when you need to, your score is "
         "always -6.", raise_to_your_tops),
    Idea("tell-the-truth", "If the wrong information about dummy is given, the informer is "
         "penalized by -2.", tell_the_truth),
    Idea("ask-declarer", "The opening leader must ask declarer if he needs to raise his bid.",
         ask_declarer),
    Idea("trumps-in-the-fit", "East will then look at dummy's cards and tell which is "
         "dummy's longest suit and how long it is.", trumps_in_the_fit),
    Idea("trumps-in-your-long-suit", "South now chooses a trumpsuit or NT.",
         trumps_in_your_long_suit),
    Idea("no-trumps-a-level-lower", "The level of the contract is pn + 2 if in NT and pn + 3 "
         "otherwise.", no_trumps_a_level_lower),
    Idea("double-with-tops", "If the contract is doubled and fails the doubler receives 3 "
         "points from declarer.", double_with_tops),
    Idea("pass-without-tops", "If the contract is doubled and makes the doubler pays 3 "
         "points to declarer.", pass_without_tops),
    *CARD_IDEAS,
)

#: Every idea by its key (the tests and the bench look checkers up here).
IDEAS_BY_KEY: dict[str, Idea] = coach.by_key(IDEAS)


def plain_reason(view: SeatView, action: str) -> str:
    if action.startswith("play "):
        return (f"Play {card_words(action[5:])}: this card takes the most tricks in the deals "
                f"that fit what you can see.")
    if action.startswith(("contract ", "change ")):
        return (f"Choose {_SUIT_WORD[_strain(action)]}: with dummies that fit the description "
                f"this contract scores best.")
    return "This is what the expert does, weighing the hands it cannot see."


def is_true(idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (games.coach)."""
    return coach.is_true(IDEAS_BY_KEY, idea_key, view, action)


class TopGameCoach(coach.RobotCoach):
    """Hints for a Top Game pupil, from his seat view alone."""

    ideas = IDEAS

    def __init__(self, samples: int = SAMPLES, robot: Any = None) -> None:
        super().__init__(robot)
        self.samples = samples

    def choose(self, view: SeatView, rng: random.Random) -> str:
        from games.topgame import ENTRY  # the package imports this module's name only

        if view.phase == "play" and not view.tricks and not (view.trick or {}).get("cards"):
            # The opening lead is the beginner's (the long suit, the top of a sequence):
            # with one hand seen a whole deal costs DDS up to a second a sample, and the
            # samples say little.
            return str(ENTRY.robot("beginner").choose(view, rng))
        left = max(view.hand_sizes.values(), default=0)
        samples = min(self.samples, EARLY_SAMPLES.get(left, self.samples))
        robot = ENTRY.robot("expert", budget=None, samples=samples)
        return str(robot.choose(view, rng))

    def plain_reason(self, view: SeatView, action: str) -> str:
        return plain_reason(view, action)


def make_coach() -> TopGameCoach:
    """The registry's coach for the Top Game (games.registry.GameEntry.coach)."""
    return TopGameCoach()
