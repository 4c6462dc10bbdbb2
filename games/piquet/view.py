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

from typing import Any, NamedTuple

from games.cards import card_texts, card_words
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
from games.protocol import FrozenDict, SeatView
from games.seats import LETTER as _LETTER
from games.seats import Seat


def _texts(cards: Any) -> tuple[str, ...]:
    # Each card's stored text: a generator calling ``str`` on each card cost a frame a card,
    # a sixth of a view's bytecodes in the exchange.
    return tuple(card_texts(cards))


def seat_view(game: Piquet, seat: Seat | None, open_hands: bool) -> SeatView:
    """Exactly what ``seat`` may see (the module's docstring says what). What is the same
    in both players' views of one moment comes from :func:`_moment`, worked out for the
    first of them; each view gets its own copy of every list in it, and shares its
    read-only mappings."""
    moment = _moment(game)
    texts = moment.texts
    hand = texts.get(seat, ()) if seat is not None else ()
    if open_hands:
        hands = {_LETTER[s]: cards for s, cards in texts.items()}
    else:
        hands = {_LETTER[seat]: hand} if seat in texts else {}
    legal = tuple(game.legal_actions(seat)) if seat is not None else ()
    play = game.play
    tricks = moment.tricks
    result = game.result() if game.is_over() else None
    info = _info(game, seat, legal, open_hands, moment.public)
    info["tricks"] = tricks
    return SeatView(
        game=game.name,
        phase=game.phase,
        seat=_LETTER[seat] if seat is not None else None,
        to_act=moment.to_act,
        legal=legal,
        hand=hand,
        hands=hands,
        hand_sizes=moment.hand_sizes,
        card_actions=_card_actions(legal),
        trick=moment.trick,
        last_trick=tricks[-1] if tricks else None,
        tricks_won=moment.tricks_won,
        score=moment.score,
        result=result,
        status=moment.status,
        is_open=open_hands,
        info=info,
        **_play_fields(tricks, play),
    )


class _Moment(NamedTuple):
    """What every seat's view of one moment shares, read-only (tuples, texts,
    :class:`FrozenDict`): the site asks for both players' views after every action."""

    #: Each player's cards, as texts (a view shows only its own, or all when open).
    texts: dict[Seat, tuple[str, ...]]
    to_act: tuple[str, ...]
    hand_sizes: FrozenDict
    tricks: tuple[FrozenDict, ...]
    trick: FrozenDict | None
    tricks_won: FrozenDict
    score: FrozenDict
    status: str
    #: The parts of ``info`` that are the same for both players (:func:`_public`).
    public: dict[str, Any]


def _moment(game: Piquet) -> _Moment:
    """The moment's shared parts, worked out for its first view and kept on the game for
    the same number of actions, play and step (any action changes the first)."""
    cached = game._moment
    version = len(game.log)
    play = game.play
    step = game.step
    if cached is not None and cached[0] == version and cached[1] is play and cached[2] == step:
        return cached[3]  # type: ignore[no-any-return]
    held = game.current_hands()
    texts = {s: _texts(cards) for s, cards in held.items()}
    tricks = tuple([FrozenDict(_trick_data(t)) for t in play.tricks]) if play is not None else ()
    moment = _Moment(
        texts=texts,
        to_act=tuple([_LETTER[s] for s in game.to_act()]),
        hand_sizes=FrozenDict({_LETTER[s]: len(cards) for s, cards in texts.items()}),
        tricks=tricks,
        trick=FrozenDict(play.current.as_data()) if play is not None else None,
        tricks_won=FrozenDict({_LETTER[s]: n for s, n in play.won.items()} if play is not None
                              else {_LETTER[s]: 0 for s in PLAYERS}),
        score=FrozenDict({_LETTER[s]: game.total(s) for s in PLAYERS}),
        status=speech.waiting_for(game),
        public=_public(game),
    )
    game._moment = (version, play, step, moment)
    return moment


def _play_fields(tricks: tuple[dict[str, Any], ...], play: Any) -> dict[str, Any]:
    """The completed tricks and the seat to play, for the protocol's fields of
    those names (``info["tricks"]`` carries the tricks as well)."""
    fields = SeatView.__dataclass_fields__
    extra: dict[str, Any] = {}
    if "tricks" in fields:
        extra["tricks"] = tricks
    if "to_play" in fields:
        extra["to_play"] = (_LETTER[play.to_play] if play is not None and play.to_play is not None
                            else None)
    return extra


def _trick_data(trick: Any) -> dict[str, Any]:
    return dict(trick.as_data(), winner=_LETTER[trick.winner(None)])


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
          open_hands: bool, public: dict[str, Any]) -> dict[str, Any]:
    """Piquet's own part of ``seat``'s view: the moment's public parts (:func:`_public`),
    each list and dict of them the view's own, and what is the viewer's alone."""
    info = dict(public)
    # Each view's own lists, as before; its mappings are the moment's FrozenDicts themselves,
    # which nobody can change.
    for key in _OWN_LISTS:
        info[key] = list(public[key])
    info["prompt"] = _prompt(game, seat) if seat is not None else ""
    info["last"] = _last(game, seat)
    info["labels"] = {action: _label(game, seat, action) for action in legal}
    info["likely"] = _likely(legal)
    info["untaken"] = _untaken(game, seat, open_hands)
    if seat is not None:
        info["mine"] = _mine(game, seat)
    if open_hands:
        info["talon"] = _texts(game.talon)
        info["dealt"] = {_LETTER[s]: _texts(game.dealt[s]) for s in PLAYERS}
        info["discards"] = {_LETTER[s]: _texts(game.discards.get(s, ())) for s in PLAYERS}
        info["drawn"] = {_LETTER[s]: _texts(game.drawn.get(s, ())) for s in PLAYERS}
        info["set_aside"] = {_LETTER[s]: _texts(game.set_aside[s]) for s in PLAYERS}
        info["peeked"] = _texts(game.peeked)
        info["untaken_cards"] = _texts(game.untaken)
        info["declared_cards"] = [
            {"seat": _LETTER[d.seat], "cards": _texts(d.combo.cards)} for d in game.declared]
    return info


#: The parts of the moment's public info that each view gets as a list of its own (their
#: items are read-only, shared).
_OWN_LISTS = ("carte_blanche", "declarations", "dialogue", "count")


def _public(game: Piquet) -> dict[str, Any]:
    """The part of ``info`` that is the same for both players at one moment: what was
    declared and said, the count, the exchanges' sizes, a proved carte blanche."""
    return {
        "rules": FrozenDict(game.rules.as_data()),
        "board": game.deal.board,
        "dealer": _LETTER[game.deal.dealer],
        "elder": _LETTER[game.elder],
        "younger": _LETTER[game.younger],
        "step": game.step,
        "talon_left": len(game.talon),
        "carte_blanche": tuple([FrozenDict(_blanche(game, s)) for s in game.holders
                                if s in game.claims]),
        "exchange": FrozenDict({_LETTER[s]: FrozenDict(_exchange(game, s)) for s in PLAYERS}),
        "declarations": tuple([FrozenDict(d.public()) for d in game.declared]),
        "classes": FrozenDict({kind: FrozenDict(_class(game, kind)) for kind in CLASSES}),
        "dialogue": tuple([FrozenDict(line) for line in game.dialogue]),
        "count": tuple([FrozenDict(e.as_data()) for e in game.entries]),
        "repique": _LETTER[game.repique] if game.repique else None,
        "pique": _LETTER[game.pique] if game.pique else None,
        "bonus": FrozenDict(bonus) if (bonus := _bonus(game)) is not None else None,
    }


def _blanche(game: Piquet, seat: Seat) -> dict[str, Any]:
    proved = seat in game.proved
    return {"seat": _LETTER[seat], "exchange": game.claims.get(seat),
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
        announced = FrozenDict(declared.public())
    outcome = dialogue.outcome
    if outcome == "elder":
        outcome = _LETTER[game.elder]
    elif outcome == "younger":
        scored = any(d.seat == game.younger and d.combo.kind == kind and not d.extra
                     for d in game.declared)
        outcome = _LETTER[game.younger] if scored else (
            "younger" if game.step in (DECLARE, ANSWER, REPLY) else None)
    return {"spoken": dialogue.spoken, "announced": announced,
            "answers": tuple(dialogue.answers), "outcome": outcome}


def _bonus(game: Piquet) -> dict[str, Any] | None:
    seat, points, name = game.bonus
    if not game.is_over():
        return None
    return {"seat": _LETTER[seat] if seat else None, "points": points, "name": name}


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
    said = _SAID_ALIKE.get(action)
    if said is not None:
        return said
    verb, _, rest = action.partition(" ")
    if verb not in _DEPENDS_ON_THE_GAME:
        if len(_SAID_ALIKE) >= 4_096:  # the game's actions are a few hundred: never, or a bug
            _SAID_ALIKE.clear()
        said = _SAID_ALIKE[action] = _label_of(action, verb, rest)
        return said
    if verb in combos.CLASSES or verb == "also":
        text = rest if verb == "also" else action
        assert seat is not None
        combo = combos.parse(text, game.current_hands()[seat])
        assert combo is not None
        told = {"size", "suit", "top", "value"}
        words = speech.announcement(combo, told, capital=verb != "also")
        return ("And " + words) if verb == "also" else words
    if verb == "ask":
        word, number = rest.split()
        declared = game._sequences_of(opponent(seat))[int(number) - 1]  # type: ignore[arg-type]
        return speech.question(word, declared.combo)
    # "draw": how many are set aside.
    count = len(game.set_aside[seat])  # type: ignore[index]
    return f"Draw {count} card{'s' * (count != 1)}"


def _label_of(action: str, verb: str, rest: str) -> str:
    """The words of an action whose button says the same at every moment (a card to put
    aside, keep or play, "No point", carte blanche, face up or down)."""
    if verb == "no":
        return f"No {rest}"
    if verb == "discard":
        return f"Put {card_words(rest)} aside"
    if verb == "keep":
        return f"Take {card_words(rest)} back"
    if verb == "play":
        return f"Play {card_words(rest)}"
    if action.startswith("carte blanche"):
        return "Carte blanche" + (f", exchanging {rest.split()[-1]}" if rest != "blanche" else "")
    return {"face": "Face up", "conceal": "Face down"}.get(action, action[0].upper() + action[1:])


#: The verbs whose button's words depend on the game (the hand declared from, the
#: declarations asked about, the cards set aside); every other action's words are kept
#: in ``_SAID_ALIKE`` once said: the same few dozen actions are offered at every exchange
#: and every trick, a label each, two views an action.
_DEPENDS_ON_THE_GAME = frozenset({*combos.CLASSES, "also", "ask", "draw"})
_SAID_ALIKE: dict[str, str] = {}

