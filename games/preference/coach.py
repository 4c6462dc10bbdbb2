"""Preference's coach: at each decision, the expert robot's choice and why, in the rule
text's words, from the pupil's seat view alone (issue 29;
docs/decisions/0810-the-coaches-of-spades-preference-the-top-game-and-piquet.md).

The coach is given one :class:`~games.protocol.SeatView` and a ``random.Random``,
never the game. The choice is the expert's, asked through ``ENTRY.robot`` (a fresh
robot a hint: the expert keeps a plan by hand, and a hint must not depend on the
hints asked before it); the reason is the first idea whose checker is true of that
choice, else the plain reason. The common decisions (shared/rules/preference.txt):

* the bid, from the sure tricks ("the declarer ... tries to make at least six of the
  ten possible tricks"), or a pass;
* the exchange: what to put aside ("adds it to his hand, and then discards any two
  cards face down");
* the contract: trumps in the longest suit;
* the defenders' decision against the quota ("Playing is a commitment to win at least
  two tricks ... A defender who does not think he can make two tricks can drop out"),
  and the kontra ("an undertaking that the defenders will win at least 5 tricks");
* the play: win cheaply, trump, play low, cash a winner; in Bettel, the declarer
  ducks ("The declarer undertakes to take no tricks").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games import coach
from games.cards import card_words
from games.coach import Idea
from games.protocol import SeatView
from games.words import number_words

RANKS = "789TJQKA"
SUITS = "SDHC"
_SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: Section 2: "Two through five represent the suits" (spades, diamonds, hearts, clubs).
_CONTRACT_SUIT = {"2": "S", "3": "D", "4": "H", "5": "C"}
_BETTEL = 6

def _rank(card: str) -> int:
    return RANKS.index(card[1])


def _count(n: int, thing: str) -> str:
    return f"{number_words(n) if n else 'no'} {thing}{'' if n == 1 else 's'}"


def _held(cards: tuple[str, ...] | list[str], suit: str) -> list[str]:
    return sorted((c for c in cards if c[0] == suit), key=_rank, reverse=True)


def sure_tricks(cards: tuple[str, ...] | list[str]) -> tuple[list[str], list[str]]:
    """The aces, and the kings with another card of their suit beside them."""
    aces = [c for c in cards if c[1] == "A"]
    kings = [c for c in cards if c[1] == "K" and len(_held(cards, c[0])) >= 2]
    return aces, kings


def longest_suit(cards: tuple[str, ...] | list[str]) -> tuple[str, int]:
    """The longest suit (the higher contract suit on a tie) and its length."""
    length = max(len(_held(cards, s)) for s in SUITS)
    return next(s for s in reversed(SUITS) if len(_held(cards, s)) == length), length


def _tricks_counted(cards: tuple[str, ...] | list[str]) -> int:
    """Sure tricks, and the long trumps beyond the third of the longest suit."""
    aces, kings = sure_tricks(cards)
    return len(aces) + len(kings) + max(0, longest_suit(cards)[1] - 3)


def _contract(view: SeatView) -> Mapping[str, Any]:
    return view.info.get("contract") or {}


# -- the bidding ----------------------------------------------------------------------------

def bid_from_sure_tricks(view: SeatView, action: str) -> str | None:
    """A number bid (or "same") with four tricks counted or more: the talon's two cards
    and the play make up the six."""
    if view.phase != "auction" or not (action.startswith("bid ") or action == "same"):
        return None
    aces, kings = sure_tricks(view.hand)
    suit, length = longest_suit(view.hand)
    counted = _tricks_counted(view.hand)
    if counted < 4:
        return None
    return (f"Count your sure tricks: {_count(len(aces), 'ace')}, "
            f"{_count(len(kings), 'guarded king')}, and {number_words(length)} "
            f"{_SUIT_WORD[suit]} for trumps: about {number_words(counted)} of the six tricks "
            f"you need. Bid: the talon's two cards can bring the rest.")


def game_with_six_tricks(view: SeatView, action: str) -> str | None:
    """Game (without the talon) with six tricks counted."""
    if view.phase != "auction" or action != "game":
        return None
    counted = _tricks_counted(view.hand)
    if counted < 6:
        return None
    return (f"Bid game: you count {_count(counted, 'trick')} in your own hand, so you need "
            f"no talon, and a game scores one more.")


def pass_without_tricks(view: SeatView, action: str) -> str | None:
    if view.phase != "auction" or action != "pass":
        return None
    counted = _tricks_counted(view.hand)
    if counted > 3:
        return None
    return (f"Pass: you count only {_count(counted, 'sure trick')}, and a declarer must take "
            f"six of the ten.")


# -- the exchange and the contract ----------------------------------------------------------

def put_aside_a_loser(view: SeatView, action: str) -> str | None:
    """Put aside a card that is no ace, no guarded king, from a suit of one or two cards
    (leaving a void or a singleton to trump), or the lowest card of its suit."""
    if not action.startswith("discard "):
        return None
    card = action.split()[1]
    aces, kings = sure_tricks(view.hand)
    if card in aces or card in kings:
        return None
    held = _held(view.hand, card[0])
    suit, _ = longest_suit(view.hand)
    if card[0] != suit and len(held) <= 2:
        return (f"Put {card_words(card)} aside: it is a loser in a short suit, and without "
                f"those cards you can trump that suit.")
    if card == held[-1] and _rank(card) <= _rank("C9") and card[0] != suit:
        return (f"Put {card_words(card)} aside: a low card outside your long suit that will "
                f"not take a trick.")
    return None


def trumps_in_your_longest_suit(view: SeatView, action: str) -> str | None:
    if not action.startswith("contract "):
        return None
    value = action.split()[1]
    if value not in _CONTRACT_SUIT:
        return None
    suit, length = longest_suit(view.hand)
    if _CONTRACT_SUIT[value] != suit and len(_held(view.hand, _CONTRACT_SUIT[value])) < length:
        return None
    trumps = _CONTRACT_SUIT[value]
    return (f"Play with {_SUIT_WORD[trumps]} as trumps: it is your longest suit, "
            f"{number_words(len(_held(view.hand, trumps)))} cards, and the defenders share "
            f"the other {number_words(8 - len(_held(view.hand, trumps)))}.")


# -- the defence ----------------------------------------------------------------------------

def _defence_count(view: SeatView) -> tuple[list[str], list[str]]:
    """A defender's sure tricks: aces, and kings guarded (not in trumps, which the
    declarer holds most of)."""
    trumps = _contract(view).get("trumps")
    aces, kings = sure_tricks(view.hand)
    return aces, [k for k in kings if k[0] != trumps]


def defend_with_your_quota(view: SeatView, action: str) -> str | None:
    if action != "defend":
        return None
    aces, kings = _defence_count(view)
    if len(aces) + len(kings) < 2:
        return None
    return (f"Defend: you hold {_count(len(aces), 'ace')} and "
            f"{_count(len(kings), 'guarded king')}, enough for your quota of two tricks.")


def drop_out_below_quota(view: SeatView, action: str) -> str | None:
    if action != "drop out":
        return None
    aces, kings = _defence_count(view)
    if len(aces) + len(kings) >= 2:
        return None
    return (f"Drop out: you count only {_count(len(aces) + len(kings), 'sure trick')}, and a "
            f"defender who plays must take two or pay for it.")


def no_kontra_without_five(view: SeatView, action: str) -> str | None:
    """A defender passes at the kontra with fewer than three sure tricks of his own:
    kontra undertakes five tricks for the defence."""
    if view.phase != "kontra" or action != "pass" or view.info.get("declarer") == view.seat:
        return None
    aces, kings = _defence_count(view)
    if len(aces) + len(kings) >= 3:
        return None
    return (f"Do not say kontra: it undertakes five tricks for the defence and doubles the "
            f"scores, and you count only {_count(len(aces) + len(kings), 'sure trick')}.")


# -- the play -------------------------------------------------------------------------------

def _card_of(action: str) -> str | None:
    return action[5:] if action.startswith("play ") else None


def _on_table(view: SeatView) -> list[str]:
    return [str(e["card"]) for e in (view.trick or {}).get("cards") or ()]


def _winning(cards: list[str], trumps: str | None) -> str:
    best = cards[0]
    for card in cards[1:]:
        if card[0] == best[0] and _rank(card) > _rank(best):
            best = card
        elif card[0] == trumps and best[0] != trumps:
            best = card
    return best


def _beats(card: str, best: str, trumps: str | None) -> bool:
    if card[0] == best[0]:
        return _rank(card) > _rank(best)
    return card[0] == trumps


def _bettel_declarer(view: SeatView) -> bool:
    return _contract(view).get("value") == _BETTEL and view.info.get("declarer") == view.seat


def _plays(view: SeatView) -> list[str]:
    return [a[5:] for a in view.legal if a.startswith("play ")]


def only_card(view: SeatView, action: str) -> str | None:
    card = _card_of(action)
    if card is None or _plays(view) != [card]:
        return None
    return f"{card_words(card).capitalize()} is the only card you may play."


def duck_in_bettel(view: SeatView, action: str) -> str | None:
    """The Bettel declarer plays a card that does not win the trick."""
    card, table = _card_of(action), _on_table(view)
    if card is None or not table or not _bettel_declarer(view):
        return None
    if _beats(card, _winning(table, None), None):
        return None
    return (f"In Bettel you must take no trick: {card_words(card)} stays under "
            f"{card_words(_winning(table, None))}.")


def win_cheaply(view: SeatView, action: str) -> str | None:
    card, table = _card_of(action), _on_table(view)
    if card is None or not table or _bettel_declarer(view) or card[0] != table[0][0]:
        return None
    trumps = _contract(view).get("trumps")
    best = _winning(table, trumps)
    winners = [c for c in _held(view.hand, card[0]) if _beats(c, best, trumps)]
    if not winners or card != winners[-1]:
        return None
    return (f"Win cheaply: {card_words(card)} is your lowest card that beats "
            f"{card_words(best)}; keep the higher ones.")


def trump_it(view: SeatView, action: str) -> str | None:
    card, table = _card_of(action), _on_table(view)
    trumps = _contract(view).get("trumps")
    if card is None or not table or trumps is None or card[0] != trumps:
        return None
    led = table[0][0]
    if led == trumps or _held(view.hand, led):
        return None
    best = _winning(table, trumps)
    winners = [c for c in _held(view.hand, trumps) if _beats(c, best, trumps)]
    if not winners or card != winners[-1]:
        return None
    return (f"You have no {_SUIT_WORD[led]}, so trump: {card_words(card)} is your lowest trump "
            f"that wins the trick so far.")


def cannot_win(view: SeatView, action: str) -> str | None:
    card, table = _card_of(action), _on_table(view)
    if card is None or not table or _bettel_declarer(view):
        return None
    trumps = _contract(view).get("trumps")
    best = _winning(table, trumps)
    plays = _plays(view)
    if any(_beats(c, best, trumps) for c in plays):
        return None
    if _rank(card) != min(_rank(c) for c in plays):
        return None
    return (f"Nothing you may play beats {card_words(best)}: play {card_words(card)}, one of "
            f"your lowest, and keep the better cards.")


def cash_a_winner(view: SeatView, action: str) -> str | None:
    """A lead above which every card of its suit is played or in the hand."""
    card = _card_of(action)
    if card is None or _on_table(view) or _bettel_declarer(view):
        return None
    gone = {e["card"] for t in view.tricks for e in t["cards"]} | set(view.hand)
    gone |= set(view.info.get("talon") or ())
    if any(card[0] + r not in gone for r in RANKS[_rank(card) + 1:]):
        return None
    trumps = _contract(view).get("trumps")
    ruff = "" if trumps in (None, card[0]) else "; only a trump can beat it"
    return (f"Cash your winner: {card_words(card)} is the highest {_SUIT_WORD[card[0]][:-1]} "
            f"left{ruff}.")


def lowest_of_equals(view: SeatView, action: str) -> str | None:
    """A card with a higher card of its suit in the hand and every card between them
    played or held: the two do the same work, and the lower keeps the higher hidden."""
    card = _card_of(action)
    if card is None:
        return None
    gone = {e["card"] for t in view.tricks for e in t["cards"]} | set(_on_table(view))
    gone |= set(view.hand)
    between: list[str] = []
    for r in RANKS[_rank(card) + 1:]:
        other = card[0] + r
        if other in view.hand and all(c in gone for c in between):
            return (f"Play {card_words(card)}: it does the same work as your "
                    f"{card_words(other)[4:]}, since every card between them is played or "
                    f"yours. Play the lower of equal cards and keep the higher.")
        between.append(other)
    return None


IDEAS: tuple[Idea, ...] = (
    Idea("only-card", "It is necessary: to follow suit if able; when holding no card of the "
         "led suit, to play a trump if possible.", only_card),
    Idea("bid-from-sure-tricks", "The declarer chooses the contract and tries to make at "
         "least six of the ten possible tricks.", bid_from_sure_tricks),
    Idea("game-with-six-tricks", "The bid Game means that the player wishes to be declarer "
         "without using the talon cards.", game_with_six_tricks),
    Idea("pass-without-tricks", "As the contract is always 6 tricks, the different bids "
         "relate to the different trump suits.", pass_without_tricks),
    Idea("put-aside-a-loser", "The declarer now picks up the talon, adds it to his hand, and "
         "then discards any two cards face down.", put_aside_a_loser),
    Idea("trumps-in-your-longest-suit", "Two through five - indicates the suit which is "
         "trump.", trumps_in_your_longest_suit),
    Idea("defend-with-your-quota", "Playing is a commitment to win at least two tricks, and "
         "there is a penalty for failing to do so.", defend_with_your_quota),
    Idea("drop-out-below-quota", "A defender who does not think he can make two tricks can "
         "drop out.", drop_out_below_quota),
    Idea("no-kontra-without-five", "Kontra is an undertaking that the defenders will win at "
         "least 5 tricks; saying Kontra doubles all the scores for the hand.",
         no_kontra_without_five),
    Idea("duck-in-bettel", "Bettel. The declarer undertakes to take no tricks.",
         duck_in_bettel),
    Idea("trump-it", "When holding no card of the led suit, to play a trump if possible.",
         trump_it),
    Idea("win-cheaply", "If a trump card was not played, the highest card in the suit that "
         "was led.", win_cheaply),
    Idea("cannot-win", "It is not necessary to play a card beating those already in the "
         "trick.", cannot_win),
    Idea("cash-a-winner", "The winner of a trick leads to the next.", cash_a_winner),
    Idea("lowest-of-equals", "If a trump card was not played, the highest card in the suit "
         "that was led.", lowest_of_equals),
)

#: Every idea by its key (the tests and the bench look checkers up here).
IDEAS_BY_KEY: dict[str, Idea] = coach.by_key(IDEAS)


def plain_reason(view: SeatView, action: str) -> str:
    card = _card_of(action)
    if card is not None:
        return (f"Play {card_words(card)}: over the hands the others may hold, this card does "
                f"best for your side.")
    if action.startswith("discard "):
        return (f"Put {card_words(action.split()[1])} aside: the two cards left out this way "
                f"leave your best contract.")
    return "This is what the expert does, counting the tricks your hand can take."


def is_true(idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (games.coach)."""
    return coach.is_true(IDEAS_BY_KEY, idea_key, view, action)


class PreferenceCoach(coach.RobotCoach):
    """Hints for a Preference pupil, from his seat view alone."""

    ideas = IDEAS

    def choose(self, view: SeatView, rng: random.Random) -> str:
        from games.preference import ENTRY  # the package imports this module's name only

        return str(ENTRY.robot("expert").choose(view, rng))

    def plain_reason(self, view: SeatView, action: str) -> str:
        return plain_reason(view, action)


def make_coach() -> PreferenceCoach:
    """The registry's coach for Preference (games.registry.GameEntry.coach)."""
    return PreferenceCoach()
