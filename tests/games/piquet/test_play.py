"""TRICKS: no trumps, suit must be followed, the higher card of the suit led
wins, the winner leads; the count of the tricks, the text's and the classical."""

from __future__ import annotations

import pytest

from games.piquet import Piquet
from games.protocol import IllegalActionError
from tests.games.piquet.helpers import CLASSICAL, N, S, act, after_exchange, scored

ELDER = "SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7"
YOUNGER = "DA DQ DJ DT D7 HA HK CA CK SJ ST S7"
DECLARED = ["S point 5 S", "N good", "S sequence 3 SA", "N good", "S also sequence 3 HJ",
            "S no set"]


def _at_the_lead(rules=None) -> Piquet:
    game = after_exchange(ELDER, YOUNGER, rules=rules) if rules else after_exchange(ELDER,
                                                                                    YOUNGER)
    return act(game, DECLARED)


def test_suit_must_be_followed() -> None:
    game = act(_at_the_lead(), ["S play HT", "N set 3 A"])
    assert sorted(a for a in game.legal_actions(N) if a.startswith("play")) == [
        "play HA", "play HK"]
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(N, "play CA")


def test_a_player_who_cannot_follow_may_play_any_card_and_the_suit_led_wins() -> None:
    game = act(_at_the_lead(), ["S play HJ", "N play HA", "N play HK", "S play HT",
                                "N play S7", "S play SA", "S play H9"])
    assert game.to_act() == (N,)
    assert len([a for a in game.legal_actions(N) if a.startswith("play")]) == 9
    game.apply(N, "play DA")  # no heart left: he throws the ace of diamonds, and loses
    assert game.play.tricks[-1].winner(None) is S


def test_the_text_counts_2_for_winning_the_opponent_s_lead_and_1_for_one_s_own() -> None:
    """TRICKS: "The winner of a trick scores 1 point if he led to it, or 2 if his
    opponent led to it." """
    game = act(_at_the_lead(), ["S play SA", "N play S7"])
    act(game, ["S play HT", "N play HA"])
    assert scored(game, N)[-1] == ("trick", 2)
    act(game, ["N play CA", "S play C7"])
    assert scored(game, N)[-1] == ("trick", 1)


def test_the_text_counts_elder_s_point_for_leading_apart_from_trick_one() -> None:
    """DECLARATIONS: elder "leads any card face up to the table and adds one point
    'for leading'"; TRICKS: "The winner of a trick scores 1 point if he led to it,
    or 2 if his opponent led to it." Both, without an exception: elder winning
    his own first lead counts 1 for leading and 1 for the trick."""
    game = act(_at_the_lead(), ["S play SA"])
    before = game.total(S)
    act(game, ["N play S7"])
    assert scored(game, S)[-2:] == [("lead", 1), ("trick", 1)]
    assert [e.says for e in game.entries if e.seat is S][-1] == f"1 for the trick, {before + 1}"
    assert game.total(S) == before + 1


def test_the_text_counts_2_to_younger_winning_elder_s_first_lead() -> None:
    """TRICKS: "or 2 if his opponent led to it": elder keeps his point for leading."""
    game = act(_at_the_lead(), ["S play HT", "N set 3 A", "N play HA"])
    assert scored(game, S)[-1] == ("lead", 1)
    assert scored(game, N)[-1] == ("trick", 2)


def test_the_classical_count_scores_each_lead_and_the_last_trick() -> None:
    """The classical count (docs/decisions/0266): 1 for each lead, 1 for winning
    the opponent's lead, 1 for the last trick."""
    game = _at_the_lead(CLASSICAL)
    act(game, ["S play SA", "N play S7"])
    assert scored(game, S)[-1] == ("lead", 1)
    act(game, ["S play HT"])
    assert scored(game, S)[-1] == ("lead", 1)
    act(game, ["N play HA"])
    assert scored(game, N)[-1] == ("trick", 1)
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.startswith("play")))
    last = game.play.tricks[-1]
    winner = last.winner(None)
    points = [e for e in game.entries if e.kind == "trick"][-1]
    assert points.seat is winner and points.points == (2 if last.leader is not winner else 1)


def test_the_winner_of_a_trick_leads_to_the_next() -> None:
    game = act(_at_the_lead(), ["S play HT", "N play HA"])
    assert game.to_act() == (N,)
