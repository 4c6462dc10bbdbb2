"""THE EXCHANGE and CARTE BLANCHE, sentence by sentence (games/piquet/game.py)."""

from __future__ import annotations

import random

import pytest

from games.cards import cards_from_str
from games.piquet import Piquet, deal_piquet, dealer_for_deal
from games.protocol import IllegalActionError, NotYourTurnError
from tests.games.piquet.helpers import TEXT, N, S, exchange, make_deal

ELDER = "SA SK SQ SJ ST S9 S8 S7 HA HK HQ HJ"
YOUNGER = "HT H9 H8 H7 DA DK DQ DJ DT D9 D8 D7"
TALON = "CA CK CQ CJ CT C9 C8 C7"


def _game() -> Piquet:
    return Piquet(TEXT, make_deal(ELDER, YOUNGER, TALON))


def test_the_dealer_is_younger_and_deals_alternate() -> None:
    """DEAL: "the dealer is known as younger, his opponent elder hand"; GAME: "six
    deals, each dealing alternately"."""
    assert [dealer_for_deal(TEXT, n).value for n in range(1, 7)] == list("NSNSNS")
    deal = deal_piquet(TEXT, random.Random(1), board=2)
    game = Piquet(TEXT, deal)
    assert game.younger is S and game.elder is N
    assert len(deal.hand(N)) == len(deal.hand(S)) == 12 and len(deal.stock) == 8


def test_elder_exchanges_first() -> None:
    game = _game()
    assert game.to_act() == (S,)
    with pytest.raises(NotYourTurnError):
        game.apply(N, "discard H7")


def test_elder_must_discard_at_least_one() -> None:
    game = _game()
    with pytest.raises(IllegalActionError, match="at least 1"):
        game.apply(S, "draw")


def test_elder_may_not_discard_more_than_five() -> None:
    game = _game()
    for card in "S7 S8 S9 ST SJ".split():
        game.apply(S, f"discard {card}")
    with pytest.raises(IllegalActionError, match="at most 5"):
        game.apply(S, "discard SQ")
    assert game.set_aside[S] == list(cards_from_str("S7 S8 S9 ST SJ"))


def test_a_card_put_aside_may_be_taken_back() -> None:
    game = _game()
    game.apply(S, "discard S7")
    game.apply(S, "keep S7")
    assert game.set_aside[S] == [] and "draw" not in game.legal_actions(S)


def test_elder_draws_from_the_top_of_the_talon_strictly_in_order() -> None:
    game = _game()
    exchange(game, S, "S7 S8")
    assert game.drawn[S] == cards_from_str("CA CK")
    assert set(cards_from_str("CA CK")) <= set(game.hands[S])
    assert game.discards[S] == cards_from_str("S8 S7")


def test_elder_may_look_at_the_cards_he_was_entitled_to_but_left() -> None:
    """"Being entitled to five, he may, if he exchanges fewer, look at any cards
    he was entitled to but did not take, without showing them to younger." """
    game = _game()
    exchange(game, S, "S7 S8")
    assert game.view(S).info["mine"]["peeked"] == ("CQ", "CJ", "CT")
    assert "peeked" not in game.view(N).info["mine"]
    assert not {"CQ", "CJ", "CT"} & _card_texts(game.view(N).as_data())


def test_younger_may_exchange_up_to_what_is_left() -> None:
    """"Younger, in turn, must discard at least one and up to as many as are left
    - usually three, but more if elder took less than his due." """
    game = _game()
    exchange(game, S, "S7 S8")
    assert game.exchange_limits(N) == (1, 6)
    with pytest.raises(IllegalActionError, match="at least 1"):
        game.apply(N, "draw")
    exchange(game, N, "D7 D8 D9 DT DJ DQ")
    assert game.drawn[N] == cards_from_str("CQ CJ CT C9 C8 C7")
    assert game.step == "declare"


def test_younger_chooses_whether_untaken_cards_are_faced() -> None:
    """"If younger takes fewer than are left, it is his choice whether the untaken
    cards be faced or left concealed"."""
    game = _game()
    exchange(game, S, "S7 S8 S9 ST SJ")
    exchange(game, N, "D7")
    assert game.step == "untaken" and game.legal_actions(N) == ["face", "conceal"]
    game.apply(N, "face")
    for seat in (N, S, None):
        assert game.view(seat).info["untaken"]["seen"] == ("C8", "C7")


def test_concealed_untaken_cards_are_seen_by_neither_player() -> None:
    """"it is not permitted for one player to see them and not the other"."""
    game = _game()
    exchange(game, S, "S7 S8 S9 ST SJ")
    exchange(game, N, "D7")
    game.apply(N, "conceal")
    for seat in (N, S):
        view = game.view(seat)
        assert view.info["untaken"] == {"count": 2, "faced": False, "seen": ()}
        assert not {"C8", "C7"} & _card_texts(view.as_data())


def test_cards_elder_looked_at_and_younger_left_concealed_are_shown_to_younger() -> None:
    """Elder's look and the untaken cards: elder saw CQ CJ CT; younger takes CQ and
    leaves CJ CT concealed, so younger is shown them too (docs/decisions/0263)."""
    game = _game()
    exchange(game, S, "S7 S8")
    exchange(game, N, "D7")
    game.apply(N, "conceal")
    assert game.view(N).info["untaken"]["seen"] == ("CJ", "CT")
    assert game.view(S).info["untaken"]["seen"] == ("CJ", "CT")
    assert game.view(S).info["mine"]["peeked_taken_by_younger"] == ("CQ",)


def test_each_player_may_look_again_at_his_own_discards_and_not_the_other_s() -> None:
    """"each is permitted to refresh his memory by referring to his own discards
    during the play"."""
    game = _game()
    exchange(game, S, "S7 S8 S9 ST SJ")
    exchange(game, N, "D7 D8 D9")
    game.apply(S, "no point")
    game.apply(S, "no sequence")
    game.apply(S, "no set")
    game.apply(S, "play SA")
    assert game.view(S).info["mine"]["discards"] == ("SJ", "ST", "S9", "S8", "S7")
    assert game.view(N).info["mine"]["discards"] == ("D9", "D8", "D7")
    assert not {"D9", "D8", "D7"} & _card_texts(game.view(S).as_data())


# -- CARTE BLANCHE -------------------------------------------------------------------------

BLANCHE_ELDER = "SA ST S9 S8 S7 HA HT H9 H8 DA DT CA"
COURTS = "SK SQ SJ HK HQ HJ DK DQ DJ CK CQ CJ"


def _elder_blanche() -> Piquet:
    return Piquet(TEXT, make_deal(BLANCHE_ELDER, COURTS, "H7 D9 D8 D7 CT C9 C8 C7"))


def test_elder_with_carte_blanche_announces_it_and_how_many_he_will_exchange() -> None:
    """"If elder has it he announces the fact immediately and tells younger how
    many he intends to exchange." """
    game = _elder_blanche()
    assert game.step == "claim" and game.to_act() == (S,)
    assert game.legal_actions(S) == [f"carte blanche {n}" for n in range(1, 6)]
    game.apply(S, "carte blanche 3")
    assert game.dialogue[-1] == {"seat": "S", "says": "Carte blanche! I shall exchange three."}


def test_after_elder_s_carte_blanche_younger_exchanges_first_up_to_eight_less_elder_s() -> None:
    """"Younger then exchanges up to as many as he is entitled to"; "he draws from
    the top of the talon, the number he is entitled to being eight less the number
    that elder said he was going to exchange himself"."""
    game = _elder_blanche()
    game.apply(S, "carte blanche 3")
    assert game.to_act() == (N,) and game.exchange_limits(N) == (1, 5)
    exchange(game, N, "DJ CJ")
    assert game.drawn[N] == cards_from_str("H7 D9")
    # Elder will draw three, so three are left: younger's choice.
    assert game.step == "untaken"
    game.apply(N, "face")
    assert game.view(S).info["untaken"]["seen"] == ("C9", "C8", "C7")


def test_then_elder_proves_his_claim_and_exchanges_as_many_as_he_said() -> None:
    """"then elder proves his claim and makes his own exchange"; he must prove it
    "by rapidly playing his cards one by one face up to the table"."""
    game = _elder_blanche()
    game.apply(S, "carte blanche 3")
    proof_before = game.view(N).info["carte_blanche"][0]["proof"]
    exchange(game, N, "DJ CJ")
    game.apply(N, "conceal")
    assert proof_before is None
    assert game.view(N).info["carte_blanche"][0]["proof"] == tuple(
        str(c) for c in game.dealt[S])
    game.apply(S, "discard S7")
    game.apply(S, "discard S8")
    with pytest.raises(IllegalActionError, match="exactly 3"):
        game.apply(S, "draw")
    game.apply(S, "discard S9")
    game.apply(S, "draw")
    assert game.drawn[S] == cards_from_str("D8 D7 CT")
    assert game.step == "declare"
    assert [(e.seat, e.kind, e.points) for e in game.entries] == [(S, "carte blanche", 10)]


def test_younger_with_carte_blanche_announces_it_and_proves_it_after_elder_discards() -> None:
    """"If younger has it he announces the fact immediately but waits until elder
    has discarded before proving his claim and making his own exchange." """
    younger = "HA H9 H8 H7 DA DT D9 D8 D7 CA CT C9"
    elder = "SA SK SQ SJ ST S9 S8 S7 HK HQ HJ C7"
    game = Piquet(TEXT, make_deal(elder, younger, "HT C8 DK DQ DJ CK CQ CJ"))
    assert game.step == "claim" and game.to_act() == (N,)
    assert game.legal_actions(N) == ["carte blanche"]
    game.apply(N, "carte blanche")
    assert game.to_act() == (S,)
    assert game.view(S).info["carte_blanche"] == [{"seat": "N", "exchange": None, "proof": None}]
    exchange(game, S, "C7")
    assert game.view(S).info["carte_blanche"][0]["proof"] == tuple(younger.split())
    assert game.to_act() == (N,)


def test_carte_blanche_scores_10_before_the_declarations() -> None:
    """"If either player had a carte blanche he announces his score as 10 before
    declarations begin." """
    younger = "HA H9 H8 H7 DA DT D9 D8 D7 CA CT C9"
    elder = "SA SK SQ SJ ST S9 S8 S7 HK HQ HJ C7"
    game = Piquet(TEXT, make_deal(elder, younger, "HT C8 DK DQ DJ CK CQ CJ"))
    game.apply(N, "carte blanche")
    exchange(game, S, "C7")
    exchange(game, N, "D7")
    game.apply(N, "face")
    assert game.step == "declare"
    assert game.entries[0].seat is N and game.entries[0].points == 10
    assert game.entries[0].says == "10 for carte blanche, 10"


def _card_texts(data: object) -> set[str]:
    """Every card code anywhere in a view's data."""
    import re

    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found |= _card_texts(key) | _card_texts(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            found |= _card_texts(item)
    elif isinstance(data, str):
        found |= set(re.findall(r"\b[SHDC][AKQJT987]\b", data))
    return found
