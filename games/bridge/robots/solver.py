"""The double-dummy solver (DDS, through the ``endplay`` package) for the
expert, with every conversion between our card texts and endplay's types in
one place. DESIGN.md: "double-dummy analysis comes from the endplay package
(DDS), never a home-made solver."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from endplay.types import Deal as DDDeal
from endplay.types import Denom, Player

from games.bridge import dds
from games.bridge.robots.cardtext import RANK_CHARS, SUITS, rank

_PLAYER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
_DENOM = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
          "NT": Denom.nt, None: Denom.nt}
_SUIT_OF_DENOM = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
#: DDS takes at most 200 boards a call.
BATCH = 200


def _pbn_hand(cards: Iterable[str]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for card in cards:
        by_suit[card[0]].append(card)
    return ".".join("".join(c[1] for c in sorted(by_suit[s], key=rank, reverse=True))
                    for s in SUITS)


def to_endplay(hands: Mapping[str, Sequence[str]], leader: str, trumps: str | None,
               trick: Sequence[tuple[str, str]] = ()) -> DDDeal:
    """An endplay deal of the cards still to play, the trick on the table
    already played to it (its cards are handed back first, then played)."""
    held = {p: list(hands.get(p, ())) for p in "NESW"}
    for position, card in trick:
        held[position].append(card)
    pbn = "N:" + " ".join(_pbn_hand(held[p]) for p in "NESW")
    deal = DDDeal(pbn, first=_PLAYER[leader], trump=_DENOM[trumps])
    for _, card in trick:
        deal.play(card)
    return deal


def card_text(card: object) -> str:
    """endplay's Card -> "SA"."""
    return _SUIT_OF_DENOM[card.suit] + RANK_CHARS[card.rank.value.bit_length() - 3]  # type: ignore[attr-defined]


def solve_cards(deals: Sequence[DDDeal]) -> list[dict[str, int]]:
    """For each deal, the tricks the side to play takes from here (this trick
    included) after each card it may play, both sides playing perfectly."""
    results: list[dict[str, int]] = []
    for start in range(0, len(deals), BATCH):
        for solved in dds.solve_all_boards(list(deals[start:start + BATCH])):
            results.append({card_text(card): tricks for card, tricks in solved})
    return results


def declarer_tricks(deals: Sequence[DDDeal], declarer: str,
                    denominations: Sequence[str | None]) -> list[dict[str | None, int]]:
    """For each full deal, the tricks ``declarer`` takes double dummy in each
    denomination (None: no trumps), his left-hand opponent leading."""
    wanted = {_DENOM[d] for d in denominations}
    exclude = [d for d in Denom if d not in wanted]
    results: list[dict[str | None, int]] = []
    for start in range(0, len(deals), BATCH):
        tables = dds.calc_all_tables(list(deals[start:start + BATCH]), exclude=exclude)
        for table in tables:
            results.append({d: table[_DENOM[d], _PLAYER[declarer]] for d in denominations})
    return results
