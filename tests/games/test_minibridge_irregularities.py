"""Laws 19-21 at a "real table" (a teacher's option): leads out of turn and
revokes happen and are put right. By default the engine refuses them."""

from __future__ import annotations

import json
import random

import pytest

from games.cards import Card
from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.minibridge.playout import announce_all, play_to_end
from games.protocol import IllegalActionError, NotYourTurnError
from games.seats import SEATS
from tests.games.minibridge_helpers import STRONG_NORTH, deal_with, game_at, hidden_cards

N, E, S, W = SEATS


def _ready(real_table: bool = True, lesson: int = 5) -> MiniBridge:
    """North declares game in no-trumps; East is on lead."""
    return game_at(lesson, deal_with(STRONG_NORTH), real_table=real_table,
                   actions="N contract game NT")


def _public(game: MiniBridge) -> str:
    """The whole state but the log."""
    return json.dumps({"full": game.full_view().as_data(),
                       "views": {s.value: game.view(s).as_data() for s in SEATS}}, sort_keys=True)


def _revoke_setup(game: MiniBridge) -> tuple[Card, Card]:
    """East leads a suit West holds, dummy follows; returns (West's card of that
    suit, a West card of another suit)."""
    west = game.current_hands()[W]
    east = game.current_hands()[E]
    lead = next(c for c in east if any(w.suit == c.suit for w in west)
                and any(w.suit != c.suit for w in west))
    game.apply(E, f"play {lead}")
    game.apply(N, game.legal_actions(N)[0])  # dummy follows
    follow = next(c for c in west if c.suit == lead.suit)
    other = next(c for c in west if c.suit != lead.suit)
    return follow, other


# -- the default: irregularities are refused ---------------------------------------

def test_by_default_a_lead_out_of_turn_is_refused() -> None:
    game = _ready(real_table=False)
    with pytest.raises(NotYourTurnError):
        game.apply(W, f"play {game.current_hands()[W][0]}")
    game.apply(E, game.legal_actions(E)[0])
    with pytest.raises(IllegalActionError, match="not in dummy"):
        game.apply(N, f"play {game.current_hands()[N][0]}")  # declarer, from his hand


def test_by_default_a_revoke_is_refused() -> None:
    game = _ready(real_table=False)
    _, other = _revoke_setup(game)
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(W, f"play {other}")
    with pytest.raises(IllegalActionError):
        game.apply(W, "correct")


# -- Law 19: lead out of turn ----------------------------------------------------------

def test_a_lead_out_of_turn_may_be_put_back_and_the_right_player_leads() -> None:
    game = _ready()
    before = _public(game)
    card = game.current_hands()[W][0]
    assert f"play {card}" not in game.legal_actions(W)  # an irregularity, never "legal"
    game.apply(W, f"play {card}")
    assert game.phase == "lead_out_of_turn"
    # Either opponent but not dummy: only North, who also plays next (from his hand).
    assert game.to_act() == (N,)
    assert game.legal_actions(N)[:2] == ["accept", "put back"]
    with pytest.raises(NotYourTurnError):
        game.apply(S, "put back")
    with pytest.raises(NotYourTurnError):
        game.apply(E, "accept")
    game.apply(N, "put back")
    assert _public(game) == before
    assert game.to_act() == (E,)


def test_an_accepted_lead_out_of_turn_stands_and_play_goes_on_from_it() -> None:
    game = _ready()
    card = game.current_hands()[W][0]
    game.apply(W, f"play {card}")
    game.apply(N, "accept")
    assert game.phase == "play" and game.view(E).trick["leader"] == "W"
    assert game.to_act() == (N,) and game.view(N).to_play == "N"


def test_the_next_opponent_accepts_a_lead_out_of_turn_by_playing_a_card() -> None:
    game = _ready()
    game.apply(N, f"play {game.current_hands()[N][0]}")  # declarer leads before East
    assert game.to_act() == (E, W)  # both defenders may answer; East plays next
    assert game.legal_actions(W) == ["accept", "put back"]
    assert game.legal_actions(E)[:2] == ["accept", "put back"]
    game.apply(E, game.legal_actions(E)[2])
    assert game.phase == "play" and game.to_act() == (N,)  # dummy's turn, declarer plays it
    assert game.view(None).trick["leader"] == "N"


def test_declarer_leading_from_the_wrong_hand_is_a_lead_out_of_turn() -> None:
    game = _ready()
    for _ in range(4):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.view(None).to_play == "N"  # declarer won the first trick in hand
    game.apply(N, f"play {game.current_hands()[S][0]}")  # but leads from dummy
    assert game.phase == "lead_out_of_turn" and game.to_act() == (E, W)
    game.apply(W, "put back")
    assert game.view(None).to_play == "N" and game.view(None).trick["cards"] == ()


def test_in_lesson_one_both_opponents_may_answer_a_lead_out_of_turn() -> None:
    game = MiniBridge(make_rules(1, real_table=True), deal_with(STRONG_NORTH))
    game.apply(W, f"play {game.current_hands()[W][0]}")  # North dealt; East should lead
    assert game.to_act() == (N, S)
    game.apply(S, "put back")
    assert game.to_act() == (E,)


# -- Laws 20-21: revokes ----------------------------------------------------------------

def test_a_revoke_is_allowed_at_a_real_table_and_only_the_offender_may_correct_it() -> None:
    game = _ready()
    _, other = _revoke_setup(game)
    assert f"play {other}" not in game.legal_actions(W)
    game.apply(W, f"play {other}")
    # Only the offender is offered the correction (beside a claim, which anyone may make).
    assert [a for a in game.legal_actions(W) if not a.startswith("claim ")] == ["correct"]
    assert "correct" not in game.legal_actions(N) + game.legal_actions(E)
    assert "correct" not in json.dumps(game.view(E).as_data()) + json.dumps(game.view(N).as_data())
    assert W not in game.to_act()  # the table is not told


def test_a_corrected_revoke_rewinds_the_trick_to_the_revoke_card() -> None:
    game = _ready()
    follow, other = _revoke_setup(game)
    before = _public(game)
    game.apply(W, f"play {other}")
    game.apply(N, game.legal_actions(N)[0])  # completes the trick: it goes back too
    assert game.view(None).tricks_won != {"NS": 0, "EW": 0}
    game.apply(W, "correct")
    assert _public(game) == before
    game.apply(W, f"play {follow}")
    assert game.revokes == []


def test_a_revoke_is_established_once_the_offender_or_partner_plays_to_the_next_trick() -> None:
    game = _ready()
    # Declarer revokes from his own hand in the first trick.
    north = game.current_hands()[N]
    lead = next(c for c in game.current_hands()[E] if any(n.suit == c.suit for n in north)
                and any(n.suit != c.suit for n in north))
    game.apply(E, f"play {lead}")
    game.apply(N, game.legal_actions(N)[0])  # dummy follows
    game.apply(W, game.legal_actions(W)[0])
    other = next(c for c in north if c.suit != lead.suit)
    game.apply(N, f"play {other}")
    assert game.legal_actions(N)[-1] == "correct" or game.legal_actions(N) == ["correct"]
    while not any(c["seat"] in ("N", "S") for c in game.view(None).trick["cards"]):
        assert "correct" in game.legal_actions(N)
        seat = game.to_act()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.startswith("play")))
    assert "correct" not in game.legal_actions(N)
    with pytest.raises(IllegalActionError, match="no revoke"):
        game.apply(N, "correct")
    play_to_end(game)
    result = game.result()
    won = {side: sum(1 for t in game.view(None).tricks if t["winner"] in side)
           for side in ("NS", "EW")}
    # Law 21: one trick goes to the opponents at the end of the hand.
    assert result["revoke_transfers"] == 1
    assert result["tricks_by_side"] == {"NS": won["NS"] - 1, "EW": won["EW"] + 1}


def test_a_revoke_by_a_side_without_tricks_transfers_nothing() -> None:
    game = _ready()
    _, other = _revoke_setup(game)
    game.apply(W, f"play {other}")
    game.apply(N, game.legal_actions(N)[0])
    assert game.to_act() == (N,)  # declarer won the trick
    game.apply(N, "claim 12")
    game.apply(E, "accept")
    game.apply(W, "accept")
    result = game.result()
    assert result["revoke_transfers"] == 0 and result["tricks_by_side"] == {"NS": 13, "EW": 0}


def test_only_the_offender_can_correct() -> None:
    game = _ready()
    _, other = _revoke_setup(game)
    game.apply(W, f"play {other}")
    for seat in (N, E, S):
        with pytest.raises(IllegalActionError):
            game.apply(seat, "correct")


# -- random real-table hands ------------------------------------------------------------

def _irregular_step(game: MiniBridge, rng: random.Random) -> None:
    """Sometimes try a card nobody would call legal (a lead out of turn or a
    revoke); otherwise a random legal action (a correction now and then)."""
    if game.phase in ("play", "lead_out_of_turn") and rng.random() < 0.3:
        seat = rng.choice(game.players())
        cards = [c for p in game._positions_of(seat) for c in game.current_hands()[p]]
        if cards:
            text = f"play {rng.choice(cards)}"
            if game.can(seat, text):
                game.apply(seat, text)
                return
    for seat in game.players():
        if "correct" in game.legal_actions(seat) and rng.random() < 0.3:
            game.apply(seat, "correct")
            return
    seat = rng.choice(game.to_act())
    legal = [a for a in game.legal_actions(seat) if not a.startswith("claim")]
    game.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("lesson, variant", [(1, None), (4, None), (5, None), (6, "three-normal")])
def test_random_real_table_hands_keep_every_card_and_replay_exactly(
        lesson: int, variant: str | None) -> None:
    rng = random.Random(lesson)
    rules = make_rules(lesson, variant, real_table=True)
    finished = 0
    for board in range(1, 61):
        game = MiniBridge(rules, Deal.for_board(board, rng))
        announce_all(game)
        if game.phase == "declarer":
            game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
        steps = 0
        while not game.is_over():
            _irregular_step(game, rng)
            steps += 1
            view = game.view(None)
            on_table = len(view.trick["cards"]) + 4 * len(view.tricks) if view.trick else 0
            assert sum(view.hand_sizes.values()) + on_table == 52
            assert steps < 400
            if board <= 8:  # leads out of turn and revokes show no hidden card
                for seat in (None, *SEATS):
                    text = json.dumps(game.view(seat).as_data())
                    assert not [c for c in hidden_cards(game, seat) if f'"{c}"' in text]
        if game.result()["redeal"]:
            continue
        finished += 1
        result = game.result()
        assert sum(result["tricks_by_side"].values()) == 13
        assert 0 <= result["revoke_transfers"] <= 13
        again = MiniBridge.replay(rules, game.deal, game.log)
        assert again.full_view() == game.full_view()
    assert finished >= 40


# -- Law 23: a card played out of rotation ------------------------------------------------

def test_a_card_played_out_of_rotation_stands_and_the_player_passed_over_plays_next() -> None:
    game = _ready()
    lead = game.current_hands()[E][0]
    game.apply(E, f"play {lead}")  # dummy (South) is next, then West
    west = game.current_hands()[W]
    card = next((c for c in west if c.suit == lead.suit), west[0])
    assert f"play {card}" not in game.legal_actions(W)  # an irregularity, never "legal"
    game.apply(W, f"play {card}")
    view = game.view(None)
    assert [e["seat"] for e in view.trick["cards"]] == ["E", "W"]  # it stands as played
    assert game.phase == "play" and view.to_play == "S" and game.to_act() == (N,)
    game.apply(N, game.legal_actions(N)[0])  # declarer plays dummy's card
    assert game.view(None).to_play == "N"  # then North, and the trick is complete
    game.apply(N, game.legal_actions(N)[0])
    assert len(game.play.tricks) == 1 and not game.play.current.cards
    assert sum(game.view(None).tricks_won.values()) == 1
    assert {len(h) for h in game.current_hands().values()} == {12}


def test_by_default_a_card_out_of_rotation_is_refused_and_changes_nothing() -> None:
    game = _ready(real_table=False)
    game.apply(E, f"play {game.current_hands()[E][0]}")
    before = _public(game)
    with pytest.raises(NotYourTurnError):
        game.apply(W, f"play {game.current_hands()[W][0]}")
    assert _public(game) == before


def test_a_player_who_has_played_to_the_trick_cannot_play_to_it_again() -> None:
    game = _ready()
    game.apply(E, f"play {game.current_hands()[E][0]}")
    before = _public(game)
    with pytest.raises(NotYourTurnError):
        game.apply(E, f"play {game.current_hands()[E][0]}")
    assert _public(game) == before
