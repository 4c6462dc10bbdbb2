"""Where a pupil reads words about cards, Preference writes them as a score card does
("9♠ J♠"), never as the engine's codes ("S9 SJ"): the events under the table, the
teacher's status line, the help and the messages for a wrong discard."""

from __future__ import annotations

import random
import re

import pytest

from games.cards import Card, cards_short
from games.preference.game import Preference, deal_hand
from games.preference.rules import PLAYERS, PreferenceRules
from games.protocol import GameError

#: A card code as the engine writes it ("SA", "H10", "D7").
CODE = re.compile(r"\b[SHDC](?:[2-9]|10|[JQKA])\b")
RULES = PreferenceRules.from_options(start=30)


def _to_the_exchange(seed: int) -> Preference | None:
    """Bid "two" and pass to it, so that the first bidder takes the talon."""
    game = Preference(RULES, deal_hand(RULES, random.Random(seed), 1))
    game.apply(game.to_act()[0], "bid 2")
    while game.phase == "auction":
        game.apply(game.to_act()[0], "pass")
    return game if game.phase == "exchange" else None


def test_the_talon_is_told_in_short_card_words() -> None:
    game = _to_the_exchange(1)
    assert game is not None
    talon = cards_short(game.deal.stock)

    assert f"The talon is {talon}: " in " ".join(game.view(game.to_act()[0]).info["events"])
    assert game.status().endswith(f"discards two cards (talon {talon})")
    assert not CODE.search(" ".join(game.events) + game.status())


def test_a_wrong_discard_names_the_card_in_short_words() -> None:
    game = _to_the_exchange(2)
    assert game is not None
    seat = game.to_act()[0]
    held = set(game.current_hands()[seat])
    missing = next(c for c in (Card.from_str(t) for t in ("SA", "S7", "HA", "H7", "DA"))
                   if c not in held)

    with pytest.raises(GameError) as error:
        game.apply(seat, f"discard {missing}")

    assert str(error.value) == f"{missing.short} is not in your hand."


@pytest.mark.parametrize("seed", range(30))
def test_no_event_status_or_help_of_a_played_hand_shows_a_card_code(seed: int) -> None:
    rng = random.Random(seed)
    game = Preference(RULES, deal_hand(RULES, rng, 1))
    while not game.is_over():
        seat = game.to_act()[0]
        for other in PLAYERS:
            info = game.view(other).info
            said = " ".join([*info["events"], str(info.get("help") or ""), game.status()])
            assert not CODE.search(said), said
        legal = game.legal_actions(seat)
        others = [a for a in legal if a != "pass"]
        game.apply(seat, rng.choice(others if others and rng.random() < 0.7 else legal))
