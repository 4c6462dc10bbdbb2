"""Piquet's coach: at each decision, the expert robot's choice and why, in the rule text's
words, from the pupil's seat view alone (issue 29;
docs/decisions/0810-the-coaches-of-spades-preference-the-top-game-and-piquet.md).

The coach is given one :class:`~games.protocol.SeatView` and a ``random.Random``,
never the game. The choice is the expert's, asked through ``ENTRY.robot``; the reason
is the first idea whose checker is true of that choice, else the plain reason. The
common decisions (shared/rules/piquet.txt):

* THE EXCHANGE: what to discard, keeping the point, the sequences and the sets ("The
  purpose of the exchange is to 'improve the hand'");
* DECLARATIONS: declare your best point, sequence and set in full (SINKING AND PROVING:
  holding back is legal, but what is sunk does not score);
* the answers "good", "not good", "equal", from what you hold;
* TRICKS: lead from your long suit or a card that cannot be beaten, win cheaply, play
  low when nothing wins ("The winner of a trick scores 1 point if he led to it, or 2 if
  his opponent led to it").
"""

from __future__ import annotations

import random
from typing import Any

from games import coach
from games.cards import card_words
from games.coach import Idea
from games.protocol import SeatView
from games.words import number_words

#: CARDS: "From high to low, AKQJT987 per suit."
RANKS = "789TJQKA"
SUITS = "SHDC"
_SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SEQUENCE_WORD = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                  8: "huitième"}
_SET_WORD = {3: "trio", 4: "quatorze"}
#: SET: "three or four cards of the same rank, Ten or higher".
_SET_RANKS = "TJQKA"

def _rank(card: str) -> int:
    return RANKS.index(card[1])


def _suit_cards(cards: tuple[str, ...] | list[str], suit: str) -> list[str]:
    return sorted((c for c in cards if c[0] == suit), key=_rank, reverse=True)


def point_length(cards: tuple[str, ...] | list[str]) -> int:
    """Point: "greatest number of cards in any one suit"."""
    return max(len(_suit_cards(cards, s)) for s in SUITS)


def runs(cards: tuple[str, ...] | list[str]) -> list[list[str]]:
    """Every run of three or more consecutive cards in one suit, highest card first."""
    found = []
    for suit in SUITS:
        held = sorted({_rank(c) for c in cards if c[0] == suit})
        run: list[int] = []
        for r in held + [99]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= 3:
                found.append([suit + RANKS[x] for x in reversed(run)])
            run = [r]
    return found


def sequence_length(cards: tuple[str, ...] | list[str]) -> int:
    return max((len(r) for r in runs(cards)), default=0)


def sets(cards: tuple[str, ...] | list[str]) -> dict[str, int]:
    """Each rank Ten or higher held three or four times."""
    counts = {r: sum(1 for c in cards if c[1] == r) for r in _SET_RANKS}
    return {r: n for r, n in counts.items() if n >= 3}


def set_size(cards: tuple[str, ...] | list[str]) -> int:
    return max(sets(cards).values(), default=0)


def _combination_cards(cards: tuple[str, ...] | list[str]) -> set[str]:
    """The cards of the longest suit(s), of the runs and of the sets."""
    longest = point_length(cards)
    keep = {c for s in SUITS if len(_suit_cards(cards, s)) == longest for c in cards if c[0] == s}
    keep.update(c for run in runs(cards) for c in run)
    keep.update(c for c in cards if c[1] in sets(cards))
    return keep


# -- the exchange ---------------------------------------------------------------------------

def keep_your_combinations(view: SeatView, action: str) -> str | None:
    """A discard outside the point suit, every sequence and every set, not an ace."""
    if not action.startswith("discard "):
        return None
    card = action.split()[1]
    if card in _combination_cards(list(view.hand)) or card[1] == "A":
        return None
    longest = point_length(view.hand)
    point_suits = [s for s in SUITS if len(_suit_cards(view.hand, s)) == longest]
    return (f"Put {card_words(card)} aside: it is not in your point (your "
            f"{number_words(longest)} {_SUIT_WORD[point_suits[0]]}), nor in a sequence or a "
            f"set. Keep the cards that score and draw for more.")


def draw_now(view: SeatView, action: str) -> str | None:
    if action != "draw":
        return None
    aside = (view.info.get("mine") or {}).get("set_aside") or ()
    if not aside:
        return None
    return (f"Draw now: you have put aside {number_words(len(aside))} "
            f"card{'' if len(aside) == 1 else 's'}, and you draw as many from the talon.")


# -- the declarations -----------------------------------------------------------------------

def _declared(action: str) -> tuple[str, int] | None:
    words = action.split()
    if words[0] == "also":
        words = words[1:]
    if len(words) >= 2 and words[0] in ("point", "sequence", "set") and words[1].isdigit():
        return words[0], int(words[1])
    return None


_BEST = {"point": point_length, "sequence": sequence_length, "set": set_size}


def declare_in_full(view: SeatView, action: str) -> str | None:
    """A declaration of the whole of the best combination held of its class."""
    declared = _declared(action)
    if declared is None:
        return None
    kind, size = declared
    if size != _BEST[kind](view.hand):
        return None
    label = str((view.info.get("labels") or {}).get(action) or kind)
    return (f"Declare in full: {label[0].lower()}{label[1:]}. It is the best you hold; "
            f"sinking part of it would only hide a card, and what you sink does not score.")


def nothing_to_declare(view: SeatView, action: str) -> str | None:
    if not action.startswith("no "):
        return None
    kind = action.split()[1]
    if kind not in _BEST or _BEST[kind](view.hand):
        return None
    return f"Say no {kind}: you hold nothing to declare in it."


_PIP = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}


def _pips(cards: list[str]) -> int:
    """The point's value: "counting each Ace 11, each court 10, and others at face value"."""
    return sum(_PIP[c[1]] for c in cards)


def _answered(view: SeatView) -> tuple[str, dict[str, Any]] | None:
    """The class elder's announcement younger is answering now, and the announcement."""
    classes = view.info.get("classes") or {}
    for kind in ("point", "sequence", "set"):
        entry = classes.get(kind) or {}
        announced, answers = entry.get("announced"), tuple(entry.get("answers") or ())
        if not announced:
            continue
        second = "value" in announced or "top" in announced
        if not answers or (second and answers == ("equal",)):
            return kind, dict(announced)
    return None


def _compared(view: SeatView, kind: str, announced: dict[str, Any]) -> tuple[int, int, str]:
    """Younger's best against elder's, as two numbers and the thing compared."""
    hand = list(view.hand)
    size = int(announced["size"])
    if kind == "point" and "value" in announced:
        mine = max((_pips(_suit_cards(hand, s)) for s in SUITS
                    if len(_suit_cards(hand, s)) == size), default=0)
        return mine, int(announced["value"]), "points in value"
    if kind == "sequence" and "top" in announced:
        tops = [_rank(r[0]) for r in runs(hand) if len(r) == size]
        return max(tops, default=-1), RANKS.index(announced["top"]), "top card"
    if kind == "set":
        mine_sets = sets(hand)
        mine_key = max((n * 10 + _SET_RANKS.index(r) for r, n in mine_sets.items()),
                       default=0)
        theirs_key = size * 10 + _SET_RANKS.index(str(announced.get("rank") or "T"))
        return mine_key, theirs_key, "set"
    return _BEST[kind](hand), size, "cards"


def answer_from_your_hand(view: SeatView, action: str) -> str | None:
    """The answer by what younger holds against elder's announcement: better, "not
    good"; worse, "good"; the same, "equal"."""
    if action not in ("good", "not good", "equal"):
        return None
    found = _answered(view)
    if found is None:
        return None
    kind, announced = found
    mine, theirs, what = _compared(view, kind, announced)
    wanted = "not good" if mine > theirs else "good" if mine < theirs else "equal"
    if action != wanted:
        return None
    says = str(announced.get("says") or kind)
    if action == "not good":
        why = f"your {kind} beats it"
    elif action == "good":
        why = f"you have no {kind} as good"
    else:
        then = {"point": "the value of the cards", "sequence": "the top card"}.get(kind, kind)
        why = (f"yours is as long, so {then} decides next" if what == "cards"
               else f"yours is the same in {what}")
    return f"Say \"{action}\": elder declared {says}, and {why}."


def ask_about_it(view: SeatView, action: str) -> str | None:
    if not action.startswith("ask "):
        return None
    return ("Ask: any combination declared must be told when asked, and knowing its suit or "
            "top card tells you which cards your opponent holds.")


# -- the tricks -----------------------------------------------------------------------------

def _card_of(action: str) -> str | None:
    return action[5:] if action.startswith("play ") else None


def _led(view: SeatView) -> str | None:
    cards = (view.trick or {}).get("cards") or ()
    return str(cards[0]["card"]) if cards else None


def _played(view: SeatView) -> set[str]:
    cards = {e["card"] for t in view.tricks for e in t["cards"]}
    if view.trick:
        cards.update(e["card"] for e in view.trick["cards"])
    return cards


def only_card(view: SeatView, action: str) -> str | None:
    card = _card_of(action)
    plays = [a for a in view.legal if a.startswith("play ")]
    if card is None or plays != [action]:
        return None
    return f"{card_words(card).capitalize()} is the only card you may play: suit must be followed."


def win_cheaply(view: SeatView, action: str) -> str | None:
    card, led = _card_of(action), _led(view)
    if card is None or led is None or card[0] != led[0]:
        return None
    winners = [c for c in _suit_cards(view.hand, led[0]) if _rank(c) > _rank(led)]
    if not winners or card != winners[-1]:
        return None
    return (f"Win cheaply: {card_words(card)} is your lowest card that beats "
            f"{card_words(led)}, and a trick your opponent led scores you 2.")


def cannot_win(view: SeatView, action: str) -> str | None:
    card, led = _card_of(action), _led(view)
    if card is None or led is None:
        return None
    held = _suit_cards(view.hand, led[0])
    if any(_rank(c) > _rank(led) for c in held):
        return None
    if held:
        if card != held[-1]:
            return None
        return (f"None of your {_SUIT_WORD[led[0]]} beats {card_words(led)}: play your lowest, "
                f"{card_words(card)}, and keep the better ones.")
    if _rank(card) != min(_rank(c) for c in view.hand):
        return None
    return (f"You hold no {_SUIT_WORD[led[0]]}, so you cannot win this trick: throw away "
            f"{card_words(card)}, one of your lowest cards.")


def lead_a_winner(view: SeatView, action: str) -> str | None:
    """A lead above which every card of its suit is played or in the leader's hand: no
    card the opponent may hold beats it (the cards out of play may hold the rest)."""
    card = _card_of(action)
    if card is None or _led(view) is not None:
        return None
    gone = _played(view) | set(view.hand)
    if any(card[0] + r not in gone for r in RANKS[_rank(card) + 1:]):
        return None
    return (f"Lead a winner: no {_SUIT_WORD[card[0]][:-1]} higher than {card_words(card)} can "
            f"be against you, so it wins the trick and 1 for leading to it.")


def lead_your_long_suit(view: SeatView, action: str) -> str | None:
    card = _card_of(action)
    if card is None or _led(view) is not None:
        return None
    length = len(_suit_cards(view.hand, card[0]))
    if length < 4 or length < point_length(view.hand):
        return None
    return (f"Lead from your longest suit, {_SUIT_WORD[card[0]]}, {number_words(length)} "
            f"cards: when your opponent has none left, your small ones win tricks.")


def lowest_of_equals(view: SeatView, action: str) -> str | None:
    """A card with a higher card of its suit in the hand and every card between them
    played or held: the two do the same work, and the lower keeps the higher hidden."""
    card = _card_of(action)
    if card is None:
        return None
    gone = _played(view) | set(view.hand)
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
    Idea("only-card", "Suit must be followed.", only_card),
    Idea("keep-your-combinations", "The purpose of the exchange is to \"improve the hand\" by "
         "(hopefully) drawing cards that make up scoring combinations.", keep_your_combinations),
    Idea("draw-now", "Each player rejects unwanted cards face down from his hand, then draws "
         "the same number from the talon.", draw_now),
    Idea("declare-in-full", "Holding back part of a combination is called sinking; any "
         "combination declared must be considered known to his opponent.", declare_in_full),
    Idea("nothing-to-declare", "Neither player is obliged to declare a combination.",
         nothing_to_declare),
    Idea("answer-from-your-hand", "Younger replies \"not good\" if he can beat it, \"good\" if "
         "he can not, or else \"equal\".", answer_from_your_hand),
    Idea("ask-about-it", "If you have declared a sequence of five and your opponent asks "
         "which suit it is in, or what the highest card is, you must tell him.", ask_about_it),
    Idea("win-cheaply", "The winner of a trick scores 1 point if he led to it, or 2 if his "
         "opponent led to it.", win_cheaply),
    Idea("cannot-win", "The trick is won by the higher card of the suit led.", cannot_win),
    Idea("lead-a-winner", "The winner of one trick leads to the next.", lead_a_winner),
    Idea("lowest-of-equals", "The trick is won by the higher card of the suit led.",
         lowest_of_equals),
    Idea("lead-your-long-suit", "If one player takes more than six tricks he counts a bonus "
         "of 10 for the cards.", lead_your_long_suit),
)

#: Every idea by its key (the tests and the bench look checkers up here).
IDEAS_BY_KEY: dict[str, Idea] = coach.by_key(IDEAS)


def plain_reason(view: SeatView, action: str) -> str:
    card = _card_of(action)
    if card is not None:
        return (f"Play {card_words(card)}: over the hands your opponent may hold, this card "
                f"scores you the most.")
    if action.startswith("discard "):
        return (f"Put {card_words(action.split()[1])} aside: over the cards the talon may hold, "
                f"this exchange scores best.")
    return "This is what the expert does, weighing the cards it cannot see."


def is_true(idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (games.coach)."""
    return coach.is_true(IDEAS_BY_KEY, idea_key, view, action)


class PiquetCoach(coach.RobotCoach):
    """Hints for a Piquet pupil, from his seat view alone."""

    ideas = IDEAS

    def choose(self, view: SeatView, rng: random.Random) -> str:
        from games.piquet import ENTRY  # the package imports this module's name only

        # A fresh robot a hint: the expert keeps plans by hand, and a hint must not
        # depend on the hints asked before it.
        return str(ENTRY.robot("expert").choose(view, rng))

    def plain_reason(self, view: SeatView, action: str) -> str:
        return plain_reason(view, action)


def make_coach() -> PiquetCoach:
    """The registry's coach for Piquet (games.registry.GameEntry.coach)."""
    return PiquetCoach()
