"""What each seat of a Top Game hand may see (DESIGN.md, "Hidden information is the
engine's job"; shared/rules/top-game.txt).

A player sees his own hand (declarer his and, once the opening lead is made,
dummy's); dummy once it is faced, and the informer dummy's cards from the moment
he "will look at dummy's cards"; at the end, the hands a penalty rests on. Every
view carries the bidding, the roles, the description, the play number and the
contract, the calls after it and the hand's story. The teacher's view opens every
hand.
"""

from __future__ import annotations

from typing import Any

from games.bridge.play import tricks_by_side
from games.cards import card_texts
from games.protocol import SeatView
from games.seats import SEATS, Seat, Side
from games.topgame.contract import (
    MOST_TOPS,
    contract_choices,
    contract_text_words,
    level_words,
    may_double,
)
from games.topgame.game import (
    ANSWER,
    ASK,
    CONTRACT,
    INFORM,
    LONGEST,
    NO_RAISE,
    RAISE,
    WRONG_INFORMATION,
    TopGame,
)

# Seat texts written once: an enum's ``.value`` is a slow property in a loop.
_LETTER: dict[Seat, str] = {s: s.value for s in SEATS}


def seat_view(game: TopGame, seat: Seat | None, *, open_hands: bool) -> SeatView:
    """What the player in ``seat`` sees (:func:`visible`), keyed by the places on
    the table; ``open_hands``: every hand open, the teacher's view and the hand
    record."""
    held = game.current_hands()
    position = game.control.get(seat) if seat is not None else None
    to_act = game.to_act()
    legal = tuple(game.legal_actions(seat)) if seat is not None else ()
    shown = SEATS if open_hands else visible(game, seat)
    hands = {_LETTER[s]: tuple(card_texts(held[s])) for s in shown}
    play = game.play
    card_actions: dict[str, str] = {}
    trick = last_trick = None
    tricks: tuple[Any, ...] = ()
    to_play = None
    if play is not None:
        trick = play.current.as_data()
        last_trick = play.last_trick_data()
        tricks = tuple(play.completed_tricks_data())
        to_play = _LETTER[play.to_play] if play.to_play is not None else None
        if legal and legal[0].startswith("play "):
            card_actions = {text[5:]: text for text in legal}
    by_side = tricks_by_side(play.won) if play is not None else dict.fromkeys(Side, 0)
    info = _info(game, seat, position, legal)
    declarer = game.declarer
    contract = game.contract
    return SeatView(
        game=game.name,
        phase=game.phase,
        seat=_LETTER[seat] if seat is not None else None,
        to_act=tuple(_LETTER[s] for s in to_act),
        legal=legal,
        hand=tuple(card_texts(held[position])) if position is not None else (),
        hands=hands,
        hand_sizes={_LETTER[s]: len(held[s]) for s in SEATS},
        card_actions=card_actions,
        trick=trick,
        last_trick=last_trick,
        tricks_won={side.value: n for side, n in by_side.items()},
        score=dict(game._result["scores"]) if game._result else None,
        result=dict(game._result) if game._result else None,
        status=game.status(),
        is_open=open_hands,
        info=info,
        tricks=tricks,
        to_play=to_play,
        position=info["position"],
        positions=info["positions"],
        # The contract in words for the teacher's wall: "four spades, doubled (10
        # tricks), by West".
        contract=(f"{contract.words()}, by {declarer.word}"
                  if contract is not None and declarer is not None else ""),
    )


def visible(game: TopGame, seat: Seat | None) -> list[Seat]:
    """The positions whose cards ``seat`` sees: his own; dummy once the opening
    lead is made, and the informer's from the moment he "will look at dummy's
    cards"; at the end, the hands a penalty rests on."""
    shown: set[Seat] = set()
    if seat is not None and seat in game.control:
        shown.add(game.control[seat])
    if game.dummy_visible:
        shown.add(game.dummy)
    elif seat is not None and seat == game.informer and game.phase not in (ASK, RAISE):
        shown.add(game.dummy)
    if game._result is not None:
        if game._result["penalty"] == WRONG_INFORMATION:
            shown.add(game.dummy)
        elif game._result["penalty"] == NO_RAISE and game.declarer is not None:
            shown.add(game.declarer)
    return [s for s in SEATS if s in shown]


def _info(game: TopGame, seat: Seat | None, position: Seat | None,
          legal: tuple[str, ...]) -> dict[str, Any]:
    """The Top Game's own part of a view: the bidding, the roles, the
    description, the play number and contract, the calls and the story."""
    contract = game.contract
    declarer = game.declarer
    choices = (contract_choices(game.pn) if game.pn is not None
               and game.phase in (CONTRACT, ANSWER) else None)
    play = game.play
    declarer_tricks = game.declarer_tricks() if play is not None and declarer else 0
    return {
        "dealer": _LETTER[game.dealer],
        "players": [_LETTER[p] for p in game.order],
        "position": _LETTER[position] if position is not None else None,
        "positions": {_LETTER[p]: _LETTER[place] for p, place in game.control.items()},
        "dummy": _LETTER[game.dummy],
        "dummy_dealt": _LETTER[game.dummy_dealt],
        "dummy_visible": game.dummy_visible,
        "bids": [{"seat": _LETTER[s], "bid": bid} for s, bid in game.bids],
        "high_bid": game._high_bid(),
        "declarer": _LETTER[declarer] if declarer else None,
        "leader": _LETTER[game.leader] if game.leader else None,
        "informer": _LETTER[game.informer] if game.informer else None,
        "final_bid": game.final_bid,
        "answer": game.answer,
        "informer_types": game.rules.informer_types,
        "description": (game.told.as_data() if game.told is not None else None),
        "play_number": game.pn,
        "level_rule": level_words(game.pn) if game.pn is not None and game.pn > 4 else None,
        "choices": choices,
        "choice_words": ({text: contract_text_words(text) for text in choices.values()}
                         if choices else None),
        # Each place's part in the hand, by the place a screen shows (positions
        # change hands when dummy is laid): a pupil reads "Chloe (declarer)".
        "roles_at": _roles_at(game),
        "may_double": may_double(game.pn) if game.pn is not None else None,
        "contract": contract.as_data() if contract else None,
        "changed_from": game.changed_from.bid_text if game.changed_from else None,
        "changed_from_words": game.changed_from.said if game.changed_from else None,
        "doubler": _LETTER[game.doubler] if game.doubler else None,
        "calls": [{"seat": _LETTER[s], "call": call, "said": _call_words(call)}
                  for s, call in game.calls],
        "tricks_declarer": declarer_tricks,
        "tricks_defenders": (len(play.tricks) - declarer_tricks) if play else 0,
        "story": list(game.story),
        "prompt": game.prompt(seat, legal),
        # What the informer's form offers, so a screen need not read 520 texts.
        "inform_form": ({"suits": ["S", "H", "D", "C"], "lengths": list(LONGEST),
                         "tops": list(range(MOST_TOPS + 1))}
                        if game.phase == INFORM and seat == game.informer else None),
    }


def _roles_at(game: TopGame) -> dict[str, str]:
    roles = {}
    for player, role in ((game.declarer, "declarer"), (game.leader, "leader"),
                         (game.informer, "informer")):
        if player is not None:
            roles[_LETTER[game.control[player]]] = role
    if game.declarer is not None:
        roles[_LETTER[game.dummy]] = "dummy"
    return roles


def _call_words(call: str) -> str:
    """A call after the contract as a pupil reads it: "doubles", "changes to four hearts"."""
    verb, _, contract = call.partition(" ")
    if verb == "change":
        return f"changes to {contract_text_words(contract)}"
    return {"double": "doubles", "redouble": "redoubles", "pass": "passes"}.get(verb, call)
