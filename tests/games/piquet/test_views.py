"""What each seat's view says: enough for a pupil's screen to show every step
(whose turn, what to do, the buttons' words, the dialogue, the count), and
nothing the seat may not know."""

from __future__ import annotations

from games.piquet import Piquet
from tests.games.piquet.helpers import TEXT, N, S, act, after_exchange, make_deal

ELDER = "SA SK SQ SJ ST S9 S8 S7 HA HK HQ HJ"
YOUNGER = "HT H9 H8 H7 DA DK DQ DJ DT D9 D8 D7"
TALON = "CA CK CQ CJ CT C9 C8 C7"


def test_the_exchange_is_a_tap_on_each_card_then_a_button() -> None:
    game = Piquet(TEXT, make_deal(ELDER, YOUNGER, TALON))
    view = game.view(S)
    assert view.phase == "exchange" and view.to_act == ("S",)
    assert view.card_actions["S7"] == "discard S7" and len(view.card_actions) == 12
    assert view.info["prompt"].startswith("Tap 1 to 5 cards to discard")
    game.apply(S, "discard S7")
    view = game.view(S)
    assert view.card_actions["S7"] == "keep S7"
    assert view.info["labels"]["draw"] == "Draw 1 card"
    assert view.info["mine"]["set_aside"] == ("S7",)
    assert view.info["last"] == "You put the seven of spades aside."
    other = game.view(N)
    assert other.info["last"] == "South is choosing the cards to exchange."
    assert other.legal == () and other.info["mine"]["set_aside"] == ()
    assert other.info["prompt"] == "Waiting: South (elder) to exchange."
    assert other.status == "South (elder) to exchange."


def test_the_declarations_are_buttons_with_the_words_a_player_says() -> None:
    game = after_exchange("SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7",
                          "DA DQ DJ DT D7 HA HK CA CK SJ ST S7")
    labels = game.view(S).info["labels"]
    assert labels["point 5 S"] == "Point of five in spades, making 48"
    assert labels["no point"] == "No point"
    game.apply(S, "point 5 S")
    view = game.view(N)
    assert view.info["labels"] == {"good": "Good", "equal": "Equal"}
    assert view.info["prompt"].startswith("Elder says: Point of five.")
    assert view.info["classes"]["point"]["announced"]["says"] == "point of five"
    act(game, ["N equal", "N equal", "S sequence 3 SA", "N equal", "N good"])
    view = game.view(N)
    assert [f"{line['seat']}: {line['says']}" for line in view.info["dialogue"]][-8:] == [
        "S: Point of five.", "N: Equal.", "S: Making 48.", "N: Equal.", "S: Tierce.",
        "N: Equal.", "S: To the ace.", "N: Good."]
    assert view.info["count"] == [{"seat": "S", "kind": "sequence", "points": 3, "total": 3,
                                   "says": "3 for the tierce, 3"}]
    assert view.score == {"N": 0, "S": 3}
    assert view.info["last"] == "North: Good."
    act(game, ["S no set", "S play SA"])
    assert game.view(N).info["last"] == "South played the ace of spades."


def test_the_teacher_s_open_view_shows_everything() -> None:
    game = Piquet(TEXT, make_deal(ELDER, YOUNGER, TALON))
    game.apply(S, "discard S7")
    view = game.full_view()
    assert view.is_open and view.seat is None
    assert set(view.hands) == {"N", "S"}
    assert view.info["talon"] == tuple(TALON.split())
    assert view.info["set_aside"]["S"] == ("S7",)


def test_an_onlooker_sees_only_what_is_public() -> None:
    game = Piquet(TEXT, make_deal(ELDER, YOUNGER, TALON))
    view = game.view(None)
    assert view.hand == () and view.hands == {} and view.legal == ()
    assert "mine" not in view.info


def test_the_result_is_in_the_view_once_the_deal_is_over() -> None:
    from tests.games.piquet.helpers import play_out

    game = after_exchange("SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7",
                          "DA DQ DJ DT D7 HA HK CA CK SJ ST S7")
    act(game, ["S no point", "S no sequence", "S no set"])
    play_out(game)
    view = game.view(N)
    assert view.phase == "over" and view.result == game.result()
    assert view.info["bonus"] is not None and view.status == "The deal is over."


def test_the_cards_on_buttons_and_in_what_happened_are_words_not_codes() -> None:
    game = after_exchange("SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7",
                          "DA DQ DJ DT D7 HA HK CA CK SJ ST S7")
    act(game, ["S no point", "S no sequence", "S no set"])
    labels = game.view(S).info["labels"]
    assert labels["play SA"] == "Play the ace of spades"
    assert labels["play HT"] == "Play the ten of hearts"


def test_the_likely_declarations_are_the_longest_of_each_class_and_none() -> None:
    game = after_exchange("SA SK SQ S9 S8 HJ HT H9 DK D8 C8 C7",
                          "DA DQ DJ DT D7 HA HK CA CK SJ ST S7")
    view = game.view(S)
    assert len(view.legal) == 13
    assert view.info["likely"] == ("point 5 S", "no point")
    act(game, ["S point 5 S", "N good"])
    # Two tierces: the value decides between them, so both stay in front.
    assert game.view(S).info["likely"] == ("sequence 3 SA", "sequence 3 HJ", "no sequence")


def test_no_sentence_a_player_reads_holds_a_card_code() -> None:
    import random
    import re

    from games.piquet import ENTRY, deal_piquet

    code = re.compile(r"\b[SHDC](?:[2-9]|10|T|[JQKA])\b")
    rng = random.Random("no codes")
    robot = ENTRY.robots.make("beginner")
    read = []
    for number in range(1, 16):
        game = Piquet(TEXT, deal_piquet(TEXT, rng, number))
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            read += [*view.info["labels"].values(), view.info["last"], view.info["prompt"],
                     view.status, *(line["says"] for line in view.info["dialogue"])]
            game.apply(seat, robot.choose(view, rng))
    assert any(" played the " in text for text in read)
    assert [text for text in read if code.search(text)] == []
