"""Double-dummy analysis: what each side can make with every card in view.

The answers come from DDS through the ``endplay`` package, never from a
solver of our own (DESIGN.md), called through :mod:`games.bridge.dds`, which lets
one thread at a time into DDS. Only this module and the expert robot's
solver import endplay, so the rest of the engine loads without it; every
conversion between our values (Deal, Card, Seat, Denomination) and
endplay's happens here.

* :func:`dd_table`: the tricks each seat makes as declarer in each denomination;
* :func:`par`: the par contracts and their score for North-South;
* :func:`dd_table_data`, :func:`hand_record_data`: the same as plain data, for a
  process that solves on another's behalf;
* :func:`card_costs`: for each card of a play, the tricks it threw away
  against double-dummy play at that moment (0 = a best card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from endplay import types as ep

from games.bridge import dds as ep_dds
from games.bridge.contracts import DENOMINATIONS, Contract, Denomination
from games.cards import Card, Rank, Suit
from games.deals import Deal, Vulnerability
from games.seats import SEATS, Seat

# -- conversions, in one place ------------------------------------------------------

_PLAYER = {Seat.NORTH: ep.Player.north, Seat.EAST: ep.Player.east,
           Seat.SOUTH: ep.Player.south, Seat.WEST: ep.Player.west}
_SEAT = {player: seat for seat, player in _PLAYER.items()}
_DENOM = {Denomination.CLUBS: ep.Denom.clubs, Denomination.DIAMONDS: ep.Denom.diamonds,
          Denomination.HEARTS: ep.Denom.hearts, Denomination.SPADES: ep.Denom.spades,
          Denomination.NO_TRUMPS: ep.Denom.nt}
_DENOMINATION = {denom: ours for ours, denom in _DENOM.items()}
_VUL = {Vulnerability.NONE: ep.Vul.none, Vulnerability.NS: ep.Vul.ns,
        Vulnerability.EW: ep.Vul.ew, Vulnerability.BOTH: ep.Vul.both}
_PENALTY = {ep.Penalty.passed: 0, ep.Penalty.doubled: 1, ep.Penalty.redoubled: 2}


def _ep_card(card: Card) -> ep.Card:
    return ep.Card(suit=_DENOM[Denomination(card.suit.value)], rank=ep.Rank.find(card.rank.char))


def _card(card: ep.Card) -> Card:
    return Card(Suit(_DENOMINATION[card.suit].value), Rank.from_str(card.rank.abbr))


def _ep_deal(deal: Deal, *, first: Seat = Seat.NORTH, trumps: Suit | None = None) -> ep.Deal:
    """endplay's deal for ours (hands as they are now), ``first`` on lead."""
    if any(seat not in deal.hands for seat in SEATS):
        raise ValueError("double-dummy analysis needs all four hands")
    return ep.Deal(deal.pbn(), first=_PLAYER[first],
                   trump=_DENOM[Denomination.from_suit(trumps)])


# -- the double-dummy table and par ---------------------------------------------------------

@dataclass(frozen=True)
class DDTable:
    """Tricks each seat takes as declarer in each denomination, double dummy."""

    tricks: Mapping[Seat, Mapping[Denomination, int]]
    #: endplay's own table, kept so that par() need not solve the deal again.
    _solved: Any = field(default=None, compare=False, repr=False)

    def __getitem__(self, key: tuple[Seat, Denomination]) -> int:
        seat, denomination = key
        return self.tricks[seat][denomination]

    def as_data(self) -> dict[str, dict[str, int]]:
        """JSON-ready: ``{"N": {"C": 9, ..., "NT": 10}, ...}``."""
        return {seat.value: {d.value: n for d, n in row.items()}
                for seat, row in self.tricks.items()}


@dataclass(frozen=True)
class Par:
    """The par result: the score for North-South (negative when East-West
    gain) and the contracts that reach it, written like ``"4SN="`` or
    ``"5HXE-2"`` (contract, declarer, tricks over or under)."""

    score: int
    contracts: tuple[str, ...]


def _table_from(result: Any) -> DDTable:
    return DDTable({seat: {d: int(result[_DENOM[d], _PLAYER[seat]]) for d in DENOMINATIONS}
                    for seat in SEATS}, result)


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of a full deal (DDS CalcDDtable)."""
    return _table_from(ep_dds.calc_dd_table(_ep_deal(deal)))


def dd_tricks_for(deal: Deal, declarer: Seat, denomination: Denomination) -> int:
    """Tricks ``declarer`` makes double dummy in ``denomination``, the
    opening lead coming from declarer's left."""
    position = _ep_deal(deal, first=declarer.lho, trumps=denomination.trumps)
    solved = ep_dds.solve_board(position)
    leaders_best: int = max(tricks for _, tricks in solved)
    return 13 - leaders_best


def par(deal: Deal, *, table: DDTable | None = None) -> Par:
    """Par for the deal's dealer and vulnerability (DDS DealerPar). Pass the
    ``table`` if it is already known, to save solving the deal again."""
    if table is not None and table._solved is not None:
        ep_table = table._solved
    else:
        ep_table = ep_dds.calc_dd_table(_ep_deal(deal))
    result = ep_dds.par(ep_table, _VUL[deal.vulnerability], _PLAYER[deal.dealer])
    return Par(int(result.score), tuple(_par_contract(c) for c in result))


def dd_table_data(deal: Deal) -> dict[str, dict[str, int]]:
    """The double-dummy table as plain data (:meth:`DDTable.as_data`): what a process
    solving for another sends back."""
    return dd_table(deal).as_data()


def hand_record_data(deal: Deal) -> dict[str, Any]:
    """A hand record's analysis as plain data: the double-dummy table and par, solved once."""
    table = dd_table(deal)
    result = par(deal, table=table)
    return {"dd": table.as_data(),
            "par": {"score": result.score, "contracts": list(result.contracts)}}


def _par_contract(contract: ep.Contract) -> str:
    ours = Contract(contract.level, _DENOMINATION[contract.denom], _PENALTY[contract.penalty])
    over = contract.result
    return f"{ours}{_SEAT[contract.declarer].value}{'=' if over == 0 else f'{over:+d}'}"


# -- the play, card by card -----------------------------------------------------------------

def card_costs(
    deal: Deal,
    *,
    trumps: Suit | None,
    first_leader: Seat,
    plays: Sequence[tuple[Seat, Card]],
) -> list[int]:
    """For each card of ``plays`` (in the order played, from the opening lead
    by ``first_leader``), how many tricks it cost the side that played it
    compared with the best card double dummy at that moment; 0 for a best card.

    One DDS AnalysePlay call gives declarer's double-dummy total after every
    card; a card's cost is the drop for its own side. (Solving the position
    before each card with SolveBoard gives the same figures more slowly:
    bench/analysis.py measures both.)
    """
    if not plays:
        return []
    position = _ep_deal(deal, first=first_leader, trumps=trumps)
    totals = ep_dds.analyse_play(position, [_ep_card(card) for _, card in plays])
    declarer_side = first_leader.rho.side
    costs = []
    for index, (seat, _) in enumerate(plays):
        if index + 1 >= len(totals):
            # DDS stops before the last trick, where each hand has one card
            # left and so no choice to get wrong.
            costs.append(0)
            continue
        before, after = totals[index], totals[index + 1]
        costs.append(before - after if seat.side is declarer_side else after - before)
    return costs


def card_costs_by_solving(
    deal: Deal,
    *,
    trumps: Suit | None,
    first_leader: Seat,
    plays: Sequence[tuple[Seat, Card]],
) -> list[int]:
    """:func:`card_costs` by solving the position before each card (DDS
    SolveBoard): slower, kept as the cross-check the tests and bench use."""
    position = _ep_deal(deal, first=first_leader, trumps=trumps)
    costs = []
    for _, card in plays:
        options = {_card(c): tricks for c, tricks in ep_dds.solve_board(position)}
        costs.append(max(options.values()) - options[card])
        position.play(_ep_card(card))
    return costs


def best_cards(
    deal: Deal,
    *,
    trumps: Suit | None,
    first_leader: Seat,
    plays: Sequence[tuple[Seat, Card]] = (),
) -> dict[Card, int]:
    """After ``plays``, each card the next player may play with the tricks
    that player's side then takes from the rest of the hand, double dummy."""
    position = _ep_deal(deal, first=first_leader, trumps=trumps)
    for _, card in plays:
        position.play(_ep_card(card))
    return {_card(c): tricks for c, tricks in ep_dds.solve_board(position)}
