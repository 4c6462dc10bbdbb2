"""Two-handed Spades' coach: at each decision, the robot's choice and why, in the rule
text's words, from the pupil's seat view alone (issue 29;
docs/decisions/0810-the-coaches-of-spades-preference-the-top-game-and-piquet.md).

The coach is given one :class:`~games.protocol.SeatView` and a ``random.Random``,
never the game. The choice is the best robot the registry has for the game (Spades
has one level), asked through ``ENTRY.robot``; the reason is the first idea whose
checker is true of that choice in that position, else the plain reason. The common
decisions (shared/rules/two-handed.txt):

* SELECTION, "look at the first card and either accept or reject that card": keep a
  card that takes tricks, reject a low one;
* THE BID: the tricks the hand should take ("10 points for each bid trick");
* THE PLAY: win a trick with the cheapest card that wins, trump when out of the suit
  led, play low when nothing wins, lead a card nothing unseen can beat.

A checker takes the view and the action and returns the reason's words, or ``None``
when its idea is not true of that action there; the tests and ``bench/coach.py`` run
them over many positions.
"""

from __future__ import annotations

import random

from games import coach
from games.cards import Card, card_words
from games.coach import Idea
from games.protocol import SeatView
from games.spades2 import robots as spades_robots
from games.words import number_words

#: The plain reason, when no idea is true of the robot's choice.
#: THE PLAY: "the higher spade (which is trump)".
TRUMPS = "S"
RANKS = "23456789TJQKA"
SUITS = "SHDC"
_SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}

def _rank(card: str) -> int:
    return RANKS.index(card[1])


def _many(suit: str) -> str:
    return _SUIT_WORD[suit] + "s"


def _count(n: int, thing: str) -> str:
    return f"{number_words(n) if n else 'no'} {thing}{'' if n == 1 else 's'}"


def _card_of(action: str) -> str | None:
    return action[5:] if action.startswith("play ") else None


def _played(view: SeatView) -> set[str]:
    cards = {e["card"] for t in view.tricks for e in t["cards"]}
    if view.trick:
        cards.update(e["card"] for e in view.trick["cards"])
    return cards


def _led(view: SeatView) -> str | None:
    cards = (view.trick or {}).get("cards") or ()
    return str(cards[0]["card"]) if cards else None


def _beats(card: str, led: str) -> bool:
    """THE PLAY: "the higher card in the led suit OR the higher spade"."""
    if card[0] == led[0]:
        return _rank(card) > _rank(led)
    return card[0] == TRUMPS


def _held(view: SeatView, suit: str) -> list[str]:
    return sorted((c for c in view.hand if c[0] == suit), key=_rank, reverse=True)


# -- selection ------------------------------------------------------------------------------

def keep_a_trick_taker(view: SeatView, action: str) -> str | None:
    """Keep an ace, a king, or a spade above the ten: cards that take tricks."""
    seen = view.info.get("looking_at")
    if action != "take" or not seen:
        return None
    if seen[1] == "A" or seen[1] == "K" or (seen[0] == TRUMPS and _rank(seen) > _rank("ST")):
        return (f"Accept {card_words(seen)}: it is a card that takes tricks, and the next "
                f"card, unseen, is most likely a lower one.")
    return None


def reject_a_low_card(view: SeatView, action: str) -> str | None:
    """Reject a side-suit card below the ten: the next card is worth gambling for."""
    seen = view.info.get("looking_at")
    if action != "reject" or not seen:
        return None
    if seen[0] != TRUMPS and _rank(seen) < _rank("ST"):
        return (f"Reject {card_words(seen)}: a low {_SUIT_WORD[seen[0]]} will seldom take a "
                f"trick, and the next card may be better.")
    return None


# -- the bid ----------------------------------------------------------------------------------

def _tops(view: SeatView) -> tuple[int, int, int]:
    """Aces, kings with another card of their suit, and spades held."""
    aces = sum(1 for c in view.hand if c[1] == "A")
    kings = sum(1 for c in view.hand if c[1] == "K" and len(_held(view, c[0])) >= 2)
    spades = len(_held(view, TRUMPS))
    return aces, kings, spades


def bid_your_tricks(view: SeatView, action: str) -> str | None:
    """A bid within one of the hand's aces, guarded kings and spades beyond three: the
    tricks it can count on."""
    if not action.startswith("bid "):
        return None
    bid = int(action.split()[1])
    aces, kings, spades = _tops(view)
    counted = aces + kings + max(0, spades - 3)
    if bid < 1 or abs(bid - counted) > 1:
        return None
    return (f"Count your tricks: {_count(aces, 'ace')}, {_count(kings, 'guarded king')} and "
            f"{_count(spades, 'spade')}, about {_count(counted, 'trick')}. Bid "
            f"{number_words(bid)}: each trick bid scores 10, but falling short loses 10 a "
            f"trick, so bid what you can make.")


def bid_under_the_estimate(view: SeatView, action: str) -> str | None:
    """The bid worth most on average for the tricks the hand should take, as the robot
    estimates them from its high cards and spades (calibrated on played hands):
    below the estimate, since a set costs ten a trick bid and an overtrick earns one."""
    if not action.startswith("bid "):
        return None
    bid = int(action.split()[1])
    cards = [Card.from_str(c) for c in view.hand]
    leads = view.info.get("first_bidder") == view.seat
    method = str((view.info.get("rules") or {}).get("deal_method") or "automatic")
    mean, spread = spades_robots.expected_tricks(cards, method, leads)
    if bid < 1 or bid != spades_robots.best_bid(mean, spread):
        return None
    return (f"Your hand should take about {_count(round(mean), 'trick')}: aces, kings, "
            f"queens with guards and long spades, with half the pack in neither hand. Bid "
            f"{number_words(bid)}: a set loses 10 a trick bid, but an extra trick earns only "
            f"1, so the best bid is a little under what you expect.")


# -- the play ---------------------------------------------------------------------------------

def only_card(view: SeatView, action: str) -> str | None:
    """THE PLAY: "The other player must respond in the same suit if possible"."""
    card = _card_of(action)
    if card is None or list(view.card_actions) != [card]:
        return None
    return f"{card_words(card).capitalize()} is the only card you may play."


def win_cheaply(view: SeatView, action: str) -> str | None:
    """Second to play, following suit: the lowest card of the suit led that beats it."""
    card, led = _card_of(action), _led(view)
    if card is None or led is None or card[0] != led[0]:
        return None
    winners = [c for c in _held(view, led[0]) if _beats(c, led)]
    if not winners or card != winners[-1]:
        return None
    return (f"Win cheaply: {card_words(card)} is your lowest {_SUIT_WORD[led[0]]} that beats "
            f"{card_words(led)}.")


def trump_it(view: SeatView, action: str) -> str | None:
    """Out of the suit led (not spades), the lowest spade: it wins the trick."""
    card, led = _card_of(action), _led(view)
    if card is None or led is None or led[0] == TRUMPS or card[0] != TRUMPS:
        return None
    if _held(view, led[0]) or card != _held(view, TRUMPS)[-1]:
        return None
    return (f"You have no {_many(led[0])}, so trump: {card_words(card)} is your lowest spade, "
            f"and any spade beats {card_words(led)}.")


def cannot_win(view: SeatView, action: str) -> str | None:
    """Nothing held wins the trick: the lowest card (of the suit led, if held)."""
    card, led = _card_of(action), _led(view)
    if card is None or led is None or any(_beats(c, led) for c in view.card_actions):
        return None
    offered = sorted(view.card_actions, key=_rank)
    if card[0] == led[0]:
        if card != _held(view, led[0])[-1]:
            return None
        return (f"None of your cards can beat {card_words(led)}: play your lowest "
                f"{_SUIT_WORD[led[0]]}, {card_words(card)}, and keep the better ones.")
    if _rank(card) != _rank(offered[0]):
        return None
    return (f"Nothing you hold beats {card_words(led)}: throw away {card_words(card)}, one of "
            f"your lowest cards.")


def lead_a_winner(view: SeatView, action: str) -> str | None:
    """Leading a card above which every card of its suit is played or in the hand."""
    card = _card_of(action)
    if card is None or _led(view) is not None:
        return None
    gone = _played(view) | set(view.hand)
    above = [card[0] + r for r in RANKS[_rank(card) + 1:]]
    if any(c not in gone for c in above):
        return None
    return (f"Lead a winner: no {_SUIT_WORD[card[0]]} higher than {card_words(card)} is "
            f"left against you, so it wins unless your opponent trumps it.")


def lead_a_high_card(view: SeatView, action: str) -> str | None:
    """Leading a side-suit king or queen: two-handed, half the pack is in neither hand
    (THE DEAL: "the second 26 cards not used"; SELECTION discards the rest), so the
    cards above it may not be against you at all."""
    card = _card_of(action)
    if card is None or _led(view) is not None or card[0] == TRUMPS or card[1] not in "KQ":
        return None
    return (f"Lead {card_words(card)}: half the pack is in neither hand, so the cards above "
            f"it may not be your opponent's, and if they are, you draw them out.")


def _higher_unseen(view: SeatView, card: str) -> int:
    gone = _played(view) | set(view.hand)
    return sum(1 for r in RANKS[_rank(card) + 1:] if card[0] + r not in gone)


def lead_the_best_chance(view: SeatView, action: str) -> str | None:
    """A lead with no more unseen cards above it in its suit than any other card that may
    be led: the likeliest to win, as half the pack is in neither hand."""
    card = _card_of(action)
    if card is None or _led(view) is not None:
        return None
    above = _higher_unseen(view, card)
    if above == 0 or any(_higher_unseen(view, c) < above for c in view.card_actions):
        return None
    return (f"Lead {card_words(card)}: only {_count(above, 'card')} of its suit above it "
            f"{'is' if above == 1 else 'are'} still unseen, no more than above any other card "
            f"you may lead, and with half the pack in neither hand your opponent may not "
            f"hold {'it' if above == 1 else 'them'}.")


IDEAS: tuple[Idea, ...] = (
    Idea("only-card", "The other player must respond in the same suit if possible.",
         only_card),
    Idea("keep-a-trick-taker", "He will look at the first card and either accept or reject "
         "that card.", keep_a_trick_taker),
    Idea("reject-a-low-card", "If the first card is rejected, it is discarded and the "
         "participant receives the second.", reject_a_low_card),
    Idea("bid-your-tricks", "If the participant wins at least as many tricks as he bid, he "
         "receives 10 points for each bid trick.", bid_your_tricks),
    Idea("bid-under-the-estimate", "If the participant fails to take the bid amount of "
         "tricks, he goes \"set\" and will lose 10 points per bid.", bid_under_the_estimate),
    Idea("trump-it", "The winner of the trick is the one who played the higher card in the "
         "led suit OR the higher spade (which is trump).", trump_it),
    Idea("win-cheaply", "The winner of the trick is the one who played the higher card in "
         "the led suit.", win_cheaply),
    Idea("cannot-win", "Note that no one is FORCED to take a trick.", cannot_win),
    Idea("lead-a-winner", "The winner of the trick is the one who leads out on the next "
         "trick.", lead_a_winner),
    Idea("lead-a-high-card", "The first 26 cards are dealt alternately to each participant "
         "with the second 26 cards not used.", lead_a_high_card),
    Idea("lead-the-best-chance", "The first 26 cards are dealt alternately to each "
         "participant with the second 26 cards not used.", lead_the_best_chance),
)

#: Every idea by its key (the tests and the bench look checkers up here).
IDEAS_BY_KEY: dict[str, Idea] = coach.by_key(IDEAS)


def plain_reason(view: SeatView, action: str) -> str:
    card = _card_of(action)
    if card is not None:
        return (f"Play {card_words(card)}: of your cards it does the most for your bid "
                f"against what your opponent may hold.")
    return "This is what a good player would do with your cards."


def is_true(idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (games.coach)."""
    return coach.is_true(IDEAS_BY_KEY, idea_key, view, action)


class Spades2Coach(coach.RobotCoach):
    """Hints for a two-handed Spades pupil, from his seat view alone."""

    ideas = IDEAS

    def choose(self, view: SeatView, rng: random.Random) -> str:
        from games.spades2 import ENTRY  # the package imports this module's name only

        # The best level Spades has: its one robot (bench/spades2.py measures it).
        return str(ENTRY.robot("beginner").choose(view, rng))

    def plain_reason(self, view: SeatView, action: str) -> str:
        return plain_reason(view, action)


def make_coach() -> Spades2Coach:
    """The registry's coach for two-handed Spades (games.registry.GameEntry.coach)."""
    return Spades2Coach()
