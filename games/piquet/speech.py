"""What the players say aloud: the declarations as a dialogue and the count.

GAME: "Points are counted throughout play and are traditionally announced
verbally as the deal progresses." Each function gives the words for one
moment, built only from what has been said in public, so a view may show
them to both players.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.cards import Card, cards_short
from games.piquet.combinations import CLASSES, POINT, SEQUENCE, SEQUENCE_NAMES, Combination
from games.words import number_words

if TYPE_CHECKING:
    from games.piquet.game import ClassDialogue, Piquet


def claim(count: int | None) -> str:
    if count is None:
        return "Carte blanche!"
    return f"Carte blanche! I shall exchange {number_words(count)}."


def exchanged(count: int) -> str:
    return f"Discards {number_words(count)} and draws {number_words(count)}."


def proof(cards: Iterable[Card]) -> str:
    """CARTE BLANCHE: he "must prove his claim by rapidly playing his cards one
    by one face up to the table"."""
    return f"Proves carte blanche: {cards_short(cards)}."


def untaken(faced: bool, count: int) -> str:
    cards = f"{number_words(count)} card{'s' * (count != 1)}"
    return f"Leaves {cards} face up." if faced else f"Leaves {cards} face down."


def no_class(kind: str) -> str:
    return f"No {kind}."


def announcement(combo: Combination, told: set[str], capital: bool = False) -> str:
    """The combination as far as it has been told: "point of five, making 48",
    "quart to the king in hearts", "three kings", "fourteen aces"."""
    if combo.kind == POINT:
        words = f"point of {number_words(combo.size)}"
        if "suit" in told:
            words += f" in {combo.suit.word}"
        if "value" in told:
            words += f", making {combo.value}"
    elif combo.kind == SEQUENCE:
        words = SEQUENCE_NAMES[combo.size]
        if "top" in told:
            words += f" to the {combo.top.word}"
        if "suit" in told:
            words += f" in {combo.suit.word}"
    else:
        words = combo.name()
    return words[0].upper() + words[1:] if capital else words


def answer(word: str) -> str:
    return word[0].upper() + word[1:] + "."


def next_stage(combo: Combination, told: str) -> str:
    """Elder's second word after "equal": the point's value, the sequence's top card."""
    if told == "value":
        return f"Making {combo.value}."
    return f"To the {combo.top.word}."


def question(word: str, combo: Combination) -> str:
    name = SEQUENCE_NAMES[combo.size]
    if word == "suit":
        return f"Which suit is your {name} in?"
    return f"What is your {name}'s top card?"


def reply_to_question(word: str, combo: Combination) -> str:
    if word == "suit":
        return f"{combo.suit.word.title()}."
    return f"The {combo.top.word}."


_COUNT_NAMES = {"carte blanche": "carte blanche", "lead": "leading", "trick": "the trick",
                "repique": "repique", "pique": "pique", "the cards": "the cards",
                "capot": "capot"}


def count(kind: str, points: int, total: int, combo: Combination | None = None) -> str:
    """One step of a player's count aloud: "15 for the quint, 20", "1 for leading, 21"."""
    if combo is not None:
        what = "point" if combo.kind == POINT else (
            f"the {SEQUENCE_NAMES[combo.size]}" if combo.kind == SEQUENCE else combo.name())
    else:
        what = _COUNT_NAMES.get(kind, kind)
    return f"{points} for {what}, {total}"


def waiting_for(game: Piquet) -> str:
    """What the game is waiting for, in a sentence (the teacher's wall, a refusal)."""
    from games.piquet import game as states

    step = game.step
    if step == states.OVER:
        return "The deal is over."
    seat = game.to_act()[0]
    who = f"{seat.word} ({'elder' if seat == game.elder else 'younger'})"
    if step == states.CLAIM:
        return f"{who} to claim carte blanche."
    if step == states.EXCHANGE:
        return f"{who} to exchange."
    if step == states.UNTAKEN:
        return f"{who} to face or conceal the cards nobody took."
    if step == states.DECLARE:
        if game.class_index < len(CLASSES):
            return f"{who} to declare {CLASSES[game.class_index]}."
        return f"{who} to lead."
    if step == states.ANSWER:
        return f"{who} to answer: good, not good or equal."
    if step == states.REPLY:
        return f"{who} to declare and play to the first trick."
    assert game.play is not None
    return f"Trick {len(game.play.tricks) + 1}: {who} to play."


def why_not_answer(word: str, dialogue: ClassDialogue) -> str:
    """Why younger may not give this answer: he does not hold it."""
    assert dialogue.announced is not None
    said = announcement(dialogue.announced,
                        {"size", "value" if len(dialogue.answers) else "size",
                         "top" if len(dialogue.answers) else "size"})
    if word == "equal":
        return f"You cannot say 'equal': you hold no {dialogue.kind} equal to a {said}."
    return f"You cannot say 'not good': you hold no {dialogue.kind} better than a {said}."

