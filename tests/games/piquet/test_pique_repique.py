"""PIQUE, REPIQUE and THE CARDS, CAPOT: every sentence of those sections as a deal."""

from __future__ import annotations

from games.piquet import Piquet
from tests.games.piquet.helpers import (
    CLASSICAL,
    TEXT,
    N,
    S,
    act,
    exchange,
    make_deal,
    play_out,
    scored,
)

# Two quatorzes (kings, queens) and a trio (tens), no sequence, and a point of
# three worth 30 that the other player equals with his clubs (A J 9).
QUATORZES = "SK SQ ST HK HQ HT DK DQ DT CK CQ C8"   # C8 goes for C7
EQUALS = "SA S8 S7 HJ H9 H7 DJ D8 D7 CA CJ C9"       # S7 goes for S9


def _elder_holds_the_quatorzes() -> Piquet:
    game = Piquet(TEXT, make_deal(QUATORZES, EQUALS, "C7 S9 SJ HA H8 DA D9 CT"))
    exchange(game, S, "C8")
    exchange(game, N, "S7")
    game.apply(N, "conceal")
    return game


def test_equality_does_not_save_the_repique_two_quatorzes_and_a_trio_make_91() -> None:
    """"Finally, equality does not save the repique. Even if both equalized on
    point, and neither scored for sequence, a player could score repique on two
    quatorzes and a trio (14+14+3=31, plus 60 for repique 91)." """
    game = _elder_holds_the_quatorzes()
    act(game, ["S point 3 S", "N equal", "N equal",        # 30 each: nobody scores
               "S no sequence",
               "S set 4 K", "N good", "S also set 4 Q", "S also set 3 T",
               "S play SK", "N play SA"])
    declarations = [(k, p) for k, p in scored(game, S) if k == "set"]
    assert declarations == [("set", 14), ("set", 14), ("set", 3)]
    assert game.repique is S
    assert sum(p for _, p in declarations) + 60 == 91
    assert [e.says for e in game.entries if e.seat is S][-1] == "60 for repique, 92"
    assert game.total(N) == 2  # he won the first trick, after the repique


def test_elder_s_one_for_leading_does_not_save_him_from_repique() -> None:
    """"Elder's 1 for leading does not save him from repique if he previously made
    nothing and younger reaches 30 in declarations." """
    game = Piquet(TEXT, make_deal(EQUALS, QUATORZES, "S9 C7 SJ HA H8 DA D9 CT"))
    exchange(game, S, "S7")
    exchange(game, N, "C8")
    game.apply(N, "conceal")
    act(game, ["S point 3 C", "N equal", "N equal", "S no sequence",
               "S set 3 J", "N not good", "S play SA",
               "N set 4 K", "N also set 4 Q", "N also set 3 T", "N play SK"])
    assert scored(game, S)[0] == ("lead", 1)
    assert game.repique is N
    assert game.total(N) == 31 + 60


def test_carte_blanche_is_reckoned_first_so_the_other_cannot_score_repique() -> None:
    """"Thus if one player scores for carte blanche, the other cannot score
    repique, even if he makes 30 for point and sequence, as the carte blanche is
    reckoned first." Younger has carte blanche; elder makes 8 + 18 + 4 = 30."""
    younger = "HA H9 H8 H7 DA DT D9 D8 D7 CA CT C9"
    elder = "SA SK SQ SJ ST S9 S8 S7 HK HQ HJ C7"
    game = Piquet(TEXT, make_deal(elder, younger, "HT C8 DK DQ DJ CK CQ CJ"))
    game.apply(N, "carte blanche")
    exchange(game, S, "C7")
    exchange(game, N, "D7")
    game.apply(N, "conceal")
    act(game, ["S point 8 S", "N good", "S sequence 8 SA", "N good",
               "S also sequence 4 HK", "S no set", "S play SA", "N play CA"])
    assert game.total(S) == 8 + 18 + 4 + 1 + 1  # 1 for leading, 1 for trick one
    assert game.repique is None and game.pique is None
    assert scored(game, N)[0] == ("carte blanche", 10)


def test_thirty_on_point_and_sequence_cannot_be_prevented_by_scoring_for_set() -> None:
    """"if there is no carte blanche and one player makes 30 or more on point and
    sequence alone, the other cannot prevent it by scoring for set, as point and
    sequence have priority." Younger's three tens come after."""
    elder = "SA SK SQ SJ ST S9 S8 S7 HA HK HQ C7"
    younger = "HT H9 H8 DT D9 D8 D7 CT C9 C8 CA DK"
    game = Piquet(TEXT, make_deal(elder, younger, "HJ H7 DA DQ DJ CK CQ CJ"))
    exchange(game, S, "C7")
    exchange(game, N, "DK")
    game.apply(N, "conceal")
    act(game, ["S point 8 S", "N good", "S sequence 8 SA", "N good",
               "S also sequence 4 HA", "S no set", "S play SA", "N set 3 T", "N play HT"])
    assert scored(game, N)[0] == ("set", 3)
    assert game.repique is S
    assert ("repique", 60) in scored(game, S)


# Elder with 29 in combinations: point 5, quint, tierce, three aces, three kings.
PIQUE_ELDER = "SA SK SQ SJ ST HA HK HQ DA DK C8 C7"
PIQUE_YOUNGER = "HJ HT H9 H8 DQ DJ DT D9 CA CK CQ S7"


def _twenty_nine() -> Piquet:
    game = Piquet(TEXT, make_deal(PIQUE_ELDER, PIQUE_YOUNGER, "D7 CJ S9 S8 H7 D8 CT C9"))
    exchange(game, S, "C8")
    exchange(game, N, "S7")
    game.apply(N, "conceal")
    act(game, ["S point 5 S", "N good", "S sequence 5 SA", "N good", "S also sequence 3 HA",
               "S set 3 A", "N good", "S also set 3 K"])
    return game


def test_twenty_nine_in_combinations_and_one_for_leading_gives_pique_not_repique() -> None:
    """"If elder makes 29 in combinations, his 1 for leading may give him pique but
    not repique." """
    game = _twenty_nine()
    assert game.total(S) == 29
    game.apply(S, "play SA")
    assert game.total(S) == 30 and game.pique is None   # younger has not replied yet
    game.apply(N, "play CA")
    assert game.repique is None and game.pique is S
    assert scored(game, S)[-2:] == [("pique", 30), ("trick", 1)]


def test_after_younger_has_replied_nobody_can_score_repique() -> None:
    """"After elder has led his first card, and younger has replied, neither player
    can score repique." Elder goes on to win trick after trick: pique at most."""
    game = _twenty_nine()
    play_out(game)
    assert game.repique is None
    assert [k for k, _ in scored(game, S)].count("repique") == 0


# Elder 25 in declarations and 1 for leading; he wins the spades one by one.
PLAY_ELDER = "SA SK SQ SJ ST S9 HA HK HQ D8 D7 C7"
PLAY_YOUNGER = "DA DK DQ CA CK C9 C8 H9 H8 H7 S8 CQ"


def test_elder_scores_pique_when_he_reaches_30_in_the_play_before_younger_scores() -> None:
    """"Elder, however, can score 30 for pique if he reaches 30 during the trick play
    and younger still has yet to score." """
    game = Piquet(TEXT, make_deal(PLAY_ELDER, PLAY_YOUNGER, "HT S7 HJ DJ DT D9 CJ CT"))
    exchange(game, S, "C7")
    exchange(game, N, "CQ")
    game.apply(N, "conceal")
    act(game, ["S point 6 S", "N good", "S sequence 6 SA", "N good", "S also sequence 3 HA",
               "S no set", "S play SA", "N play S8"])
    assert game.total(S) == 27 and game.total(N) == 0
    act(game, ["S play SK", "N play S7", "S play SQ", "N play H7"])
    assert game.pique is None and game.total(S) == 29
    act(game, ["S play SJ", "N play H8"])
    assert game.pique is S
    assert [e.says for e in game.entries][-2:] == ["1 for the trick, 30", "30 for pique, 60"]


def _classical_twenty_six() -> Piquet:
    """Elder 25 in declarations and 1 for leading, younger nothing, classical count."""
    game = Piquet(CLASSICAL, make_deal(PLAY_ELDER, PLAY_YOUNGER, "HT S7 HJ DJ DT D9 CJ CT"))
    exchange(game, S, "C7")
    exchange(game, N, "CQ")
    game.apply(N, "conceal")
    act(game, ["S point 6 S", "N good", "S sequence 6 SA", "N good", "S also sequence 3 HA",
               "S no set", "S play SA", "N play S8"])
    assert game.total(S) == 26 and game.total(N) == 0
    return game


def test_classical_pique_is_scored_at_the_lead_that_reaches_30() -> None:
    """"Elder, however, can score 30 for pique if he reaches 30 during the trick play
    and younger still has yet to score." In the classical count each lead scores
    1 as it is led: the lead that brings elder to 30 gives him pique at once,
    though younger then wins that trick and scores."""
    game = act(_classical_twenty_six(), ["S play SK", "N play S7", "S play SQ", "N play H7",
                                         "S play SJ", "N play H8"])
    assert game.total(S) == 29 and game.pique is None
    act(game, ["S play D8"])
    assert game.pique is S
    assert [e.says for e in game.entries][-2:] == ["1 for leading, 30", "30 for pique, 60"]
    act(game, ["N play DA"])
    assert game.pique is S and game.total(N) == 1


# Elder wins every trick; he declares 18 (sinking his quatorzes to trios).
CLASSICAL_LAST_LEAD = ["S point 4 S", "N equal", "N good", "S sequence 4 SA", "N equal",
                       "N good", "S also sequence 4 HA", "S set 3 A", "N good",
                       "S also set 3 K"]


def test_classical_pique_on_the_last_lead_comes_before_the_point_for_the_trick() -> None:
    """"Pique ... if he reaches 30 during the trick play": counted in the order the
    points are scored. Elder's lead to the last trick brings him to 30; his 1 for
    winning the last trick comes after the pique, not before it."""
    game = Piquet(CLASSICAL, make_deal(CAPOT_ELDER, CAPOT_YOUNGER, "CK D8 DT D7 CJ CT C9 C8"))
    exchange(game, S, "C7")
    exchange(game, N, "CQ")
    game.apply(N, "conceal")
    act(game, CLASSICAL_LAST_LEAD)
    assert game.total(S) == 18
    play_out(game)
    assert [e.says for e in game.entries if e.seat is S][-5:] == [
        "1 for leading, 29", "1 for leading, 30", "30 for pique, 60", "1 for the trick, 61",
        "40 for capot, 101"]


def test_younger_cannot_score_pique() -> None:
    """"It is impossible for younger to score pique because elder counts 1 for
    leading and cannot therefore enter trick-play with a zero score." """
    game = Piquet(TEXT, make_deal(EQUALS, QUATORZES, "S9 C7 SJ HA H8 DA D9 CT"))
    exchange(game, S, "S7")
    exchange(game, N, "C8")
    game.apply(N, "conceal")
    act(game, ["S point 3 C", "N equal", "N equal", "S no sequence", "S set 3 J", "N good",
               "S play D7"])
    play_out(game)
    assert game.pique is None and game.total(S) >= 1


# Elder takes every trick but declares little (he sinks two quatorzes).
CAPOT_ELDER = "SA SK SQ SJ HA HK HQ HJ DA DK CA C7"
CAPOT_YOUNGER = "ST S9 S8 S7 HT H9 H8 H7 DQ DJ D9 CQ"


def test_capot_scores_40_instead_of_10_and_does_not_count_towards_pique() -> None:
    """"If one player wins all 12 tricks ... he scores a bonus of 40 for capot. The
    bonus for cards or capot does not count towards a pique." """
    game = Piquet(TEXT, make_deal(CAPOT_ELDER, CAPOT_YOUNGER, "CK D8 DT D7 CJ CT C9 C8"))
    exchange(game, S, "C7")
    exchange(game, N, "CQ")
    game.apply(N, "conceal")
    act(game, ["S point 4 S", "N equal", "N good", "S sequence 4 SA", "N equal", "N good",
               "S no set"])
    play_out(game)
    assert game.play is not None and game.play.won == {S: 12, N: 0}
    assert scored(game, S)[-1] == ("capot", 40)
    assert ("the cards", 10) not in scored(game, S)
    assert game.total(S) == 4 + 4 + 1 + 12 + 40
    assert game.pique is None and game.total(N) == 0
    assert game.result()["bonus"] == {"seat": "S", "points": 40, "name": "capot"}
