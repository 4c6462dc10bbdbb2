"""The ideas of the card play that MiniBridge's booklet teaches, one checker each, shared
by the coaches of the games played with a dummy: MiniBridge's and the Top Game's
(issue 29; docs/decisions/0800 and 0810).

An :class:`Idea` is one piece of the booklet's advice ("second hand low", "win
cheaply", "draw trumps"): its stable key, the MiniLesson that teaches it, the
booklet's words it stands on, and a checker. A checker takes what the robots read
from a seat's view (:class:`~games.bridge.robots.seen.Seen`) and a card, and gives the
reason in words a child reads, or ``None`` where the idea is not true of that card in
that position: so a coach never gives a reason that is false. The lesson numbers are
MiniBridge's, because the booklet is; a game without those lessons (the Top Game)
keeps the words and the checker and drops the number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.bridge.robots import cardtext, play, seen
from games.cards import card_words
from games.words import number_words

Seen = seen.Seen

_SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def suit_word(suit: str) -> str:
    """"H" -> "heart"."""
    return _SUIT_WORD[suit]


def suits_word(suit: str) -> str:
    """"H" -> "hearts"."""
    return _SUIT_WORD[suit] + "s"


def _rank_word(card: str) -> str:
    """"HQ" -> "queen"."""
    return card_words(card).split()[1]


def _held(seen_: Seen, suit: str) -> list[str]:
    """The cards of ``suit`` in the hand whose card is chosen now, highest first."""
    return cardtext.in_suit(seen_.hand_of(seen_.playing), suit)


def _led(seen_: Seen) -> str | None:
    return seen_.trick[0][1][0] if seen_.trick else None


def counted(n: int, thing: str) -> str:
    """(3, "trick") -> "three tricks"."""
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
        return f"You must follow suit, and {card_words(card)} is your only {suit_word(led)}."
    return f"{card_words(card).capitalize()} is the only card you may play."


def cash_winner(seen_: Seen, card: str) -> str | None:
    """A lead of the highest card of its suit still out (every higher one played)."""
    if seen_.trick or any(c not in seen_.played for c in cardtext.ABOVE[card]):
        return None
    words, suit = card_words(card), card[0]
    if seen_.trumps is None or suit == seen_.trumps:
        return (f"Cash your winner: {words} is the highest {suit_word(suit)} left, so it wins "
                f"the trick.")
    return (f"Cash your winner: {words} is the highest {suit_word(suit)} left; only a trump "
            f"can beat it.")


def count_sure_tricks(seen_: Seen, card: str) -> str | None:
    """Declarer's side leads a winner while its sure tricks reach the goal: the
    tricks it can take one after another (``cardtext.sure_tricks``) are at least the
    tricks it still needs."""
    position = seen_.playing
    if not seen_.declaring_side(position) or cash_winner(seen_, card) is None:
        return None
    goal = int((seen_.contract or {}).get("goal") or 0)
    won = sum(1 for _, _, winner in seen_.tricks
              if winner is not None and seen_.declaring_side(winner))
    needed = goal - won
    sure = cardtext.sure_tricks(seen_.hand_of(position), seen_.hand_of(seen.partner_of(position)),
                                seen_.against(position), seen_.trumps)
    if needed <= 0 or sure < needed:
        return None
    return (f"Count your sure tricks: this hand has {counted(sure, 'top trick')} and you need "
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
    return (f"Draw trumps: the defenders still hold {counted(out, 'trump')} between them. "
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
    return (f"Your partner led {suits_word(card[0])} earlier: go back to his suit and lead "
            f"{card_words(card)}.")


def long_suit(seen_: Seen, card: str) -> str | None:
    """Declarer's side leads its longest suit of seven cards or more (not trumps),
    while the defenders still hold some of it."""
    position, suit = seen_.playing, card[0]
    if seen_.trick or not seen_.declaring_side(position) or suit == seen_.trumps:
        return None
    lengths = cardtext.fit_lengths(seen_.hand_of(position),
                                   seen_.hand_of(seen.partner_of(position)))
    longest = max(n for s, n in lengths.items() if s != seen_.trumps)
    theirs = sum(1 for c in seen_.against(position) if c[0] == suit)
    if lengths[suit] < 7 or lengths[suit] < longest or theirs == 0:
        return None
    return (f"Play your long suit: your hand and dummy's hold {number_words(lengths[suit])} "
            f"{suits_word(suit)} together, the defenders only {number_words(theirs)}. When they "
            f"have none left, your small {suits_word(suit)} can win tricks.")


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
    return (f"Lead your longest suit: you hold {number_words(length)} {suits_word(suit)}, and when "
            f"the others have none left your small {suits_word(suit)} can win tricks.")


def trump_it(seen_: Seen, card: str) -> str | None:
    """Out of the suit led, the lowest trump that beats the card winning so far."""
    trumps, led = seen_.trumps, _led(seen_)
    if (led is None or trumps is None or card[0] != trumps or led == trumps
            or _held(seen_, led)):
        return None
    _, best = cardtext.winning(seen_.trick, trumps)
    if play.cheapest_winner(_held(seen_, trumps), best, trumps) != card:
        return None
    return (f"You have no {suits_word(led)} left, so you may trump: {card_words(card)} is your "
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
    keep = f"; keep your higher {suits_word(led)} for later" if higher else ""
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
        return (f"Third hand high: your partner led a small {suit_word(led)}, so help him and "
                f"play high, {card_words(card)}.{same}")
    if card == held[0]:
        return (f"Third hand high: your partner led, so play your highest {suit_word(led)}, "
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
    return (f"None of your {suits_word(led)} can beat {card_words(best)}: keep the better ones "
            f"and play your lowest, {card_words(card)}.")


def second_hand_low(seen_: Seen, card: str) -> str | None:
    """Second hand, following suit: the lowest card of the suit, from two or more."""
    led = _led(seen_)
    if led is None or len(seen_.trick) != 1 or card[0] != led:
        return None
    held = _held(seen_, led)
    if len(held) < 2 or card != held[-1]:
        return None
    return (f"Second hand low: play your lowest {suit_word(led)}, {card_words(card)}; your "
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
    return (f"Your partner led {suits_word(led)} and you hold a high {suit_word(led)}: play a high "
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
    return (f"Play your lowest {suit_word(led)}, {card_words(card)}, to tell your partner \"I "
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
        return (f"You have no {suits_word(led)}, and at no-trumps a card of another suit never "
                f"wins: throw away a small card, {card_words(card)}.")
    return (f"You have no {suits_word(led)}: throw away {card_words(card)}, your lowest "
            f"{suit_word(card[0])}.")


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
