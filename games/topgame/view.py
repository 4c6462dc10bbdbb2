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

from games.protocol import NOTHING, FrozenDict, SeatView
from games.seats import LETTER as _LETTER
from games.seats import SEATS, Seat
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
from games.tricks import frozen_trick_data

_NORTH, _EAST, _SOUTH, _WEST = SEATS


def seat_view(game: TopGame, seat: Seat | None, *, open_hands: bool) -> SeatView:
    """What the player in ``seat`` sees (:func:`visible`), keyed by the places on
    the table; ``open_hands``: every hand open, the teacher's view and the hand
    record.

    Written for speed (the site asks for every seat's view after every card): what
    is the same in every seat's view of one moment comes from :func:`_moment`,
    worked out for the first of them; the read-only parts are shared (its mappings
    are FrozenDicts), and each view gets its own copy of every list and dict that is
    not one."""
    (to_act, to_act_texts, legal_now, card_actions_now, texts, hand_sizes, trick,
     last_trick, tricks, to_play, tricks_won, status, contract_said, base,
     _) = _moment(game)
    position = game.control.get(seat) if seat is not None else None
    legal: tuple[str, ...] = legal_now if seat is not None and seat in to_act else ()
    shown = SEATS if open_hands else visible(game, seat)
    hands = {_LETTER[s]: texts[s] for s in shown}
    result = game._result
    positions = dict(base["positions"])
    info = dict(base)
    info["players"] = list(base["players"])
    info["position"] = _LETTER[position] if position is not None else None
    info["positions"] = positions
    info["bids"] = list(base["bids"])
    info["calls"] = list(base["calls"])
    info["story"] = list(base["story"])
    info["prompt"] = game.prompt(seat, legal)
    # What the informer's form offers, so a screen need not read 520 texts.
    info["inform_form"] = ({"suits": ["S", "H", "D", "C"], "lengths": list(LONGEST),
                            "tops": list(range(MOST_TOPS + 1))}
                           if game.phase == INFORM and seat == game.informer else None)
    return SeatView(
        game=game.name,
        phase=game.phase,
        seat=_LETTER[seat] if seat is not None else None,
        to_act=to_act_texts,
        legal=legal,
        hand=texts[position] if position is not None else (),
        hands=hands,
        hand_sizes=hand_sizes,
        card_actions=card_actions_now if legal else NOTHING,
        trick=trick,
        last_trick=last_trick,
        tricks_won=tricks_won,
        score=dict(result["scores"]) if result else None,
        result=dict(result) if result else None,
        status=status,
        is_open=open_hands,
        info=info,
        tricks=tricks,
        to_play=to_play,
        position=info["position"],
        positions=positions,
        contract=contract_said,
    )


def _moment(game: TopGame) -> tuple[Any, ...]:
    """The parts of every seat's view of one moment (the game's version and
    phase), worked out for the first view of it and kept on the game: read-only
    (tuples, texts, :class:`FrozenDict`), or copied by :func:`seat_view` for each
    view. A copy of the game shares them while nothing has happened to either."""
    cached = game._moment
    version = len(game.log)
    if cached is not None and cached[0] == version and cached[1] is game.play \
            and cached[2] == game.phase:
        return cached[3]
    play = game.play
    to_act = game.to_act()
    legal_now: tuple[str, ...] = tuple(game.legal_actions(to_act[0])) if to_act else ()
    card_actions_now: FrozenDict = NOTHING
    if legal_now and legal_now[0].startswith("play "):
        card_actions_now = FrozenDict({text[5:]: text for text in legal_now})
    trick = last_trick = to_play = None
    tricks: tuple[Any, ...] = ()
    if play is None:
        holdings = game.holdings
        texts = {s: tuple([c._text for c in holdings[s]]) for s in SEATS}
        tricks_won = FrozenDict(NS=0, EW=0)
    else:
        texts = {s: play.hand_codes(s) for s in SEATS}
        trick = frozen_trick_data(play.current.as_data())
        tricks = play.completed_tricks_kept(*_earlier_tricks(game))
        last_trick = tricks[-1] if tricks else None
        to_play = _LETTER[play.to_play] if play.to_play is not None else None
        won = play.won
        tricks_won = FrozenDict(NS=won[_NORTH] + won[_SOUTH], EW=won[_EAST] + won[_WEST])
    hand_sizes = FrozenDict({_LETTER[s]: len(texts[s]) for s in SEATS})
    declarer = game.declarer
    contract = game.contract
    moment = (
        to_act, tuple([_LETTER[s] for s in to_act]), legal_now, card_actions_now, texts,
        hand_sizes, trick, last_trick, tricks, to_play, tricks_won, game.status(),
        # The contract in words for the teacher's wall: "four spades, doubled (10
        # tricks), by West".
        (f"{contract.words()}, by {declarer.word}"
         if contract is not None and declarer is not None else ""),
        _info(game),
        play.last_quitted() if play is not None else None,
    )
    game._moment = (version, play, game.phase, moment)
    return moment


def _earlier_tricks(game: TopGame) -> tuple[tuple[Any, ...], Any]:
    """The completed tricks of the moment kept on the game, and its last completed trick
    (for :meth:`TrickPlay.completed_tricks_kept`)."""
    before = game._moment
    return (before[3][8], before[3][14]) if before is not None else ((), None)


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


def _info(game: TopGame) -> dict[str, Any]:
    """The Top Game's own part of a view: the bidding, the roles, the
    description, the play number and contract, the calls and the story; what
    is the same for every seat (:func:`seat_view` adds the viewer's position,
    prompt and form). The lists are tuples here, made lists in each view."""
    contract = game.contract
    declarer = game.declarer
    choices = (contract_choices(game.pn) if game.pn is not None
               and game.phase in (CONTRACT, ANSWER) else None)
    play = game.play
    declarer_tricks = game.declarer_tricks() if play is not None and declarer else 0
    return {
        "dealer": _LETTER[game.dealer],
        "players": tuple([_LETTER[p] for p in game.order]),
        "position": None,
        "positions": FrozenDict({_LETTER[p]: _LETTER[place]
                                 for p, place in game.control.items()}),
        "dummy": _LETTER[game.dummy],
        "dummy_dealt": _LETTER[game.dummy_dealt],
        "dummy_visible": game.dummy_visible,
        "bids": tuple([FrozenDict(seat=_LETTER[s], bid=bid) for s, bid in game.bids]),
        "high_bid": game._high_bid(),
        "declarer": _LETTER[declarer] if declarer else None,
        "leader": _LETTER[game.leader] if game.leader else None,
        "informer": _LETTER[game.informer] if game.informer else None,
        "final_bid": game.final_bid,
        "answer": game.answer,
        "informer_types": game.rules.informer_types,
        "description": (FrozenDict(game.told.as_data()) if game.told is not None else None),
        "play_number": game.pn,
        "level_rule": level_words(game.pn) if game.pn is not None and game.pn > 4 else None,
        "choices": FrozenDict(choices) if choices is not None else None,
        "choice_words": (FrozenDict({text: contract_text_words(text)
                                     for text in choices.values()})
                         if choices else None),
        # Each place's part in the hand, by the place a screen shows (positions
        # change hands when dummy is laid): a pupil reads "Chloe (declarer)".
        "roles_at": FrozenDict(_roles_at(game)),
        "may_double": may_double(game.pn) if game.pn is not None else None,
        "contract": FrozenDict(contract.as_data()) if contract else None,
        "changed_from": game.changed_from.bid_text if game.changed_from else None,
        "changed_from_words": game.changed_from.said if game.changed_from else None,
        "doubler": _LETTER[game.doubler] if game.doubler else None,
        "calls": tuple([FrozenDict(seat=_LETTER[s], call=call, said=_call_words(call))
                        for s, call in game.calls]),
        "tricks_declarer": declarer_tricks,
        "tricks_defenders": (len(play.tricks) - declarer_tricks) if play else 0,
        "story": tuple(game.story),
        # "The dummy is laid opposite West; East takes his cards to North": the line every
        # screen repeats while the hand lasts, since a moved player's place has a new name.
        "moved": tuple([line for line in game.story if line.startswith(_MOVED)]),
        "prompt": "",
        "inform_form": None,
    }


#: How the story tells that dummy was laid and a player moved (games/topgame/game.py).
_MOVED = "The dummy is laid opposite "


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
