"""The card play every bridge-family hand shares: who plays dummy's cards, the
trick play from the opening lead, and the tricks by side.

MiniBridge (shared/rules/minibridge.txt) and the Top Game (shared/rules/top-game.txt,
"The game continues as ordinary bridge") play their cards alike: four hands at the
compass positions, declarer's partner's hand the dummy, played by declarer (Law 8:
"Declarer plays both his hand and that of dummy"), tricks counted by side (Law 15).
Each game keeps what is its own: MiniBridge's irregularities at a real table and
its claims, the Top Game's penalties. :class:`BridgeHand` is what both games'
classes are built on.

>>> read_card(["play", "sa"])
Card.from_str('SA')
>>> dummy_played_by(Seat.NORTH, declarer=Seat.SOUTH, dummy=Seat.NORTH)
<Seat.SOUTH: 'S'>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import PACK_52, Card, InvalidCardError, Suit
from games.protocol import Game, GameOverError, InvalidActionError
from games.seats import SEATS, Seat, Side
from games.tricks import TrickPlay, TrickRules

#: The phase of a hand that is over, the same word in every bridge-family game.
OVER = "over"

#: "SA" -> the card: the common spelling of a played card, read without parsing.
_CARDS: dict[str, Card] = {str(c): c for c in PACK_52}


def read_card(words: Sequence[str]) -> Card:
    """The card named by a ``play`` action's words (``["play", "SA"]``), or an
    :class:`~games.protocol.InvalidActionError` a pupil can read."""
    if len(words) != 2:
        raise InvalidActionError("Name one card, e.g. 'play SA'.")
    card = _CARDS.get(words[1].upper())
    if card is not None:
        return card
    try:
        return Card.from_str(words[1])
    except InvalidCardError as exc:
        raise InvalidActionError(str(exc)) from exc


def dummy_played_by(position: Seat, *, declarer: Seat | None, dummy: Seat | None) -> Seat:
    """The position whose player plays the cards at ``position``: Law 8, "Declarer
    plays both his hand and that of dummy"; any other hand is played from where it lies."""
    if position == dummy and declarer is not None:
        return declarer
    return position


def opening_play(holdings: Mapping[Seat, Sequence[Card]], leader: Seat,
                 trumps: Suit | None) -> TrickPlay:
    """The trick play of a hand from its opening lead by ``leader`` (declarer's left-hand
    opponent once there is a declarer: "The first person to lead a card is the player
    to the left of declarer"): follow suit, trumps win, the winner leads next."""
    return TrickPlay(holdings, SEATS, leader, TrickRules(trumps=trumps))


def tricks_by_side(won: Mapping[Seat, int]) -> dict[Side, int]:
    """The tricks each side has won so far (Law 15: "the side which wins the most tricks")."""
    return {side: sum(won[seat] for seat in side.seats) for side in Side}


class BridgeHand(Game):
    """One bridge-family hand: what every such game's class has in common.

    A subclass keeps the cards dealt at each position in ``holdings``, the trick play
    (from :func:`opening_play`) in ``play`` once it begins, its phase in ``phase``
    (:data:`OVER` at the end) and its result in ``_result`` once scored.
    """

    holdings: dict[Seat, tuple[Card, ...]]
    play: TrickPlay | None
    phase: str
    _result: dict[str, Any] | None

    def current_hands(self) -> dict[Seat, tuple[Card, ...]]:
        """The cards each position still holds."""
        if self.play is None:
            return dict(self.holdings)
        return {s: tuple(cards) for s, cards in self.play.hands.items()}

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any]:
        if self._result is None:
            raise GameOverError("The hand is not over yet.")
        return dict(self._result)
