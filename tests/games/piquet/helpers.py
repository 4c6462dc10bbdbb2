"""Deals made to order for the Piquet tests, and a way to script a deal."""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import PACK_32, cards_from_str
from games.deals import Deal
from games.piquet import Piquet, PiquetRules
from games.seats import Seat

N, S = Seat.NORTH, Seat.SOUTH
TEXT = PiquetRules()
CLASSICAL = PiquetRules(counting="classical")


def make_deal(elder: str, younger: str, talon: str, dealer: Seat = N, board: int = 1) -> Deal:
    """A deal with these hands and this talon (top card first). North deals, so
    South is elder, unless ``dealer`` says otherwise."""
    elder_seat = S if dealer is N else N
    hands = {elder_seat: cards_from_str(elder), dealer: cards_from_str(younger)}
    deal = Deal(hands, dealer=dealer, board=board, stock=cards_from_str(talon))
    assert sorted(deal.all_cards()) == sorted(PACK_32), "the test deal is not the 32 cards"
    return deal


def rest_of_pack(*held: str) -> str:
    """The cards not in any of ``held``, in pack order."""
    taken = {c for text in held for c in cards_from_str(text)}
    return " ".join(str(c) for c in PACK_32 if c not in taken)


def act(game: Piquet, script: Iterable[str]) -> Piquet:
    """Apply "S discard C7"-style actions in order."""
    for line in script:
        game.apply(line)
    return game


def exchange(game: Piquet, seat: Seat, cards: str) -> None:
    """Put ``cards`` aside and draw."""
    for card in cards.split():
        game.apply(seat, f"discard {card}")
    game.apply(seat, "draw")


def play_out(game: Piquet) -> Piquet:
    """Finish the play: each player plays the first card he may (his highest of
    the suit led, or his highest card when leading)."""
    while not game.is_over():
        seat = game.to_act()[0]
        plays = [a for a in game.legal_actions(seat) if a.startswith("play ")]
        game.apply(seat, plays[0])
    return game


def scored(game: Piquet, seat: Seat) -> list[tuple[str, int]]:
    """``seat``'s count so far: (what, points) in order."""
    return [(e.kind, e.points) for e in game.entries if e.seat == seat]


def after_exchange(elder: str, younger: str, dealer: Seat = N,
                   rules: PiquetRules = TEXT) -> Piquet:
    """A deal whose players hold ``elder`` and ``younger`` once each has exchanged
    one card (elder his first dealt card for the talon's top one, younger the
    next), younger leaving the other six concealed: the game stands at the
    declarations."""
    final_e, final_y = cards_from_str(elder), cards_from_str(younger)
    rest = [c for c in PACK_32 if c not in final_e and c not in final_y]
    assert len(final_e) == len(final_y) == 12 and len(rest) == 8
    junk_e, junk_y = rest[0], rest[1]
    dealt_e = final_e[:-1] + (junk_e,)
    dealt_y = final_y[:-1] + (junk_y,)
    talon = [final_e[-1], final_y[-1]] + rest[2:]
    elder_seat = S if dealer is N else N
    deal = Deal({elder_seat: dealt_e, dealer: dealt_y}, dealer=dealer,
                stock=tuple(talon))
    game = Piquet(rules, deal)
    assert not game.holders, "the test's dealt hands should not be carte blanche"
    exchange(game, elder_seat, str(junk_e))
    exchange(game, dealer, str(junk_y))
    game.apply(dealer, "conceal")
    assert game.step == "declare"
    assert sorted(game.hands[elder_seat]) == sorted(final_e)
    return game
