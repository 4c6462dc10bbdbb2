"""DECLARATIONS and SINKING AND PROVING, sentence by sentence: the dialogue of
elder's announcements and younger's answers, the scores, the questions."""

from __future__ import annotations

import pytest

from games.piquet import Piquet
from games.protocol import IllegalActionError
from tests.games.piquet.helpers import N, S, act, after_exchange, scored

# D1: equal points (five cards, 48 each); elder's tierce to the ace against
# younger's tierce to the queen; elder's second tierce; younger's three aces.
D1_ELDER = "SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7"
D1_YOUNGER = "DA DQ DJ DT D7 HA HK CA CK SJ ST S7"
# D2: younger's point of five is worth 49 against 48; both hold a tierce to the ace.
D2_ELDER = "SA SK SQ S9 S8 DT D9 D8 H9 H8 C9 C7"
D2_YOUNGER = "CA CK CJ CT C8 HA HK HQ SJ ST S7 H7"


def _said(game: Piquet) -> list[str]:
    return [f"{line['seat']}: {line['says']}" for line in game.dialogue]


def test_elder_announces_point_sequence_and_set_strictly_in_this_order() -> None:
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    legal = game.legal_actions(S)
    assert legal[0] == "point 5 S" and legal[-1] == "no point"
    assert not any(a.startswith(("sequence", "set")) for a in legal)
    with pytest.raises(IllegalActionError, match="in order"):
        game.apply(S, "sequence 3 SA")


def test_an_equal_point_goes_to_its_pip_value_and_full_equality_scores_nobody() -> None:
    """"If younger replies 'equal', elder then declares the combined pip-value of
    his point suit ... If younger can equalize on this basis, neither player will
    score for point." """
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    game.apply(S, "point 5 S")
    assert game.legal_actions(N) == ["good", "equal"]
    game.apply(N, "equal")
    assert _said(game)[-2:] == ["N: Equal.", "S: Making 48."]
    assert game.legal_actions(N) == ["good", "equal"]
    game.apply(N, "equal")
    assert game.dialogues["point"].outcome == "equal"
    assert game.entries == []


def test_a_good_combination_scores_for_elder_at_once() -> None:
    """"If his combination is acknowledged 'good', elder scores for it immediately." """
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N equal", "S sequence 3 SA", "N equal"])
    assert _said(game)[-1] == "S: To the ace."
    assert game.legal_actions(N) == ["good"]  # a tierce to the queen cannot equal it
    game.apply(N, "good")
    assert scored(game, S) == [("sequence", 3)]


def test_a_good_sequence_scores_the_other_sequences_too() -> None:
    """"if his sequence is good he may score for any other sequence(s) he may hold"."""
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N equal", "S sequence 3 SA", "N equal", "N good"])
    assert game.legal_actions(S)[0] == "also sequence 3 HJ"
    game.apply(S, "also sequence 3 HJ")
    assert scored(game, S) == [("sequence", 3), ("sequence", 3)]
    assert game.entries[-1].says == "3 for the tierce, 6"
    assert "also sequence 3 HJ" not in game.legal_actions(S)


def test_equal_sequences_go_to_the_top_card_and_then_nobody_scores_any() -> None:
    """"the winning sequence is the one with the higher top card. If there is still
    equality, neither player may score for any sequences." """
    game = after_exchange(D2_ELDER, D2_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N not good", "S sequence 3 SA", "N equal"])
    assert game.legal_actions(N) == ["good", "equal"]
    game.apply(N, "equal")
    assert game.dialogues["sequence"].outcome == "equal"
    # Elder's second tierce (diamonds) is not offered: no sequence scores.
    assert game.legal_actions(S) == ["no set"]


def test_elder_leads_and_counts_one_then_younger_scores_his_not_good_classes() -> None:
    """"elder leads any card face up to the table and adds one point 'for leading'.
    Before replying to that card, younger scores for any combinations he may hold
    which are better than those announced by elder"."""
    game = after_exchange(D2_ELDER, D2_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N not good", "S sequence 3 SA", "N equal",
               "N equal", "S no set", "S play C9"])
    assert scored(game, S) == [("lead", 1)]
    # He must declare his point before he plays (he may ask about elder's tierce).
    assert game.legal_actions(N) == ["point 5 C", "ask suit 1"]
    with pytest.raises(IllegalActionError, match="declare what you said was not good"):
        game.apply(N, "play CA")
    game.apply(N, "point 5 C")
    assert _said(game)[-1] == "N: Point of five, making 49."
    assert scored(game, N) == [("point", 5)]
    assert "play CA" in game.legal_actions(N)


def test_younger_may_score_a_class_elder_did_not_announce() -> None:
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N equal", "S sequence 3 SA", "N equal", "N good",
               "S no set", "S play S8"])
    assert "set 3 A" in game.legal_actions(N)
    game.apply(N, "set 3 A")
    assert scored(game, N) == [("set", 3)]


def test_younger_s_answer_must_be_true_of_his_hand() -> None:
    """The engine only accepts declarations the hand supports: "not good" needs a
    better combination, "equal" an equal one; "good" is always allowed."""
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    game.apply(S, "point 5 S")
    before = list(game.log)
    with pytest.raises(IllegalActionError, match="no point better than a point of five"):
        game.apply(N, "not good")
    assert game.log == before and game.step == "answer"


def test_a_declaration_the_hand_does_not_hold_is_refused() -> None:
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.apply(S, "point 6 S")
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.apply(S, "point 5 H")


def test_sinking_a_combination_is_allowed() -> None:
    """SINKING AND PROVING: "Neither player is obliged to declare a combination or
    to declare the whole of one." Elder declares four of his five spades;
    younger, holding five diamonds, says good all the same."""
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    assert "point 4 S" in game.legal_actions(S)
    game.apply(S, "point 4 S")
    assert "not good" in game.legal_actions(N)
    game.apply(N, "good")
    assert scored(game, S) == [("point", 4)]


def test_on_request_a_player_names_the_suit_and_top_card_of_a_declared_sequence() -> None:
    """"If, therefore, you have declared a sequence of five and your opponent asks
    which suit it is in, or what the highest card is, you must tell him. But you
    are not obliged to reveal anything you have not declared (sunk)." """
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N equal", "S sequence 3 SA", "N equal", "N good",
               "S also sequence 3 HJ", "S no set", "S play S8"])
    asks = [a for a in game.legal_actions(N) if a.startswith("ask")]
    assert asks == ["ask suit 1", "ask suit 2", "ask top 2"]  # the first's top was told
    game.apply(N, "ask suit 2")
    assert _said(game)[-2:] == ["N: Which suit is your tierce in?", "S: Hearts."]
    game.apply(N, "ask top 2")
    assert _said(game)[-1] == "S: The jack."
    view = game.view(N)
    told = [d for d in view.info["declarations"] if d["kind"] == "sequence"][1]
    assert (told["suit"], told["top"], told["size"]) == ("H", "J", 3)
    assert {"HJ", "HT", "H9"} <= {str(c) for c in game.known_cards(N)}


def test_everything_declared_is_shown_to_both_players() -> None:
    game = after_exchange(D1_ELDER, D1_YOUNGER)
    act(game, ["S point 5 S", "N equal", "N equal"])
    for seat in (N, S):
        declared = game.view(seat).info["declarations"][0]
        assert declared["says"] == "point of five, making 48"
        assert "suit" not in declared  # nobody asks about a point
