"""What each player of a Piquet deal may see (DESIGN.md, "Hidden information
is the engine's job").

A player sees his own hand; his own exchange (the cards he put aside, his
discards, what he drew: "each is permitted to refresh his memory by
referring to his own discards"); as elder, the cards he was entitled to but
left ("he may ... look at any cards he was entitled to but did not take,
without showing them to younger"), and which of them younger then took;
the untaken cards if younger faced them; a proved carte blanche;
everything declared and said, the count and the cards played. Never the
other hand, the talon, the other's discards, or anything he sank.

``info`` carries Piquet's own part, for its templates and robots:
``step``, ``prompt`` (what the viewer is asked to do), ``last`` (what just
happened), ``labels`` (each legal action in words, for its button), ``likely``
(the choices shown first), ``exchange``, ``mine``, ``untaken``,
``carte_blanche``, ``declarations``, ``classes``, ``dialogue``, ``count``,
``repique``, ``pique``, ``bonus`` (docs/decisions/0275-piquet-the-view-for-the-browser.md).
"""

from __future__ import annotations

from typing import Any

from games.cards import card_words
from games.piquet import combinations as combos
from games.piquet import speech
from games.piquet.combinations import CLASSES
from games.piquet.game import (
    ANSWER,
    CLAIM,
    DECLARE,
    EXCHANGE,
    OVER,
    PLAY,
    REPLY,
    UNTAKEN,
    Piquet,
    opponent,
)
from games.piquet.rules import PLAYERS
from games.protocol import SeatView
from games.seats import Seat


def _texts(cards: Any) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def seat_view(game: Piquet, seat: Seat | None, open_hands: bool) -> SeatView:
    held = game.current_hands()
    hand = _texts(held[seat]) if seat in held else ()
    if open_hands:
        hands = {s.value: _texts(cards) for s, cards in held.items()}
    else:
        hands = {seat.value: hand} if seat in held else {}
    legal = tuple(game.legal_actions(seat)) if seat is not None else ()
    play = game.play
    tricks = tuple(_trick_data(t) for t in play.tricks) if play is not None else ()
    result = game.result() if game.is_over() else None
    info = _info(game, seat, legal, open_hands)
    info["tricks"] = tricks
    return SeatView(
        game=game.name,
        phase=game.phase,
        seat=seat.value if seat is not None else None,
        to_act=tuple(s.value for s in game.to_act()),
        legal=legal,
        hand=hand,
        hands=hands,
        hand_sizes={s.value: len(cards) for s, cards in held.items()},
        card_actions=_card_actions(legal),
        trick=play.current.as_data() if play is not None else None,
        last_trick=tricks[-1] if tricks else None,
        tricks_won=({s.value: n for s, n in play.won.items()} if play is not None
                    else {s.value: 0 for s in PLAYERS}),
        score={s.value: game.total(s) for s in PLAYERS},
        result=result,
        status=speech.waiting_for(game),
        is_open=open_hands,
        info=info,
        **_play_fields(tricks, play),
    )


def _play_fields(tricks: tuple[dict[str, Any], ...], play: Any) -> dict[str, Any]:
    """The completed tricks and the seat to play, for the protocol's fields of
    those names (``info["tricks"]`` carries the tricks as well)."""
    fields = SeatView.__dataclass_fields__
    extra: dict[str, Any] = {}
    if "tricks" in fields:
        extra["tricks"] = tricks
    if "to_play" in fields:
        extra["to_play"] = (play.to_play.value if play is not None and play.to_play is not None
                            else None)
    return extra


def _trick_data(trick: Any) -> dict[str, Any]:
    return dict(trick.as_data(), winner=trick.winner(None).value)


def _card_actions(legal: tuple[str, ...]) -> dict[str, str]:
    """Each card the viewer may tap now: to put it aside or take it back during
    the exchange, to play it."""
    actions = {}
    for action in legal:
        verb, _, rest = action.partition(" ")
        if verb in ("discard", "keep", "play"):
            actions[rest] = action
    return actions


def _likely(legal: tuple[str, ...]) -> tuple[str, ...]:
    """The choices a player most likely wants, shown first; the rest wait behind
    a "more" control. Declaring a point, sequence or set, a player holding a
    point of five may also say four, three, two or one in any suit (sinking,
    THE DECLARATIONS): thirteen buttons, where he nearly always says his
    longest. So of each class only the longest offered stays in front (every
    suit of that length, since the value decides between them), with "No
    point" and every other choice."""
    longest: dict[str, int] = {}
    for action in legal:
        verb, size = _class_and_size(action)
        if verb is not None:
            longest[verb] = max(longest.get(verb, 0), size)
    likely = []
    for action in legal:
        verb, size = _class_and_size(action)
        if verb is None or size == longest[verb]:
            likely.append(action)
    return tuple(likely)


def _class_and_size(action: str) -> tuple[str | None, int]:
    """"point 5 S" -> ("point", 5); ``(None, 0)`` for what declares no class."""
    verb, _, rest = action.partition(" ")
    size = rest.split()[0] if rest else ""
    if verb in CLASSES and size.isdigit():
        return verb, int(size)
    return None, 0


def _info(game: Piquet, seat: Seat | None, legal: tuple[str, ...],
          open_hands: bool) -> dict[str, Any]:
    info: dict[str, Any] = {
        "rules": game.rules.as_data(),
        "board": game.deal.board,
        "dealer": game.deal.dealer.value,
        "elder": game.elder.value,
        "younger": game.younger.value,
        "step": game.step,
        "prompt": _prompt(game, seat) if seat is not None else "",
        "last": _last(game, seat),
        "labels": {action: _label(game, seat, action) for action in legal},
        "likely": _likely(legal),
        "talon_left": len(game.talon),
        "carte_blanche": [_blanche(game, s) for s in game.holders if s in game.claims],
        "exchange": {s.value: _exchange(game, s) for s in PLAYERS},
        "untaken": _untaken(game, seat, open_hands),
        "declarations": [d.public() for d in game.declared],
        "classes": {kind: _class(game, kind) for kind in CLASSES},
        "dialogue": [dict(line) for line in game.dialogue],
        "count": [e.as_data() for e in game.entries],
        "repique": game.repique.value if game.repique else None,
        "pique": game.pique.value if game.pique else None,
        "bonus": _bonus(game),
    }
    if seat is not None:
        info["mine"] = _mine(game, seat)
    if open_hands:
        info["talon"] = _texts(game.talon)
        info["dealt"] = {s.value: _texts(game.dealt[s]) for s in PLAYERS}
        info["discards"] = {s.value: _texts(game.discards.get(s, ())) for s in PLAYERS}
        info["drawn"] = {s.value: _texts(game.drawn.get(s, ())) for s in PLAYERS}
        info["set_aside"] = {s.value: _texts(game.set_aside[s]) for s in PLAYERS}
        info["peeked"] = _texts(game.peeked)
        info["untaken_cards"] = _texts(game.untaken)
        info["declared_cards"] = [
            {"seat": d.seat.value, "cards": _texts(d.combo.cards)} for d in game.declared]
    return info


def _blanche(game: Piquet, seat: Seat) -> dict[str, Any]:
    proved = seat in game.proved
    return {"seat": seat.value, "exchange": game.claims.get(seat),
            "proof": _texts(game.dealt[seat]) if proved else None}


def _exchange(game: Piquet, seat: Seat) -> dict[str, Any]:
    """What both may see of a player's exchange: how many he discarded and drew."""
    done = seat in game.discards
    return {"done": done, "count": len(game.discards[seat]) if done else None}


def _mine(game: Piquet, seat: Seat) -> dict[str, Any]:
    """The viewer's own exchange, and what elder saw of the cards he left."""
    mine: dict[str, Any] = {
        "set_aside": _texts(game.set_aside[seat]),
        "discards": _texts(game.discards.get(seat, ())),
        "drew": _texts(game.drawn.get(seat, ())),
    }
    if game.exchanger() == seat:
        mine["limits"] = game.exchange_limits(seat)
    if seat == game.elder and game.peeked:
        taken = len(game.drawn.get(game.younger, ())) if game.younger in game.discards else 0
        mine["peeked"] = _texts(game.peeked)
        # Younger draws from the top, so elder knows which of them he took.
        mine["peeked_taken_by_younger"] = _texts(game.peeked[:taken])
    return mine


def _untaken(game: Piquet, seat: Seat | None, open_hands: bool) -> dict[str, Any]:
    count = len(game.untaken) if game.untaken_faced is not None else None
    if open_hands:
        seen = game.untaken
    elif seat is None:
        seen = game.untaken if game.untaken_faced else ()
    else:
        seen = game._untaken_seen(seat)
    return {"count": count, "faced": game.untaken_faced, "seen": _texts(seen)}


def _class(game: Piquet, kind: str) -> dict[str, Any]:
    dialogue = game.dialogues[kind]
    announced = None
    if dialogue.announced is not None:
        declared = game._declared_of(game.elder, dialogue.announced)
        announced = declared.public()
    outcome = dialogue.outcome
    if outcome == "elder":
        outcome = game.elder.value
    elif outcome == "younger":
        scored = any(d.seat == game.younger and d.combo.kind == kind and not d.extra
                     for d in game.declared)
        outcome = game.younger.value if scored else (
            "younger" if game.step in (DECLARE, ANSWER, REPLY) else None)
    return {"spoken": dialogue.spoken, "announced": announced,
            "answers": tuple(dialogue.answers), "outcome": outcome}


def _bonus(game: Piquet) -> dict[str, Any] | None:
    seat, points, name = game.bonus
    if not game.is_over():
        return None
    return {"seat": seat.value if seat else None, "points": points, "name": name}


# -- the words on the buttons and above them ---------------------------------------------

def _last(game: Piquet, seat: Seat | None) -> str:
    """What just happened, in a sentence the viewer may read: the last card
    played (and who won the trick), the last words said, or, for the player
    choosing his discards, the card he just put aside or took back."""
    if not game.log:
        return ""
    action = game.log[-1]
    verb, _, rest = action.text.partition(" ")
    who = action.seat.word
    # A pupil reads the card in words ("the jack of clubs"), never its code "CJ".
    card = card_words(rest)
    if verb == "play" and game.play is not None:
        if not game.play.current.cards and game.play.tricks:
            trick = game.play.tricks[-1]
            return f"{who} played {card}: {trick.winner(None).word} wins the trick."
        return f"{who} played {card}."
    if verb in ("discard", "keep"):
        if seat != action.seat:
            return f"{who} is choosing the cards to exchange."
        return f"You put {card} aside." if verb == "discard" else f"You took {card} back."
    if game.dialogue:
        line = game.dialogue[-1]
        speaker = "North" if line["seat"] == "N" else "South"
        return f"{speaker}: {line['says']}"
    return ""



def _prompt(game: Piquet, seat: Seat) -> str:
    """What the viewer is asked to do now, in a sentence; empty when waiting."""
    if seat not in game.to_act():
        return "" if game.step == OVER else f"Waiting: {speech.waiting_for(game)}"
    step = game.step
    if step == CLAIM:
        if seat == game.elder:
            return ("You hold no King, Queen or Jack: claim carte blanche (10 points) and "
                    "say how many cards you will exchange.")
        return "You hold no King, Queen or Jack: claim carte blanche (10 points)."
    if step == EXCHANGE:
        least, most = game.exchange_limits(seat)
        how_many = f"exactly {most}" if least == most else f"{least} to {most}"
        return (f"Tap {how_many} card{'s' * (most != 1)} to discard, then draw as many "
                "from the talon.")
    if step == UNTAKEN:
        return "Some cards were left in the talon: show them face up, or leave them face down?"
    if step == DECLARE:
        if game.class_index < len(CLASSES):
            return f"Declare your {CLASSES[game.class_index]}, or say you have none."
        return "Lead any card to the first trick (you count 1 for leading)."
    if step == ANSWER:
        dialogue = game.dialogues[CLASSES[game.class_index]]
        said = game.dialogue[-1]["says"]
        return (f"Elder says: {said} Is your {dialogue.kind} better (not good), the same "
                "(equal), or not as good (good)?")
    if step == REPLY:
        return ("Declare and score what beats elder's, then play to the first trick.")
    if step == PLAY:
        return "Play a card (follow suit if you can)."
    return ""


def _label(game: Piquet, seat: Seat | None, action: str) -> str:
    """The words on an action's button: "Point of five in hearts", "Not good"."""
    verb, _, rest = action.partition(" ")
    if verb in combos.CLASSES or verb == "also":
        text = rest if verb == "also" else action
        assert seat is not None
        combo = combos.parse(text, game.current_hands()[seat])
        assert combo is not None
        told = {"size", "suit", "top", "value"}
        words = speech.announcement(combo, told, capital=verb != "also")
        return ("And " + words) if verb == "also" else words
    if verb == "no":
        return f"No {rest}"
    if verb == "ask":
        word, number = rest.split()
        declared = game._sequences_of(opponent(seat))[int(number) - 1]  # type: ignore[arg-type]
        return speech.question(word, declared.combo)
    if verb == "discard":
        return f"Put {card_words(rest)} aside"
    if verb == "keep":
        return f"Take {card_words(rest)} back"
    if verb == "draw":
        count = len(game.set_aside[seat])  # type: ignore[index]
        return f"Draw {count} card{'s' * (count != 1)}"
    if verb == "play":
        return f"Play {card_words(rest)}"
    if action.startswith("carte blanche"):
        return "Carte blanche" + (f", exchanging {rest.split()[-1]}" if rest != "blanche" else "")
    return {"face": "Face up", "conceal": "Face down"}.get(action, action[0].upper() + action[1:])

