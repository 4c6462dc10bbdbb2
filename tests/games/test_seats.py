"""Seats round the table: clockwise order, partners and sides."""

from __future__ import annotations

from games.seats import SEATS, Seat, Side, rotation_after


def test_play_goes_clockwise_north_east_south_west() -> None:
    assert [s.next for s in SEATS] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]


def test_partners_sit_opposite_and_share_a_side() -> None:
    for seat in SEATS:
        assert seat.partner.partner is seat
        assert seat.partner.side is seat.side
        assert seat.lho is seat.next and seat.rho.next is seat
        assert seat.lho.side is seat.side.other
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)


def test_a_two_player_game_skips_the_empty_seats() -> None:
    players = (Seat.NORTH, Seat.SOUTH)
    assert rotation_after(Seat.NORTH, players) is Seat.SOUTH
    assert rotation_after(Seat.SOUTH, players) is Seat.NORTH
    assert rotation_after(Seat.WEST, (Seat.NORTH, Seat.EAST, Seat.WEST)) is Seat.NORTH


def test_seats_read_their_letters_and_names() -> None:
    assert Seat.from_str("n") is Seat.NORTH and Seat.from_str("West") is Seat.WEST
