"""The beginner's card play: sound simple bridge, as a teacher would show it.

Opening lead: top of a sequence, otherwise fourth best of the longest suit
(at no trumps) or of a side suit (in a trump contract); partner's suit once
known. Following: second hand low, third hand high (the lowest of touching
cards that do the job), win cheaply, never overtake partner's winning card,
ruff when void unless the trick is already partner's, discard from the
weakest suit. Declarer draws trumps while the defenders may still hold some
(counted from the cards played), then plays the long suits, high card first
from the short side. MiniLesson 6 ("signals"): a defender shows attitude with
a high small card ("I like this suit") or his lowest ("I don't"), leads the
top of a sequence and, following, plays the lowest of equal cards; declarer
"is quite in order to falsecard".

The functions below take plain cards ("SA") so each can be tried on a
hand-made position; :func:`beginner_card` reads them from what the robot sees.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.bridge.robots.cardtext import (
    CARD_HCP,
    RANK,
    SUITS,
    beats,
    equals_of,
    fourth_best,
    hcp,
    highest,
    in_suit,
    lowest,
    rank,
    sequence_top,
    top_rank,
    winning,
)
from games.bridge.robots.seen import Seen, next_position, partner_of

#: Highest rank of a "small" card a defender may signal with (MiniLesson 6).
SMALL = 9


# -- the rules of following suit ------------------------------------------------


def follow_suit(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards Law 11 allows: any card to lead, else the suit led if held."""
    if led is None:
        return list(hand)
    same = [c for c in hand if c[0] == led]
    return same or list(hand)


# -- leads ------------------------------------------------------------------------


def _only(trumps: str | None) -> list[str]:
    """The suits left when a hand holds nothing but trumps: the trump suit."""
    return [trumps] if trumps is not None else []


def opening_lead(hand: Sequence[str], trumps: str | None) -> str:
    """The first lead of a defender (no trumps: the longest suit; trumps: a
    side suit headed by two touching honours, else the longest side suit,
    avoiding leading away from an ace)."""
    side = [s for s in SUITS if s != trumps and in_suit(hand, s)] or _only(trumps)
    holdings = {s: in_suit(hand, s) for s in side}
    if trumps is None:
        suit = max(side, key=lambda s: (len(holdings[s]), hcp(holdings[s]), -SUITS.index(s)))
        return sequence_top(holdings[suit], 3) or _from_length(holdings[suit])
    sequences = [s for s in side if sequence_top(holdings[s], 2)]
    if sequences:
        suit = max(sequences, key=lambda s: (rank(holdings[s][0]), len(holdings[s])))
        return holdings[suit][0]
    no_bare_ace = [s for s in side if holdings[s][0][1] != "A"] or side
    suit = max(no_bare_ace, key=lambda s: (len(holdings[s]), -hcp(holdings[s]), -SUITS.index(s)))
    return _from_length(holdings[suit])


def _from_length(holding: Sequence[str]) -> str:
    """Fourth best from four or more; top of two; from three, low with an
    honour and top without."""
    if len(holding) >= 4:
        return fourth_best(holding)
    if len(holding) == 3 and rank(holding[0]) >= RANK["J"]:
        return holding[-1]
    return holding[0]


def lead_in_suit(holding: Sequence[str], gone: set[str], opponents: Sequence[str],
                 sequence: int = 2) -> str:
    """A defender's lead in a suit he goes on with: a winner if he holds the
    top card, the top of a sequence, the top of a doubleton, else low."""
    holding = sorted(holding, key=rank, reverse=True)
    top = holding[0]
    if top_rank(opponents, top[0]) <= rank(top):
        return top
    return sequence_top(holding, sequence, gone) or (top if len(holding) <= 2 else holding[-1])


def declarer_lead_in_suit(lead: Sequence[str], partner: Sequence[str], opponents: Sequence[str],
                          gone: set[str]) -> str:
    """Declarer (or dummy) leads a suit: high card first from the short side,
    low towards partner's winner, else knock out the defenders' top card with
    the top of a sequence, or lead low."""
    suit = lead[0][0]
    top_theirs = top_rank(opponents, suit)
    mine = in_suit(lead, suit)
    partners = in_suit(partner, suit)
    my_winners = [c for c in mine if rank(c) > top_theirs]
    partner_winners = [c for c in partners if rank(c) > top_theirs]
    if my_winners and (not partner_winners or len(mine) <= len(partners)):
        return my_winners[0]
    if partner_winners:
        return mine[-1]
    return sequence_top(mine, 2, gone) or mine[-1]


def declarer_lead(lead: Sequence[str], partner: Sequence[str], opponents: Sequence[str],
                  trumps: str | None, gone: set[str]) -> str:
    """Declarer's lead: trumps first while the defenders may hold some, then
    the longest combined suit (the stronger on a tie)."""
    held = {c[0] for c in lead}
    if trumps is not None and trumps in held and any(o[0] == trumps for o in opponents):
        return declarer_lead_in_suit(in_suit(lead, trumps), partner, opponents, gone)
    suits = [s for s in SUITS if s in held and s != trumps] or _only(trumps)
    # Each suit's combined length and points, counted in one pass.
    length = dict.fromkeys(SUITS, 0)
    points = dict.fromkeys(SUITS, 0)
    for cards in (lead, partner):
        for c in cards:
            length[c[0]] += 1
            points[c[0]] += CARD_HCP[c]
    suit = max(suits, key=lambda s: (length.get(s, 0), points.get(s, 0)))
    return declarer_lead_in_suit(in_suit(lead, suit), partner, opponents, gone)


# -- following -----------------------------------------------------------------------


def cheapest_winner(cards: Sequence[str], best: str, trumps: str | None) -> str | None:
    """Win cheaply: the lowest card that beats ``best``, or None."""
    winners = [c for c in cards if beats(c, best, trumps)]
    if not winners:
        return None
    # A trump is dearer than any card of the suit led.
    return min(winners, key=lambda c: (c[0] == trumps and best[0] != trumps, rank(c)))


def third_hand_high(cards: Sequence[str], best: str, trumps: str | None,
                    gone: set[str]) -> str | None:
    """Third hand high, but no higher than needed: the lowest of the cards
    equal to the highest one held that still beat ``best``; None if the
    highest card cannot beat it."""
    top = highest(cards)
    if not beats(top, best, trumps):
        return None
    equal = [c for c in equals_of(top, cards, gone | {best}) if beats(c, best, trumps)]
    return equal[-1]


def discard(hand: Sequence[str], trumps: str | None) -> str:
    """Discard the lowest card of the weakest suit (fewest points, then the
    shortest), keeping trumps."""
    length = dict.fromkeys(SUITS, 0)
    points = dict.fromkeys(SUITS, 0)
    for c in hand:
        length[c[0]] += 1
        points[c[0]] += CARD_HCP[c]
    suits = [s for s in SUITS if s != trumps and length[s]] or _only(trumps)
    weakest = min(suits, key=lambda s: (points[s], length[s]))
    return lowest([c for c in hand if c[0] == weakest])


def attitude(cards: Sequence[str], likes: bool) -> str:
    """MiniLesson 6: 'a relatively HIGH small card says "I LIKE THIS SUIT"';
    the lowest card says "I don't"."""
    small = [c for c in cards if rank(c) <= SMALL]
    if likes and len(small) > 1:
        return highest(small)
    return lowest(cards)


def likes_suit(hand: Sequence[str], suit: str) -> bool:
    """A defender likes a suit where he holds the ace, king or queen."""
    return any(c[0] == suit and c[1] in "AKQ" for c in hand)


# -- the robot's card ----------------------------------------------------------------


def legal_cards(seen: Seen) -> list[str]:
    """The cards the robot may play: Law 11's, and only those the view offers
    (at a real table the view offers revokes too; a robot never revokes)."""
    led = seen.trick[0][1][0] if seen.trick else None
    following = follow_suit(seen.hand_of(seen.playing), led)
    offered = seen.card_actions
    allowed = [c for c in following if c in offered]
    return allowed or list(offered)


def beginner_card(seen: Seen, rng: random.Random) -> str:
    """The card the beginner plays now."""
    cards = legal_cards(seen)
    if len(cards) == 1:
        return cards[0]
    position = seen.playing
    if not seen.trick:
        card = _lead(seen, position)
    else:
        card = _follow(seen, position, cards, rng)
    return card if card in cards else lowest(cards)


def _defends(seen: Seen, position: str) -> bool:
    """Defenders, and every player in MiniLessons 1-2 where nobody declares."""
    return seen.declarer is None or seen.is_defender(position)


def _lead(seen: Seen, position: str) -> str:
    hand = seen.hand_of(position)
    if not _defends(seen, position):
        return declarer_lead(hand, seen.hand_of(partner_of(position)), seen.against(position),
                             seen.trumps, seen.played)
    for suit in _suits_to_continue(seen, position):
        holding = in_suit(hand, suit)
        if holding:
            return lead_in_suit(holding, seen.played, seen.against(position))
    return opening_lead(hand, seen.trumps)


def _suits_to_continue(seen: Seen, position: str) -> list[str]:
    """Partner's suits (those he led, then those he liked by signal), then
    the suits this defender led himself; never trumps."""
    partner = partner_of(position)
    led_by: dict[str, list[str]] = {p: [] for p in (position, partner)}
    liked: list[str] = []
    if seen.signals:
        for _, cards, _ in seen.tricks:
            liked.extend(_signalled_likes(cards, partner, seen.trumps))
    # Who led which suit, read from the view's tricks without parsing them all.
    for trick in seen.raw_tricks:
        leader, suit = trick["leader"], trick["cards"][0]["card"][0]
        if leader in led_by and suit not in led_by[leader]:
            led_by[leader].append(suit)
    order = led_by[partner] + liked + led_by[position]
    unique: list[str] = []
    for suit in order:
        if suit != seen.trumps and suit not in unique:
            unique.append(suit)
    return unique


def _signalled_likes(cards: list[tuple[str, str]], partner: str, trumps: str | None) -> list[str]:
    """Suits partner said he liked in one trick: a small card above the five
    played to a trick someone else led, when it was not trying to win."""
    if cards[0][0] == partner:
        return []
    for position, card in cards:
        if position == partner and 6 <= rank(card) <= SMALL and card[0] != trumps:
            return [card[0]]
    return []


def _follow(seen: Seen, position: str, cards: list[str], rng: random.Random) -> str:
    trumps = seen.trumps
    led = seen.trick[0][1][0]
    best_position, best = winning(seen.trick, trumps)
    partner = partner_of(position)
    partner_wins = best_position == partner
    place = len(seen.trick) + 1  # 2nd, 3rd or 4th hand
    if cards[0][0] != led:
        partners = partner_wins and (place == 4 or _safe(seen, position))
        return _void(seen, position, cards, best, partners)
    if place == 4:
        if partner_wins:
            return _low(seen, position, cards)
        return _win(seen, position, cheapest_winner(cards, best, trumps), cards, best, rng)
    if place == 2:
        return _low(seen, position, cards)
    if partner_wins and (rank(best) >= RANK["T"] or _safe(seen, position)):
        # Don't overtake partner: his card wins, or it is an honour that
        # likely heads a sequence.
        return _low(seen, position, cards)
    fourth = next_position(position)
    if seen.visible(fourth):
        return _beat_visible_fourth(seen, position, cards, best, fourth, rng)
    card = third_hand_high(cards, best, trumps, seen.played)
    return _win(seen, position, card, cards, best, rng)


def _beat_visible_fourth(seen: Seen, position: str, cards: list[str], best: str, fourth: str,
                         rng: random.Random) -> str:
    """Third hand with the fourth hand in sight (dummy): win cheaply over
    both, or play low rather than waste a card the fourth hand would beat."""
    led = seen.trick[0][1][0]
    trumps = seen.trumps
    fourth_cards = seen.hand_of(fourth)
    following = in_suit(fourth_cards, led)
    if not following and trumps and trumps != led and in_suit(fourth_cards, trumps):
        return _low(seen, position, cards)
    target = best
    if following and beats(following[0], best, trumps):
        target = following[0]
    card = cheapest_winner(cards, target, trumps)
    if card is None:
        return _low(seen, position, cards)
    return _win(seen, position, card, cards, target, rng)


def _safe(seen: Seen, position: str) -> bool:
    """Whether partner's card now winning will surely win: the fourth hand
    cannot beat it, as far as this robot can see. A hidden fourth hand is
    taken to follow suit unless he has shown out of it."""
    fourth = next_position(position)
    _, best = winning(seen.trick, seen.trumps)
    led = seen.trick[0][1][0]
    possible = seen.hand_of(fourth) if seen.visible(fourth) else seen.against(position)
    follows = (led not in seen.voids.get(fourth, set())
               and any(c[0] == led for c in possible))
    if follows:
        return not any(c[0] == led and beats(c, best, seen.trumps) for c in possible)
    if seen.trumps is None or led == seen.trumps:
        return True  # a discard never wins
    return not any(c[0] == seen.trumps and beats(c, best, seen.trumps) for c in possible)


def _void(seen: Seen, position: str, cards: list[str], best: str, partners_trick: bool) -> str:
    """Ruff cheaply when the trick is not already partner's; else discard."""
    trumps = seen.trumps
    if trumps and not partners_trick:
        ruff = cheapest_winner(in_suit(cards, trumps), best, trumps)
        if ruff is not None:
            return ruff
    return discard(cards, trumps)


def _low(seen: Seen, position: str, cards: list[str]) -> str:
    """A low card; a MiniLesson 6 defender shows attitude on partner's lead."""
    led = seen.trick[0][1][0]
    if seen.signals and _defends(seen, position) and seen.trick[0][0] == partner_of(position):
        return attitude(cards, likes_suit(seen.hand_of(position), led))
    return lowest(cards)


def _win(seen: Seen, position: str, card: str | None, cards: list[str], best: str,
         rng: random.Random) -> str:
    """Play ``card`` to win (or low without one). Declarer may falsecard in
    MiniLesson 6: any of his equal winning cards, picked at random."""
    if card is None:
        return _low(seen, position, cards)
    if seen.signals and seen.declarer == position:
        equal = [c for c in equals_of(card, cards, seen.played | {best})
                 if beats(c, best, seen.trumps)]
        return rng.choice(equal)
    return card


def all_equal(cards: list[str], seen: Seen) -> bool:
    """Whether every legal card does the same work: one suit, touching once
    the completed tricks are out (a card on the table still counts)."""
    if len({c[0] for c in cards}) > 1:
        return False
    return len(equals_of(cards[0], cards, seen.quitted)) == len(cards)
