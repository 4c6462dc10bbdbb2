"""Who declares, from the announced points: Laws 6-7 and the three-handed games.

A pure function of the rules, the dealer and the announcements. In the
three-handed games the answer may also move cards or players: the dummy is
faced opposite declarer, or dealer exchanges hands with a stronger dummy, or
declarer's partner takes over the dealt dummy (It can be a great game for
three). Positions are compass points round the table; a player is known by
the seat he was dealt at and may end up controlling another position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.minibridge.rules import (
    THREE_NORMAL,
    THREE_SIMPLE,
    TIE_PAIR_CHOOSES,
    MiniBridgeRules,
)
from games.seats import Seat, Side

TOTAL_HCP = 40
#: Simple three-handed: "If the total number of high card points between
#: declarer and dummy is less than twenty-one, the hand is re-dealt."
SIMPLE_MINIMUM = 21


@dataclass(frozen=True)
class Declaring:
    """The outcome of the announcements.

    Exactly one of: ``redeal`` (the reason), ``choosers`` (MiniLesson 3: the
    tied pair chooses its declarer), or ``declarer`` (a position; dummy is his
    partner's position). ``swaps`` are pairs of positions whose hands change
    places; ``moves`` maps a player to the position he now controls.
    """

    redeal: str | None = None
    declarer: Seat | None = None
    choosers: tuple[Seat, ...] = ()
    swaps: tuple[tuple[Seat, Seat], ...] = ()
    moves: dict[Seat, Seat] = field(default_factory=dict)


def decide(rules: MiniBridgeRules, dealer: Seat,
           announcements: list[tuple[Seat, int]]) -> Declaring:
    """Apply Laws 6-7 (or the three-handed rules) to the announcements, given
    in the order they were made."""
    if rules.seating == THREE_SIMPLE:
        return _simple_three_handed(dealer, announcements)
    if rules.seating == THREE_NORMAL:
        return _normal_three_handed(dealer, announcements)
    return _four_handed(rules, announcements)


def _stronger(a: Seat, b: Seat, announcements: list[tuple[Seat, int]]) -> Seat | None:
    """The one of ``a`` and ``b`` with more points, or ``None`` if equal."""
    points = dict(announcements)
    if points[a] == points[b]:
        return None
    return a if points[a] > points[b] else b


def _first_announced(seats: tuple[Seat, ...], announcements: list[tuple[Seat, int]]) -> Seat:
    return next(seat for seat, _ in announcements if seat in seats)


def _four_handed(rules: MiniBridgeRules, announcements: list[tuple[Seat, int]]) -> Declaring:
    """Law 6: redeal at twenty points each. Law 7: the partnership with the
    greater total declares; declarer is its member with more points, or if
    equal the one who announced first (MiniLesson 3: the pair chooses)."""
    points = dict(announcements)
    totals = {side: sum(points[s] for s in side.seats) for side in Side}
    if totals[Side.NS] == totals[Side.EW]:
        return Declaring(redeal="Both sides hold 20 points (Law 6): the same dealer deals again.")
    side = Side.NS if totals[Side.NS] > totals[Side.EW] else Side.EW
    stronger = _stronger(*side.seats, announcements)
    if stronger is not None:
        return Declaring(declarer=stronger)
    if rules.tie_rule == TIE_PAIR_CHOOSES:
        return Declaring(choosers=side.seats)
    return Declaring(declarer=_first_announced(side.seats, announcements))


def _simple_three_handed(dealer: Seat, announcements: list[tuple[Seat, int]]) -> Declaring:
    """"The player with the highest number of high card points becomes the
    declarer (if equal then it is the player who announced his points first).
    The declarer then faces the dummy opposite himself ... If the total number
    of high card points between declarer and dummy is less than twenty-one, the
    hand is re-dealt."

    The dummy was dealt opposite the dealer. When another player declares, the
    dummy hand goes opposite him and the player who sat there takes his own
    cards to the dealt dummy's place, so partners still sit opposite.
    """
    best = max(points for _, points in announcements)
    declarer = next(seat for seat, points in announcements if points == best)
    dummy_points = TOTAL_HCP - sum(points for _, points in announcements)
    if best + dummy_points < SIMPLE_MINIMUM:
        return Declaring(redeal=(
            f"Declarer and dummy hold {best + dummy_points} points, fewer than "
            f"{SIMPLE_MINIMUM}: the same dealer deals again."))
    if declarer == dealer:
        return Declaring(declarer=declarer)
    mover = declarer.partner
    return Declaring(declarer=declarer, swaps=((mover, dealer.partner),),
                     moves={mover: dealer.partner})


def _normal_three_handed(dealer: Seat, announcements: list[tuple[Seat, int]]) -> Declaring:
    """"Dealer and the dummy are one partnership and the other two players are
    the other partnership ... If both sides have twenty points the hand is
    re-dealt." (a) Dealer's side declares: dealer is declarer, exchanging hands
    with dummy first if dummy is stronger. (b) The other side declares: the
    stronger (if equal, first to announce) declares; "his partner's hand is
    exposed as dummy and his partner takes over the former dummy"."""
    points = dict(announcements)
    dummy_points = TOTAL_HCP - sum(points.values())
    dealers_side = points[dealer] + dummy_points
    if dealers_side * 2 == TOTAL_HCP:
        return Declaring(redeal="Both sides hold 20 points: the same dealer deals again.")
    if dealers_side * 2 > TOTAL_HCP:
        if points[dealer] < dummy_points:
            return Declaring(declarer=dealer, swaps=((dealer, dealer.partner),))
        return Declaring(declarer=dealer)
    pair = (dealer.lho, dealer.rho)
    declarer = _stronger(*pair, announcements) or _first_announced(pair, announcements)
    return Declaring(declarer=declarer, moves={declarer.partner: dealer.partner})
