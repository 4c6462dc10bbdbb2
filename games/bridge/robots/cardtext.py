"""Cards as the view writes them ("SA", "HT"): ranks, suits and who wins a trick.

The robots read cards straight from the view's strings: it is what they are
given, and it keeps their thinking cheap (a robot plays thousands of hands in
the benchmarks). The rules of winning a trick are Law 11's.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

SUITS = "SHDC"
RANK_CHARS = "23456789TJQKA"
#: "A" -> 14 ... "2" -> 2.
RANK = {char: value for value, char in enumerate(RANK_CHARS, start=2)}
#: High card points (Law 4: ace 4, king 3, queen 2, jack 1).
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
ALL_CARDS: tuple[str, ...] = tuple(s + r for s in SUITS for r in reversed(RANK_CHARS))
#: "SA" -> 14 and "SA" -> 4: a card's rank and points in one look-up. A robot
#: sorts and counts holdings in every decision; a bound ``__getitem__`` as the
#: sort key costs no Python call per card.
CARD_RANK: dict[str, int] = {card: RANK[card[1]] for card in ALL_CARDS}
CARD_HCP: dict[str, int] = {card: HCP.get(card[1], 0) for card in ALL_CARDS}
_rank_of = CARD_RANK.__getitem__
#: "SQ" -> ("SA", "SK"): the cards of its suit above a card, highest first.
ABOVE: dict[str, tuple[str, ...]] = {
    card: tuple(c for c in ALL_CARDS if c[0] == card[0] and CARD_RANK[c] > CARD_RANK[card])
    for card in ALL_CARDS}
#: "SQ" -> ("SJ", "ST", ... "S2"): the cards of its suit below a card, highest first.
BELOW: dict[str, tuple[str, ...]] = {
    card: tuple(c for c in ALL_CARDS if c[0] == card[0] and CARD_RANK[c] < CARD_RANK[card])
    for card in ALL_CARDS}


def rank(card: str) -> int:
    return CARD_RANK[card]


def hcp(cards: Iterable[str]) -> int:
    """High card points of a holding (Law 4)."""
    return sum(map(CARD_HCP.__getitem__, cards))


def in_suit(cards: Iterable[str], suit: str) -> list[str]:
    """The cards of ``suit``, highest first."""
    return sorted([c for c in cards if c[0] == suit], key=_rank_of, reverse=True)


def top_rank(cards: Iterable[str], suit: str) -> int:
    """The rank of the highest card of ``suit`` among ``cards``; 0 if none."""
    best = 0
    for card in cards:
        if card[0] == suit and CARD_RANK[card] > best:
            best = CARD_RANK[card]
    return best


def highest(cards: Iterable[str]) -> str:
    return max(cards, key=_rank_of)


def lowest(cards: Iterable[str]) -> str:
    return min(cards, key=_rank_of)


def beats(card: str, best: str, trumps: str | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far
    (Law 11: the highest trump if there is one, else the highest card of the
    suit led; a card of another suit never wins)."""
    if card[0] == best[0]:
        return CARD_RANK[card] > CARD_RANK[best]
    return card[0] == trumps


def winning(cards: Sequence[tuple[str, str]], trumps: str | None) -> tuple[str, str]:
    """The ``(position, card)`` winning a trick so far."""
    best = cards[0]
    for entry in cards[1:]:
        if beats(entry[1], best[1], trumps):
            best = entry
    return best


def touching(low: str, high: str, gone: set[str]) -> bool:
    """Whether two cards of one suit are equals: every card ranked between
    them has gone (been played, or is held with them)."""
    lo, hi = sorted((rank(low), rank(high)))
    return all(low[0] + RANK_CHARS[r - 2] in gone for r in range(lo + 1, hi))


def equals_of(card: str, holding: Sequence[str], gone: set[str]) -> list[str]:
    """``card`` and the cards of ``holding`` equal to it, highest first: with
    K Q held (or K J with the queen played) either card does the same work."""
    suit = card[0]
    held = {c for c in holding if c[0] == suit}
    group = [card]
    # Walk away from the card both ways: a held card touches it while every
    # card passed on the way is held or gone (what :func:`touching` asks).
    for way in (reversed(ABOVE[card]), BELOW[card]):
        for other in way:
            if other in held:
                group.append(other)
            elif other not in gone:
                break
    return sorted(group, key=_rank_of, reverse=True)


def sequence_top(holding: Sequence[str], length: int = 3,
                 gone: Collection[str] = frozenset()) -> str | None:
    """The top card of a sequence of ``length`` equal cards headed by at least
    a ten at the top of ``holding`` (one suit), e.g. K Q J -> K; else None."""
    cards = sorted(holding, key=_rank_of, reverse=True)
    if not cards or rank(cards[0]) < RANK["T"]:
        return None
    top = cards[0]
    held = set(cards)
    count = 1  # top and the cards equal to it below, as equals_of counts them
    for below in BELOW[top]:
        if count >= length:
            break
        if below in held:
            count += 1
        elif below not in gone:
            break
    return top if count >= length else None


def fourth_best(holding: Sequence[str]) -> str:
    """The fourth highest card of a suit (the lowest if shorter)."""
    cards = sorted(holding, key=_rank_of, reverse=True)
    return cards[3] if len(cards) >= 4 else cards[-1]


# -- counting a hand with its partner's ---------------------------------------------


def fit_lengths(hand: Sequence[str], dummy: Sequence[str]) -> dict[str, int]:
    lengths = dict.fromkeys(SUITS, 0)
    for cards in (hand, dummy):
        for c in cards:
            lengths[c[0]] += 1
    return lengths


def sure_tricks(lead: Sequence[str], partner: Sequence[str], opponents: Collection[str],
                trumps: str | None) -> int:
    """Tricks the hand on lead can take one after another, whatever the
    others hold: its cards that no other hand can beat in their suit (a higher
    card in partner's hand would take the lead away too).

    ``opponents`` are every card they may still hold. With trumps out against
    it, the hand first cashes its top trumps; they draw the opponents' trumps
    only if it has at least as many top trumps as there are trumps out,
    otherwise only those trumps count.
    """
    best_elsewhere = dict.fromkeys(SUITS, 0)
    for cards in (partner, opponents):
        for card in cards:
            value = CARD_RANK[card]
            if value > best_elsewhere[card[0]]:
                best_elsewhere[card[0]] = value
    tops = [c for c in lead if CARD_RANK[c] > best_elsewhere[c[0]]]
    if trumps is None:
        return len(tops)
    trumps_out = sum(1 for o in opponents if o[0] == trumps)
    top_trumps = sum(1 for c in tops if c[0] == trumps)
    return len(tops) if top_trumps >= trumps_out else top_trumps
