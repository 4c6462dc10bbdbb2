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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# The robots' reading of a view, their sampler and solver, reused as they are.
from games.bridge.robots import cardtext, play, sampler, seen, solver
from games.cards import card_words
from games.minibridge.robots import contract
from games.protocol import Hint, SeatView
from games.words import number_words

Seen = seen.Seen

#: The plain reason, when no booklet idea is true of the best card.
BEST_PLAY = "best-play"
#: Hidden deals solved for one card, late in the hand.
SAMPLES = 12
#: Fewer early on, by the cards each hand still holds: a deal solved at the first
#: trick costs DDS ten times one at the fifth, and a hint must come within 300 ms.
EARLY_SAMPLES = {13: 3, 12: 4, 11: 6, 10: 8}

_SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def _one(suit: str) -> str:
    return _SUIT_WORD[suit]


def _many(suit: str) -> str:
    return _SUIT_WORD[suit] + "s"


def _rank_word(card: str) -> str:
    """"HQ" -> "queen"."""
    return card_words(card).split()[1]


def _held(seen_: Seen, suit: str) -> list[str]:
    """The cards of ``suit`` in the hand whose card is chosen now, highest first."""
    return cardtext.in_suit(seen_.hand_of(seen_.playing), suit)


def _led(seen_: Seen) -> str | None:
    return seen_.trick[0][1][0] if seen_.trick else None


def _count(n: int, thing: str) -> str:
    return f"{number_words(n)} {thing}{'' if n == 1 else 's'}"


# -- the ideas of the card play, one checker each ----------------------------------------

Check = Callable[[Seen, str], "str | None"]


@dataclass(frozen=True)
class Idea:
    """One piece of the booklet's advice: its key, the lesson that teaches it, the
    booklet's words (the rule it stands on) and the checker that says whether it is
    true of a card (or an action) in a position, in the words the pupil reads."""

    key: str
    lesson: int
    quote: str
    check: Check


def only_card(seen_: Seen, card: str) -> str | None:
    """Law 11: "each player must follow suit if possible"."""
    if play.legal_cards(seen_) != [card]:
        return None
    led = _led(seen_)
    if led is not None and card[0] == led:
        return f"You must follow suit, and {card_words(card)} is your only {_one(led)}."
    return f"{card_words(card).capitalize()} is the only card you may play."


def cash_winner(seen_: Seen, card: str) -> str | None:
    """A lead of the highest card of its suit still out (every higher one played)."""
    if seen_.trick or any(c not in seen_.played for c in cardtext.ABOVE[card]):
        return None
    words, suit = card_words(card), card[0]
    if seen_.trumps is None or suit == seen_.trumps:
        return f"Cash your winner: {words} is the highest {_one(suit)} left, so it wins the trick."
    return (f"Cash your winner: {words} is the highest {_one(suit)} left; only a trump "
            f"can beat it.")


def count_sure_tricks(seen_: Seen, card: str) -> str | None:
    """Declarer's side leads a winner while its sure tricks reach the goal: the
    tricks it can take one after another (``contract.sure_tricks``) are at least the
    tricks it still needs."""
    position = seen_.playing
    if not seen_.declaring_side(position) or cash_winner(seen_, card) is None:
        return None
    goal = int((seen_.contract or {}).get("goal") or 0)
    won = sum(1 for _, _, winner in seen_.tricks
              if winner is not None and seen_.declaring_side(winner))
    needed = goal - won
    sure = contract.sure_tricks(seen_.hand_of(position), seen_.hand_of(seen.partner_of(position)),
                                seen_.against(position), seen_.trumps)
    if needed <= 0 or sure < needed:
        return None
    return (f"Count your sure tricks: this hand has {_count(sure, 'top trick')} and you need "
            f"only {number_words(needed)} more for your goal of {number_words(goal)}. Take "
            f"them now, starting with {card_words(card)}.")


def draw_trumps(seen_: Seen, card: str) -> str | None:
    """Declarer's side leads a trump while the defenders still hold trumps (the
    trumps out of sight: declarer sees both his side's hands, so they are the
    defenders')."""
    trumps, position = seen_.trumps, seen_.playing
    if (seen_.trick or trumps is None or card[0] != trumps
            or not seen_.declaring_side(position)
            or not (seen_.visible(position) and seen_.visible(seen.partner_of(position)))):
        return None
    out = sum(1 for c in seen_.against(position) if c[0] == trumps)
    if out == 0:
        return None
    return (f"Draw trumps: the defenders still hold {_count(out, 'trump')} between them. "
            f"Lead trumps, {card_words(card)}, to take them away so they cannot trump your "
            f"winners.")


def top_of_sequence(seen_: Seen, card: str) -> str | None:
    """A defender leads the highest of two or more touching cards."""
    if seen_.trick or seen_.declaring_side(seen_.playing):
        return None
    held = set(_held(seen_, card[0]))
    below = next((c for c in cardtext.BELOW[card] if c not in seen_.played), None)
    above = next((c for c in reversed(cardtext.ABOVE[card]) if c not in seen_.played), None)
    if below is None or below not in held or (above is not None and above in held):
        return None
    reason = (f"Lead the top of a sequence: {card_words(card)}, from your {_rank_word(card)} "
              f"and {_rank_word(below)}.")
    if above is not None:
        reason += f" It tells your partner you do not hold the {_rank_word(above)}."
    return reason


def partners_suit(seen_: Seen, card: str) -> str | None:
    """A defender (or anyone, before there is a declarer) leads the suit his
    partner led earlier."""
    position = seen_.playing
    if seen_.trick or seen_.declaring_side(position) or card[0] == seen_.trumps:
        return None
    partner = seen.partner_of(position)
    if not any(leader == partner and cards[0][1][0] == card[0]
               for leader, cards, _ in seen_.tricks):
        return None
    return (f"Your partner led {_many(card[0])} earlier: go back to his suit and lead "
            f"{card_words(card)}.")


def long_suit(seen_: Seen, card: str) -> str | None:
    """Declarer's side leads its longest suit of seven cards or more (not trumps),
    while the defenders still hold some of it."""
    position, suit = seen_.playing, card[0]
    if seen_.trick or not seen_.declaring_side(position) or suit == seen_.trumps:
        return None
    lengths = contract.fit_lengths(seen_.hand_of(position),
                                   seen_.hand_of(seen.partner_of(position)))
    longest = max(n for s, n in lengths.items() if s != seen_.trumps)
    theirs = sum(1 for c in seen_.against(position) if c[0] == suit)
    if lengths[suit] < 7 or lengths[suit] < longest or theirs == 0:
        return None
    return (f"Play your long suit: your hand and dummy's hold {number_words(lengths[suit])} "
            f"{_many(suit)} together, the defenders only {number_words(theirs)}. When they "
            f"have none left, your small {_many(suit)} can win tricks.")


def long_suit_lead(seen_: Seen, card: str) -> str | None:
    """A defender (or anyone, before there is a declarer) leads from his longest
    suit, four cards or more (not trumps)."""
    position, suit = seen_.playing, card[0]
    if seen_.trick or seen_.declaring_side(position) or suit == seen_.trumps:
        return None
    hand = seen_.hand_of(position)
    length = sum(1 for c in hand if c[0] == suit)
    if length < 4 or any(sum(1 for c in hand if c[0] == s) > length
                         for s in cardtext.SUITS if s != seen_.trumps):
        return None
    return (f"Lead your longest suit: you hold {number_words(length)} {_many(suit)}, and when "
            f"the others have none left your small {_many(suit)} can win tricks.")


def trump_it(seen_: Seen, card: str) -> str | None:
    """Out of the suit led, the lowest trump that beats the card winning so far."""
    trumps, led = seen_.trumps, _led(seen_)
    if (led is None or trumps is None or card[0] != trumps or led == trumps
            or _held(seen_, led)):
        return None
    _, best = cardtext.winning(seen_.trick, trumps)
    if play.cheapest_winner(_held(seen_, trumps), best, trumps) != card:
        return None
    return (f"You have no {_many(led)} left, so you may trump: {card_words(card)} is your "
            f"lowest trump that beats {card_words(best)}.")


def win_cheaply(seen_: Seen, card: str) -> str | None:
    """Following suit, the lowest card that beats the card winning so far, when that
    card is not partner's."""
    led = _led(seen_)
    if led is None or card[0] != led:
        return None
    winner, best = cardtext.winning(seen_.trick, seen_.trumps)
    if winner == seen.partner_of(seen_.playing):
        return None
    held = _held(seen_, led)
    if play.cheapest_winner(held, best, seen_.trumps) != card:
        return None
    higher = [c for c in held if cardtext.rank(c) > cardtext.rank(card)]
    keep = f"; keep your higher {_many(led)} for later" if higher else ""
    if len(seen_.trick) == 3:
        return f"Win cheaply: {card_words(card)} is the lowest card that wins this trick{keep}."
    return (f"Win cheaply: {card_words(card)} is your lowest card that beats "
            f"{card_words(best)}{keep}.")


def third_hand_high(seen_: Seen, card: str) -> str | None:
    """Third hand, partner not winning: the highest card held in the suit led, or
    the lowest of the cards equal to it, that beats the card winning so far."""
    led = _led(seen_)
    if led is None or len(seen_.trick) != 2 or card[0] != led:
        return None
    winner, best = cardtext.winning(seen_.trick, seen_.trumps)
    partners = winner == seen.partner_of(seen_.playing)
    if partners and cardtext.rank(best) >= cardtext.RANK["T"]:
        return None  # partner's honour: no need to play over it
    held = _held(seen_, led)
    if play.third_hand_high(held, best, seen_.trumps, seen_.played) != card:
        return None
    same = ("" if card == held[0]
            else f" It does the same work as your {_rank_word(held[0])}.")
    if partners:
        return (f"Third hand high: your partner led a small {_one(led)}, so help him and "
                f"play high, {card_words(card)}.{same}")
    if card == held[0]:
        return (f"Third hand high: your partner led, so play your highest {_one(led)}, "
                f"{card_words(card)}, to beat {card_words(best)}.")
    return (f"Third hand high: your partner led, so play high. {card_words(card).capitalize()} "
            f"does the same work as your {_rank_word(held[0])} and beats {card_words(best)}.")


def beat_the_dummy(seen_: Seen, card: str) -> str | None:
    """Following suit with dummy still to play after this hand, in sight: the lowest
    card that beats both the card winning so far and dummy's highest card of the suit
    (or, dummy out of the suit and unable to trump, the card winning so far)."""
    led, position = _led(seen_), seen_.playing
    after = seen.next_position(position)
    if (led is None or card[0] != led or len(seen_.trick) == 3 or after != seen_.dummy
            or not seen_.visible(after)):
        return None
    winner, best = cardtext.winning(seen_.trick, seen_.trumps)
    dummys = cardtext.in_suit(seen_.hand_of(after), led)
    if not dummys and seen_.trumps and cardtext.in_suit(seen_.hand_of(after), seen_.trumps):
        return None  # dummy could trump
    target = dummys[0] if dummys and cardtext.beats(dummys[0], best, seen_.trumps) else best
    if winner == seen.partner_of(position) and target == best:
        return None  # partner's card is winning and dummy cannot beat it
    if play.cheapest_winner(_held(seen_, led), target, seen_.trumps) != card:
        return None
    if target == best:
        return (f"Dummy plays after you and cannot beat {card_words(best)}: win cheaply with "
                f"{card_words(card)}.")
    return (f"Dummy plays after you and holds {card_words(target)}: {card_words(card)} is "
            f"your lowest card that beats it.")


def cannot_win(seen_: Seen, card: str) -> str | None:
    """Following suit with no card of it that beats the card winning: the lowest."""
    led = _led(seen_)
    if led is None or card[0] != led:
        return None
    _, best = cardtext.winning(seen_.trick, seen_.trumps)
    held = _held(seen_, led)
    if len(held) < 2 or card != held[-1] or cardtext.beats(held[0], best, seen_.trumps):
        return None
    return (f"None of your {_many(led)} can beat {card_words(best)}: keep the better ones "
            f"and play your lowest, {card_words(card)}.")


def second_hand_low(seen_: Seen, card: str) -> str | None:
    """Second hand, following suit: the lowest card of the suit, from two or more."""
    led = _led(seen_)
    if led is None or len(seen_.trick) != 1 or card[0] != led:
        return None
    held = _held(seen_, led)
    if len(held) < 2 or card != held[-1]:
        return None
    return (f"Second hand low: play your lowest {_one(led)}, {card_words(card)}; your "
            f"partner plays last to this trick.")


def _partner_led_not_won(seen_: Seen, card: str) -> str | None:
    """The suit led, when the partner of the hand to play led it and this card does
    not take the trick from him or beat the card winning."""
    led = _led(seen_)
    position = seen_.playing
    if (led is None or card[0] != led or seen_.trick[0][0] != seen.partner_of(position)
            or seen_.declaring_side(position)):
        return None
    winner, best = cardtext.winning(seen_.trick, seen_.trumps)
    if winner != seen.partner_of(position) and cardtext.beats(card, best, seen_.trumps):
        return None
    return led


def signal_like(seen_: Seen, card: str) -> str | None:
    """MiniLesson Six's "relatively HIGH small card": on partner's lead, not trying to
    win, the highest of two or more small cards held in the suit, with the ace, king
    or queen of it."""
    led = _partner_led_not_won(seen_, card)
    if led is None:
        return None
    held = _held(seen_, led)
    small = [c for c in held if cardtext.rank(c) <= play.SMALL]
    if (len(small) < 2 or card != small[0] or card == held[-1]
            or not play.likes_suit(held, led)):
        return None
    return (f"Your partner led {_many(led)} and you hold a high {_one(led)}: play a high "
            f"small card, {card_words(card)}, to say \"I like this suit, please go on\".")


def signal_dislike(seen_: Seen, card: str) -> str | None:
    """MiniLesson Six's lowest card: on partner's lead, not trying to win, the lowest
    of two or more cards held in the suit, without its ace, king or queen."""
    led = _partner_led_not_won(seen_, card)
    if led is None:
        return None
    held = _held(seen_, led)
    if len(held) < 2 or card != held[-1] or play.likes_suit(held, led):
        return None
    return (f"Play your lowest {_one(led)}, {card_words(card)}, to tell your partner \"I "
            f"don't like this suit\".")


def partner_winning(seen_: Seen, card: str) -> str | None:
    """Partner's card is winning the trick so far: the lowest card of the suit led
    (or of the suit thrown away), and never a trump on it."""
    led = _led(seen_)
    position = seen_.playing
    if led is None or len(seen_.trick) < 2:
        return None
    winner, best = cardtext.winning(seen_.trick, seen_.trumps)
    if winner != seen.partner_of(position):
        return None
    if card[0] != led and card[0] == seen_.trumps:
        return None
    held = _held(seen_, card[0])
    if card != held[-1] or (card[0] == led and len(held) < 2):
        return None
    if len(seen_.trick) == 3:
        return (f"Your partner's {_rank_word(best)} already wins this trick: don't waste a "
                f"good card, play {card_words(card)}.")
    return (f"Your partner's {_rank_word(best)} is winning this trick so far: no need to "
            f"beat it, play {card_words(card)}.")


def lowest_of_equals(seen_: Seen, card: str) -> str | None:
    """MiniLesson Six: following a suit someone else led, a defender plays the lowest
    of cards that are equal (every card between them played)."""
    led = _led(seen_)
    position = seen_.playing
    if led is None or card[0] != led or seen_.declaring_side(position):
        return None
    equal = cardtext.equals_of(card, _held(seen_, led), seen_.played)
    if len(equal) < 2 or card != equal[-1]:
        return None
    return (f"Play the lowest of equal cards: {card_words(card)} does the same work as your "
            f"{_rank_word(equal[0])}.")


def throw_away(seen_: Seen, card: str) -> str | None:
    """Out of the suit led and not trumping: the lowest card of another suit."""
    led = _led(seen_)
    if led is None or card[0] == led or card[0] == seen_.trumps:
        return None
    if _held(seen_, led) or card != _held(seen_, card[0])[-1]:
        return None
    if seen_.trumps is None:
        return (f"You have no {_many(led)}, and at no-trumps a card of another suit never "
                f"wins: throw away a small card, {card_words(card)}.")
    return (f"You have no {_many(led)}: throw away {card_words(card)}, your lowest "
            f"{_one(card[0])}.")


#: The card play's ideas, the first true one giving the reason. Lessons and words
#: from "All About MiniBridge" (shared/rules/minibridge.txt).
CARD_IDEAS: tuple[Idea, ...] = (
    Idea("only-card", 1, "Law 11: each player must follow suit if possible.", only_card),
    Idea("draw-trumps", 5, "MiniLesson Five: eight trumps usually give declarer the chance "
         "to get rid of the defenders' trumps.", draw_trumps),
    Idea("count-sure-tricks", 3, "MiniLesson Three: declarer's goal is always seven or more "
         "tricks.", count_sure_tricks),
    Idea("cash-winner", 1, "MiniLesson One: (b) recognise the relative rank of the cards.",
         cash_winner),
    Idea("top-of-sequence", 6, "MiniLesson Six: if a defender decides to lead from a sequence "
         "of cards in a suit, he should LEAD THE HIGHEST CARD OF THE SEQUENCE.",
         top_of_sequence),
    Idea("partners-suit", 2, "MiniLesson Two: continue playing on the suit led by their "
         "partner.", partners_suit),
    Idea("long-suit", 3, "MiniLesson Three: leading a long suit early in the play is often "
         "a good idea.", long_suit),
    Idea("long-suit-lead", 3, "MiniLesson Three: (d) begin to appreciate the value of 'long' "
         "suits.", long_suit_lead),
    Idea("trump-it", 4, "MiniLesson Four: you win the trick if you play the highest card on "
         "it of the suit led, unless someone else (legally) trumps it.", trump_it),
    Idea("third-hand-high", 2, "MiniLesson Two: (a) co-operate with his partner in the play.",
         third_hand_high),
    Idea("beat-the-dummy", 3, "MiniLesson Three: (a) play with a dummy.", beat_the_dummy),
    Idea("second-hand-low", 2, "MiniLesson Two: see if any of the students actually ever play "
         "'second hand low' to leave the trick for partner.", second_hand_low),
    Idea("win-cheaply", 2, "MiniLesson Two: (b) recognise that sometimes a 'small' card will "
         "win a trick.", win_cheaply),
    Idea("signal-like", 6, "MiniLesson Six: playing a relatively HIGH small card says \"I "
         "LIKE THIS SUIT\".", signal_like),
    Idea("signal-dislike", 6, "MiniLesson Six: playing your LOWEST card says \"I DON'T LIKE "
         "THIS SUIT\".", signal_dislike),
    Idea("partner-winning", 2, "MiniLesson Two: (a) co-operate with his partner in the play.",
         partner_winning),
    Idea("lowest-of-equals", 6, "MiniLesson Six: when playing to a trick that SOMEONE ELSE has "
         "led, the defender should PLAY THE LOWER, OR LOWEST OF EQUAL CARDS.", lowest_of_equals),
    Idea("cannot-win", 1, "MiniLesson One: (b) recognise the relative rank of the cards.",
         cannot_win),
    Idea("throw-away", 1, "MiniLesson One: (c) understand what a trick is at no trumps.",
         throw_away),
)


# -- the ideas before the play ----------------------------------------------------------


def count_points(seen_: Seen, action: str) -> str | None:
    """Law 4's count of the hand: the action announces exactly it."""
    hand = seen_.hand_of(seen_.me)
    points = cardtext.hcp(hand)
    if action != contract.announce(hand):
        return None
    honours = [f"{_count(sum(1 for c in hand if c[1] == r), name)}"
               for r, name in (("A", "ace"), ("K", "king"), ("Q", "queen"), ("J", "jack"))
               if any(c[1] == r for c in hand)]
    held = (", ".join(honours[:-1]) + " and " + honours[-1] if len(honours) > 1
            else honours[0] if honours else "no ace, king, queen or jack")
    return (f"Count your points: ace 4, king 3, queen 2, jack 1. You hold {held}: "
            f"{_count(points, 'point')}.")


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
                f"{number_words(longest)} {_many(suit)}, a long suit: you declare.")
    if chosen == seen.partner_of(seen_.me) and longest < 5:
        return ("You and your partner have the same points, so you may choose. You have no "
                "suit of five cards: let your partner declare, he may hold a long suit.")
    return None


def _fit(seen_: Seen) -> dict[str, int]:
    return contract.fit_lengths(seen_.hand_of(seen_.me), seen_.hand_of(seen_.dummy or ""))


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
            f"{number_words(n)} {_many(denomination)}, so make {_many(denomination)} trumps.")


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
        reason += (f" With your long {_many(minor)}, no-trumps needs nine tricks where a "
                   f"{_one(minor)} game needs eleven.")
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


def reason_for(seen_: Seen, choice: str, ideas: Sequence[Idea]) -> tuple[Idea, str] | None:
    """The first of ``ideas`` true of ``choice`` (a card, or an action before the play),
    among those taught by the pupil's lesson or before, with its words."""
    for idea in ideas:
        if seen_.lesson and idea.lesson > seen_.lesson:
            continue
        words = idea.check(seen_, choice)
        if words is not None:
            return idea, words
    return None


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
