"""Dummy's guess in MiniBridge (issue 29: "Dummy stays in the game: while dummy, a pupil
may guess declarer's next card and sees after the trick whether declarer chose the same").

A module of its own, apart from the review (games.minibridge.review): the server asks
:func:`guessable` for every seat of every frame, and the review loads the double-dummy
solver (endplay, numpy and DDS, about 80 MB), which a card never needs.
"""

from __future__ import annotations

from games.cards import card_words
from games.protocol import SeatView


def guessable(view: SeatView) -> tuple[str, ...]:
    """The cards of dummy's that dummy's pupil may guess now (issue 29: "while dummy, a
    pupil may guess declarer's next card"): while declarer is to play from dummy (Law 8:
    "Declarer plays both his hand and that of dummy"), dummy's cards that follow the suit
    led when dummy holds it, else all of them; none at any other moment."""
    if (view.phase != "play" or view.seat is None or view.info.get("dummy") != view.seat
            or view.to_play != view.seat):
        return ()
    cards = (view.trick or {}).get("cards") or ()
    led = str(cards[0]["card"])[0] if cards else None
    follow = tuple(c for c in view.hand if led is not None and c[0] == led)
    return follow or tuple(view.hand)


def guess_words(guess: str, played: str) -> tuple[bool, str]:
    """Dummy guessed declarer's next card (issue 29: "Dummy stays in the game"): whether
    declarer chose the same, and the sentence shown after the trick."""
    if guess.upper() == played.upper():
        return True, f"Declarer played {card_words(played)}, as you guessed."
    return False, (f"You guessed {card_words(guess)}; declarer played "
                   f"{card_words(played)}.")
