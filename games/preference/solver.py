"""An exact solver of a Preference play with every hand known (the expert robot
solves many such samples of the hidden cards).

Ten tricks of three cards (or of two, when a defender dropped out) are small
enough to search completely: alpha-beta over the cards, with the positions at
the start of a trick remembered (a transposition table of bounds, keyed by each
hand's cards ranked among the cards still in play, so that positions differing
only by cards already gone are one), and the cards of a hand that are next to
each other among the cards still in play tried as one (from 9-8, playing the 9 or
the 8 comes to the same).

A card is a bit: suit ``s`` (0 spades, 1 diamonds, 2 hearts, 3 clubs: section 2's
order) times eight plus its rank from 0 (the seven) to 7 (the ace). A hand is the
sum of its bits. The value of a position is the number of tricks the declarer
still takes; he tries for more, the defence for fewer, except in Bettel, where the
roles turn round (the defence tries to give him one, and one is enough: play stops).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import Card, Rank, Suit

SUIT_INDEX: dict[Suit, int] = {Suit.SPADES: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}
SUITS_BY_INDEX: tuple[Suit, ...] = (Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS)
SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))


class SearchTooLong(Exception):
    """The search went past its node budget (the robot then uses fewer samples)."""


def card_bit(card: Card) -> int:
    return 1 << (SUIT_INDEX[card.suit] * 8 + int(card.rank) - int(Rank.SEVEN))


def bits_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card_bit(card)
    return mask


def card_of(bit: int) -> Card:
    index = bit.bit_length() - 1
    return Card(SUITS_BY_INDEX[index >> 3], Rank(int(Rank.SEVEN) + (index & 7)))


def suit_of(bit: int) -> int:
    return (bit.bit_length() - 1) >> 3


def _rank(bit: int) -> int:
    return (bit.bit_length() - 1) & 7


def _suit_mask(bit: int) -> int:
    return SUIT_MASKS[(bit.bit_length() - 1) >> 3]


#: Each card's bit -> the mask of its suit, and -> its rank (0 the seven, 7 the ace).
_SUIT_OF: dict[int, int] = {1 << i: SUIT_MASKS[i >> 3] for i in range(32)}
_RANK_OF: dict[int, int] = {1 << i: i & 7 for i in range(32)}

# A suit's eight ranks: my cards and the others' still in play -> the ranks of my
# cards worth trying (the highest of each run with none of the others' cards between).
_RUNS: dict[int, tuple[int, ...]] = {}


def _runs(mine: int, others: int) -> tuple[int, ...]:
    key = mine << 8 | others
    found = _RUNS.get(key)
    if found is not None:
        return found
    reps: list[int] = []
    in_run = False
    for rank in range(7, -1, -1):
        bit = 1 << rank
        if mine & bit:
            if not in_run:
                reps.append(rank)
                in_run = True
        elif others & bit:
            in_run = False
    result = tuple(reps)
    _RUNS[key] = result
    return result


# A suit's eight ranks: the cards still in play and a hand's cards among them -> the
# hand's cards written by their rank among the cards still in play.
_SQUEEZED: dict[int, int] = {}


def _squeeze(alive: int, hand: int) -> int:
    key = alive << 8 | hand
    found = _SQUEEZED.get(key)
    if found is not None:
        return found
    result, position = 0, 0
    for rank in range(8):
        bit = 1 << rank
        if alive & bit:
            if hand & bit:
                result |= 1 << position
            position += 1
    _SQUEEZED[key] = result
    return result


def _key(hands: Sequence[int], leader: int, alive: int) -> tuple[int, ...]:
    """The transposition table's key: each hand by relative ranks, and the leader."""
    a0 = (alive & 0xFF) << 8
    a1 = (alive >> 8 & 0xFF) << 8
    a2 = (alive >> 16 & 0xFF) << 8
    a3 = (alive >> 24) << 8
    squeezed = _SQUEEZED
    key = [leader]
    for hand in hands:
        packed = 0
        part = hand & 0xFF
        if part:
            found = squeezed.get(a0 | part)
            packed = found if found is not None else _squeeze(a0 >> 8, part)
        part = hand >> 8 & 0xFF
        if part:
            found = squeezed.get(a1 | part)
            packed |= (found if found is not None else _squeeze(a1 >> 8, part)) << 8
        part = hand >> 16 & 0xFF
        if part:
            found = squeezed.get(a2 | part)
            packed |= (found if found is not None else _squeeze(a2 >> 8, part)) << 16
        part = hand >> 24
        if part:
            found = squeezed.get(a3 | part)
            packed |= (found if found is not None else _squeeze(a3 >> 8, part)) << 24
        key.append(packed)
    return tuple(key)


class Solver:
    """Solve positions of one contract: ``trumps`` a suit index or None, the number of
    players in the tricks (their positions 0.. in the turn's order) and which of them
    is the declarer. ``budget``: the most card nodes one solver may search before
    :class:`SearchTooLong` (None: no limit)."""

    def __init__(self, trumps: int | None, declarer: int, players: int, *, bettel: bool = False,
                 budget: int | None = None) -> None:
        self.trumps = trumps
        self.trump_mask = SUIT_MASKS[trumps] if trumps is not None else 0
        self.declarer = declarer
        self.count = players
        self.bettel = bettel
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.budget = budget
        # Who tries for more declarer tricks, by position.
        self._max = tuple((p == declarer) != bettel for p in range(players))

    # -- moves -----------------------------------------------------------------------

    def moves(self, hand: int, led_mask: int, alive: int) -> list[int]:
        """The cards (bits) a hand may play, one of each run, highest first in each suit.
        ``led_mask``: the suit led (0 when leading); ``alive``: every card still in a
        hand or on the table."""
        if led_mask:
            follow = hand & led_mask
            if follow:
                playable = follow
            elif hand & self.trump_mask:
                playable = hand & self.trump_mask
            else:
                playable = hand
        else:
            playable = hand
        others = alive & ~hand
        result: list[int] = []
        for shift in (0, 8, 16, 24):
            mine = (playable >> shift) & 0xFF
            if mine:
                for rank in _runs(mine, (others >> shift) & 0xFF):
                    result.append(1 << (shift + rank))
        return result

    def beats(self, card: int, top: int) -> bool:
        """Section 7: a higher card of the suit of the card winning so far, or a first trump."""
        if card & _suit_mask(top):
            return card > top
        return bool(card & self.trump_mask)

    # -- search ---------------------------------------------------------------------------

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[tuple[int, int]] = (),
              alpha: int = -1, beta: int = 11) -> int:
        """The declarer's tricks from this position on (the trick on the table
        included), searched in the window (alpha, beta): a result at or below alpha
        is only an upper bound, one at or above beta a lower bound."""
        hands = list(hands)
        if not trick:
            return self._trick_start(hands, leader, alpha, beta)
        alive = 0
        for hand in hands:
            alive |= hand
        for _, card in trick:
            alive |= card
        winner, top = trick[0]
        for who, card in trick[1:]:
            if self.beats(card, top):
                winner, top = who, card
        return self._card(hands, leader, len(trick), _suit_mask(trick[0][1]), winner, top,
                          alive, alpha, beta)

    def _trick_start(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        remaining = hands[leader].bit_count()
        if remaining == 0:
            return 0
        if alpha >= remaining:
            return remaining
        if beta <= 0:
            return 0
        alive = 0
        for hand in hands:
            alive |= hand
        key = _key(hands, leader, alive)
        bounds = self.table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            low, high = 0, remaining
        result = self._card(hands, leader, 0, 0, leader, 0, alive, alpha, beta)
        if result <= alpha:
            if result < high:
                high = result
        elif result >= beta:
            if result > low:
                low = result
        else:
            low = high = result
        self.table[key] = (low, high)
        return result

    def _card(self, hands: list[int], leader: int, position: int, led_mask: int, winner: int,
              top: int, alive: int, alpha: int, beta: int) -> int:
        """Alpha-beta over the next card of the trick on the table: ``position`` cards
        played so far, ``winner`` winning it with ``top``."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise SearchTooLong
        player = (leader + position) % self.count
        hand = hands[player]
        trump_mask = self.trump_mask
        # Section 7: follow suit; if void, trump if able; else any card.
        playable = (hand & led_mask or hand & trump_mask or hand) if led_mask else hand
        others = alive & ~hand
        moves: list[int] = []
        runs = _RUNS
        for shift in (0, 8, 16, 24):
            mine = playable >> shift & 0xFF
            if mine:
                key = mine << 8 | (others >> shift & 0xFF)
                ranks = runs.get(key)
                if ranks is None:
                    ranks = _runs(mine, others >> shift & 0xFF)
                for rank in ranks:
                    moves.append(1 << (shift + rank))
        declarer = self.declarer
        if len(moves) > 1:
            if not position:
                moves.sort(key=_RANK_OF.__getitem__, reverse=True)
            else:
                # Following: when our side is not winning, a card that wins cheaply
                # first; else (and in Bettel for the declarer) the lowest card.
                top_suit = _SUIT_OF[top]
                top_trump = top & trump_mask
                winners = [m for m in moves
                           if (m & top_suit and m > top) or (m & trump_mask and not top_trump)]
                if winners:
                    losers = [m for m in moves if m not in winners]
                    winners.sort()
                    losers.sort()
                    if self.bettel and player == declarer:
                        moves = losers[::-1] + winners
                    elif (winner == declarer) == (player == declarer):
                        moves = losers + winners
                    else:
                        moves = winners + losers
                else:
                    moves.sort()
        maximising = self._max[player]
        best = -1 if maximising else 99
        last = position + 1 == self.count
        bettel = self.bettel
        for card in moves:
            # Who wins the trick so far, with this card.
            if not position:
                new_winner, new_top, new_led = player, card, _SUIT_OF[card]
            else:
                new_led = led_mask
                if (card & _SUIT_OF[top] and card > top) or \
                        (card & trump_mask and not top & trump_mask):
                    new_winner, new_top = player, card
                else:
                    new_winner, new_top = winner, top
            hands[player] = hand ^ card
            if last:
                won = 1 if new_winner == declarer else 0
                if won and bettel:
                    value = 1  # play stops at the declarer's first trick
                else:
                    value = won + self._trick_start(hands, new_winner, alpha - won, beta - won)
            else:
                value = self._card(hands, leader, position + 1, new_led, new_winner, new_top,
                                   alive, alpha, beta)
            hands[player] = hand
            if maximising:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    # -- questions a robot asks -------------------------------------------------------------

    def move_values(self, hands: Sequence[int], leader: int, trick: Sequence[tuple[int, int]],
                    low: int, high: int) -> dict[int, int]:
        """The value of each card the player to move may play (every card of a run
        valued as its top card), exact between ``low`` and ``high``, clipped outside."""
        hands = list(hands)
        position = len(trick)
        player = (leader + position) % self.count
        alive = 0
        for hand in hands:
            alive |= hand
        for _, card in trick:
            alive |= card
        led_mask = _suit_mask(trick[0][1]) if trick else 0
        winner, top = (trick[0] if trick else (leader, 0))
        for who, card in trick[1:]:
            if self.beats(card, top):
                winner, top = who, card
        hand = hands[player]
        values: dict[int, int] = {}
        for card in self.moves(hand, led_mask, alive):
            value = max(low, min(high, self.after(hands, leader, position, led_mask, winner,
                                                  top, alive, card, low - 1, high + 1)))
            for same in _run_of(card, hand, alive):
                values[same] = value
        return values

    def after(self, hands: list[int], leader: int, position: int, led_mask: int, winner: int,
              top: int, alive: int, card: int, alpha: int, beta: int) -> int:
        """The value once the player to move plays ``card`` (one branch of :meth:`_card`)."""
        player = (leader + position) % self.count
        hand = hands[player]
        if not position:
            winner, top, led_mask = player, card, _suit_mask(card)
        elif self.beats(card, top):
            winner, top = player, card
        hands[player] = hand ^ card
        try:
            if position + 1 == self.count:
                won = 1 if winner == self.declarer else 0
                if won and self.bettel:
                    return 1
                return won + self._trick_start(hands, winner, alpha - won, beta - won)
            return self._card(hands, leader, position + 1, led_mask, winner, top, alive,
                              alpha, beta)
        finally:
            hands[player] = hand


def _run_of(card: int, hand: int, alive: int) -> list[int]:
    """``card`` and the cards of ``hand`` below it in its suit that play the same
    (no other card still in play lies between)."""
    run = [card]
    below = card >> 1
    suit_low = 1 << (8 * suit_of(card))
    while below >= suit_low:
        if hand & below:
            run.append(below)
        elif alive & below:
            break
        below >>= 1
    return run
