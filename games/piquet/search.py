"""The expert robot's look-ahead in the play: both hands open (one sample of
the hand it cannot see), every card tried, the best count found.

Fenced off here because it is written for speed rather than to read like the
rules text: a hand is a 32-bit mask (bit ``8 * suit + rank - 7``: the suits
in bridge order, clubs lowest, seven up to ace within a suit), cards that
are equal in play are tried once, and positions between tricks are
remembered. The rules it follows are the game's (TRICKS; THE CARDS, CAPOT;
PIQUE): follow suit, the higher card of the suit led wins, the points of
:func:`games.piquet.scoring.trick_points`, the bonus for the cards or capot
at the end and elder's pique. The game itself checks everything the robot
plays; this module only chooses.

The value of a position is "my points less the opponent's" from there to
the end of the deal. With ``depth`` tricks still to look at it searches to
the end exactly; with fewer, the rest is estimated (:func:`estimate`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, Rank, Suit
from games.piquet.scoring import CAPOT, PIQUE, PIQUE_THRESHOLD, THE_CARDS, TRICKS

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_MASKS = tuple(0xFF << (8 * i) for i in range(4))
_BIT_OF_CARD: dict[Card, int] = {}
_CARD_OF_BIT: dict[int, Card] = {}
for _s, _suit in enumerate(SUITS):
    for _r in range(8):
        _card = Card(_suit, Rank(_r + 7))
        _BIT_OF_CARD[_card] = 1 << (8 * _s + _r)
        _CARD_OF_BIT[1 << (8 * _s + _r)] = _card
#: The suit mask of each single-card bit.
_SUIT_OF_BIT = {bit: SUIT_MASKS[(bit.bit_length() - 1) // 8] for bit in _CARD_OF_BIT}


def mask_of(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= _BIT_OF_CARD[card]
    return mask


def cards_of(mask: int) -> list[Card]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARD_OF_BIT[low])
        mask ^= low
    return cards


def bit_of(card: Card) -> int:
    return _BIT_OF_CARD[card]


def card_of(bit: int) -> Card:
    return _CARD_OF_BIT[bit]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def choices(mine: int, other: int, suit_mask: int | None) -> list[int]:
    """The cards worth trying from ``mine``: those that may be played (of the
    suit led if any is held), one of each group of cards that are equal in
    play (adjacent in their suit once the cards played are gone, and held by
    the same player), highest group first."""
    if suit_mask is not None and mine & suit_mask:
        key = (mine & suit_mask, other & suit_mask)
        found = _GROUPS.get(key)
        if found is None:
            found = _GROUPS[key] = _groups(*key)
        return list(found)
    result: list[int] = []
    for smask in SUIT_MASKS:
        held = mine & smask
        if held:
            key = (held, other & smask)
            found = _GROUPS.get(key)
            if found is None:
                found = _GROUPS[key] = _groups(*key)
            result += found
    return result


#: (my cards of a suit, the opponent's) -> the cards :func:`choices` tries of it.
_GROUPS: dict[tuple[int, int], tuple[int, ...]] = {}


def _groups(held: int, others: int) -> tuple[int, ...]:
    """One card of each group of ``held`` equal in play against ``others`` (one
    suit), the highest of each group, highest group first."""
    live = held | others
    low = live & -live
    bit = 1 << (live.bit_length() - 1)
    found = []
    previous_mine = False
    while bit >= low:
        if live & bit:
            if held & bit:
                if not previous_mine:
                    found.append(bit)
                previous_mine = True
            else:
                previous_mine = False
        bit >>= 1
    return tuple(found)


def group_of(card: int, mine: int, other: int) -> int:
    """The card :func:`choices` tries for ``card``: the highest of its group of
    cards equal in play (going up its suit through cards still held, while
    they are ``mine``)."""
    live = mine | other
    suit = _SUIT_OF_BIT[card]
    top = card
    bit = card << 1
    while bit & suit:
        if live & bit:
            if not mine & bit:
                break
            top = bit
        bit <<= 1
    return top


@dataclass
class Scoring:
    """How the rest of the deal counts, from the searching player's side."""

    #: "text" or "classical" (games.piquet.scoring.trick_points).
    counting: str = "text"
    #: Whether the searching player ("me") is elder (pique is elder's only).
    me_elder: bool = True
    #: Elder's score so far, while pique is still to be had (younger has scored
    #: nothing and there has been no pique or repique); otherwise -1.
    pique_from: int = -1


class Searcher:
    """Alpha-beta search of the rest of the play between two open hands."""

    def __init__(self, scoring: Scoring, node_budget: int = 200_000) -> None:
        self.scoring = scoring
        self.table: dict[tuple[int, int, int, int, int], tuple[float, int, float]] = {}
        self.nodes = 0
        self.node_budget = node_budget

    # The public entry: the value of each of my choices now.

    def values(self, mine: int, other: int, my_lead: bool, led: int, won_mine: int,
               won_other: int, depth: int) -> dict[int, float]:
        """My points less the opponent's from now to the end, for each card I may
        play: I lead (``my_lead``), or I follow the opponent's ``led`` card."""
        number = TRICKS - (mine.bit_count() if my_lead else other.bit_count() + 1) + 1
        result = {}
        if my_lead:
            # The point for this lead (classical count) comes before the trick's and
            # may itself bring elder to pique; elder's first lead is counted already.
            lead_points = 1 if self.scoring.counting == "classical" and number > 1 else 0
            pique_from, _ = self._pique(self.scoring.pique_from, lead_points, 0)
            for card in choices(mine, other, None):
                result[card] = self._after_lead(mine ^ card, other, True, card, won_mine,
                                                won_other, number, pique_from,
                                                depth, -10_000.0, 10_000.0)
        else:
            for card in choices(mine, other, _SUIT_OF_BIT[led]):
                result[card] = self._finish_trick(mine ^ card, other, False, led, card,
                                                  won_mine, won_other, number,
                                                  self.scoring.pique_from, depth)
        return result

    # The search.

    def _trick_points(self, leader_me: bool, winner_me: bool, number: int) -> tuple[int, int]:
        """(my points, the opponent's) for a trick just won."""
        counting = self.scoring.counting
        if counting == "text":
            points = 2 if winner_me != leader_me else 1
        else:
            points = 1 if winner_me != leader_me else 0
            if number == TRICKS:
                points += 1
        return (points, 0) if winner_me else (0, points)

    def _pique(self, pique_from: int, mine: int, theirs: int) -> tuple[int, int]:
        """Pique's effect of points just scored: (new pique_from, bonus to me)."""
        if pique_from < 0:
            return -1, 0
        me_elder = self.scoring.me_elder
        elder, younger = (mine, theirs) if me_elder else (theirs, mine)
        if younger:
            return -1, 0
        total = pique_from + elder
        if total >= PIQUE_THRESHOLD:
            return -1, (PIQUE if me_elder else -PIQUE)
        return total, 0

    def _finish_trick(self, mine: int, other: int, leader_me: bool, lead: int, follow: int,
                      won_mine: int, won_other: int, number: int, pique_from: int,
                      depth: int) -> float:
        if _SUIT_OF_BIT[lead] & follow and follow > lead:
            winner_me = not leader_me
        else:
            winner_me = leader_me
        gained_me, gained_other = self._trick_points(leader_me, winner_me, number)
        pique_from, bonus = self._pique(pique_from, gained_me, gained_other)
        if winner_me:
            won_mine += 1
        else:
            won_other += 1
        value = gained_me - gained_other + bonus
        return value + self._between_tricks(mine, other, winner_me, won_mine, won_other,
                                            pique_from, depth - 1, -10_000.0, 10_000.0)

    def _between_tricks(self, mine: int, other: int, my_lead: bool, won_mine: int,
                        won_other: int, pique_from: int, depth: int, alpha: float,
                        beta: float) -> float:
        if not mine:
            return self._cards_bonus(won_mine, won_other)
        if depth <= 0 or self.nodes > self.node_budget:
            return estimate(mine, other, my_lead, won_mine, won_other, self.scoring.counting)
        self.nodes += 1
        key = (mine, other, my_lead, won_mine, pique_from)
        entry = self.table.get(key)
        if entry is not None:
            low, entry_depth, high = entry
            if entry_depth >= depth:
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
        number = TRICKS - mine.bit_count() + 1
        counting = self.scoring.counting
        lead_points = 1 if counting == "classical" else 0
        if my_lead:
            best = -10_000.0
            a = alpha
            for card in _lead_order(choices(mine, other, None), other):
                pf, bonus = self._pique(pique_from, lead_points, 0)
                value = lead_points + bonus + self._after_lead(
                    mine ^ card, other, True, card, won_mine, won_other, number, pf, depth,
                    a - lead_points - bonus, beta - lead_points - bonus)
                if value > best:
                    best = value
                    if best > a:
                        a = best
                        if a >= beta:
                            break
        else:
            best = 10_000.0
            b = beta
            for card in _lead_order(choices(other, mine, None), mine):
                pf, bonus = self._pique(pique_from, 0, lead_points)
                value = -lead_points + bonus + self._after_lead(
                    mine, other ^ card, False, card, won_mine, won_other, number, pf, depth,
                    alpha + lead_points - bonus, b + lead_points - bonus)
                if value < best:
                    best = value
                    if best < b:
                        b = best
                        if b <= alpha:
                            break
        low = best if best > alpha else -10_000.0
        high = best if best < beta else 10_000.0
        if alpha < best < beta:
            low = high = best
        self.table[key] = (low, depth, high)
        return best

    def _after_lead(self, mine: int, other: int, leader_me: bool, lead: int, won_mine: int,
                    won_other: int, number: int, pique_from: int, depth: int, alpha: float,
                    beta: float) -> float:
        """The follower chooses his card to ``lead``; returns the value from here."""
        suit = _SUIT_OF_BIT[lead]
        if leader_me:
            best = 10_000.0
            for card in _follow_order(choices(other, mine, suit), lead):
                value = self._score_trick(mine, other ^ card, True, lead, card, won_mine,
                                          won_other, number, pique_from, depth, alpha, best
                                          if best < beta else beta)
                if value < best:
                    best = value
                    if best <= alpha:
                        break
            return best
        best = -10_000.0
        for card in _follow_order(choices(mine, other, suit), lead):
            value = self._score_trick(mine ^ card, other, False, lead, card, won_mine,
                                      won_other, number, pique_from, depth,
                                      best if best > alpha else alpha, beta)
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    def _score_trick(self, mine: int, other: int, leader_me: bool, lead: int, follow: int,
                     won_mine: int, won_other: int, number: int, pique_from: int, depth: int,
                     alpha: float, beta: float) -> float:
        if _SUIT_OF_BIT[lead] & follow and follow > lead:
            winner_me = not leader_me
        else:
            winner_me = leader_me
        gained_me, gained_other = self._trick_points(leader_me, winner_me, number)
        pique_from, bonus = self._pique(pique_from, gained_me, gained_other)
        if winner_me:
            won_mine += 1
        else:
            won_other += 1
        value = gained_me - gained_other + bonus
        return value + self._between_tricks(mine, other, winner_me, won_mine, won_other,
                                            pique_from, depth - 1, alpha - value, beta - value)

    @staticmethod
    def _cards_bonus(won_mine: int, won_other: int) -> float:
        if won_mine == TRICKS:
            return CAPOT
        if won_other == TRICKS:
            return -CAPOT
        if won_mine > TRICKS // 2:
            return THE_CARDS
        if won_other > TRICKS // 2:
            return -THE_CARDS
        return 0


def _lead_order(cards: list[int], other: int) -> list[int]:
    """Leads, the likeliest best first: the cards that win their trick (no higher
    card of the suit against them), then the rest, lowest first."""
    winners, others = [], []
    for card in cards:
        if other & _SUIT_OF_BIT[card] & ~((card << 1) - 1):
            others.append(card)
        else:
            winners.append(card)
    others.reverse()
    return winners + others


def _follow_order(cards: list[int], lead: int) -> list[int]:
    """Cards to follow with, the likeliest best first: the cheapest card that
    wins the trick, then the lowest card, then the rest."""
    if len(cards) < 3:
        return cards[::-1] if len(cards) == 2 and cards[1] > lead else cards
    suit = _SUIT_OF_BIT[lead]
    winners = [c for c in cards if c & suit and c > lead]
    first = [winners[-1]] if winners else []
    lowest = min(cards, key=lambda c: (c & suit == 0, c))
    ordered = first + [lowest] if lowest not in first else first
    return ordered + [c for c in cards if c not in ordered]


def estimate(mine: int, other: int, my_lead: bool, won_mine: int, won_other: int,
             counting: str) -> float:
    """A quick guess at the rest of the play: each suit played out on its own,
    the holder of its highest card winning the rounds he can, a long card left
    when the other player is out of the suit counted a third of a trick, and
    the player on lead some tempo (0.6 of a trick); about 1.5 points a trick,
    and the bonus for the cards as a ramp over the guessed difference in
    tricks. Its constants were chosen against the exact search on 300 random
    positions of eight or nine cards (correlation 0.66 before, 0.77 after;
    bench notes in docs/benchmarks.md, "Piquet")."""
    tricks_mine = tricks_other = 0.0
    for smask in SUIT_MASKS:
        a, b = mine & smask, other & smask
        if not a and not b:
            continue
        found = _SUIT_TRICKS.get((a, b))
        if found is None:
            found = _SUIT_TRICKS[(a, b)] = _suit_tricks(a, b)
        mine_sure, other_sure = found
        tricks_mine += mine_sure
        tricks_other += other_sure
    left = mine.bit_count()
    total = tricks_mine + tricks_other
    if total > 0:
        tricks_mine, tricks_other = (left * tricks_mine / total, left * tricks_other / total)
    tempo = _TEMPO if my_lead else -_TEMPO
    tricks_mine += tempo
    tricks_other -= tempo
    value = 1.5 * (tricks_mine - tricks_other)
    # The bonus for the cards, as a ramp rather than a step: the guess is rough.
    lead = (won_mine + tricks_mine) - (won_other + tricks_other)
    value += THE_CARDS * max(-1.0, min(1.0, lead / 3))
    if won_mine + tricks_mine > 11.5:
        value += CAPOT - THE_CARDS
    elif won_other + tricks_other > 11.5:
        value -= CAPOT - THE_CARDS
    return value


_TEMPO = 0.6
_LONG_CARD = 0.3
#: (my cards of a suit, the opponent's) -> :func:`_suit_tricks` of them.
_SUIT_TRICKS: dict[tuple[int, int], tuple[float, float]] = {}


def _suit_tricks(a: int, b: int) -> tuple[float, float]:
    """Rounds of one suit won by each player if it were played out from the top:
    each round the higher of the two top cards wins; once one player has no
    card left, the other's cards are his."""
    won_a = won_b = 0
    while a and b:
        top_a = 1 << (a.bit_length() - 1)
        top_b = 1 << (b.bit_length() - 1)
        low_a = a & -a
        low_b = b & -b
        if top_a > top_b:
            won_a += 1
            a ^= top_a
            b ^= low_b
        else:
            won_b += 1
            b ^= top_b
            a ^= low_a
    return won_a + a.bit_count() * _LONG_CARD, won_b + b.bit_count() * _LONG_CARD
