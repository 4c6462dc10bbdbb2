"""What each player of a two-handed Spades hand may see (DESIGN.md, "Hidden
information is the engine's job"; shared/rules/two-handed.txt).

A player sees his own hand, the card he is looking at while he selects
(SELECTION: "the participant looks at the top card"), the bids and the cards
played; never the opponent's hand, the stock or the discards. The teacher's view
opens every card, the stock and the discards too. A view is small (two hands of
thirteen cards), so it is made afresh each time, with nothing cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.cards import Suit, card_texts
from games.protocol import SeatView
from games.seats import Seat
from games.spades2.rules import PLAYERS

if TYPE_CHECKING:
    from games.spades2.game import Spades2


def seat_view(game: Spades2, seat: Seat | None, open_hands: bool) -> SeatView:
    phase = game.phase
    to_act = game.to_act()
    selection = game.selection
    held = game.current_hands()
    hand = tuple(card_texts(held[seat])) if seat in held else ()
    if open_hands:
        hands = {s.value: tuple(card_texts(cards)) for s, cards in held.items()}
    else:
        hands = {seat.value: hand} if seat in held else {}
    legal = tuple(game.legal_actions(seat)) if seat is not None else ()
    looking_at = None
    if phase == "select" and selection is not None and (open_hands or seat in to_act):
        looking_at = str(selection.looking_at)
    play = game.play
    result = game.result() if phase == "over" else None
    info: dict[str, Any] = {
        "rules": game.rules.as_data(),
        "board": game.deal.board,
        "dealer": game.deal.dealer.value,
        "first_bidder": game.first_bidder.value,
        "looking_at": looking_at,
        "bids": {s.value: bid for s, bid in game.bids.items()},
        "trumps": Suit.SPADES.value,
        "broken": play.broken if play is not None else False,
        "tricks_played": len(play.tricks) if play is not None else 0,
    }
    if open_hands:
        if selection is not None:
            info["stock"] = tuple(str(c) for c in selection.pack)
            info["discards"] = tuple(str(c) for c in selection.discards)
        else:
            info["stock"] = tuple(str(c) for c in game.deal.stock)
    tricks = play.completed_tricks() if play is not None else ()
    return SeatView(
        game=game.name,
        phase=phase,
        seat=seat.value if seat is not None else None,
        to_act=tuple(s.value for s in to_act),
        legal=legal,
        hand=hand,
        hands=hands,
        hand_sizes={s.value: len(cards) for s, cards in held.items()},
        card_actions={a[5:]: a for a in legal if a.startswith("play ")},
        trick=play.current.frozen_data() if play is not None else None,
        last_trick=tricks[-1] if tricks else None,
        tricks_won=({s.value: n for s, n in play.won.items()} if play is not None
                    else {s.value: 0 for s in PLAYERS}),
        score=result["scores"] if result else None,
        result=result,
        status=_status(game),
        is_open=open_hands,
        info=info,
        tricks=tricks,
        to_play=(play.to_play.value if play is not None and play.to_play is not None
                 else None),
    )


def _status(game: Spades2) -> str:
    """One line for the teacher's wall: "South to take or reject a card",
    "North to bid", "Trick 5, South to play", "Hand over"."""
    phase = game.phase
    if phase == "over":
        return "Hand over"
    who = game.to_act()[0].word
    if phase == "select":
        return f"{who} to take or reject a card"
    if phase == "bid":
        return f"{who} to bid"
    assert game.play is not None
    return f"Trick {len(game.play.tricks) + 1}, {who} to play"
