"""What each seat of a MiniBridge deal may see, and how a view is made fast
(DESIGN.md, "Hidden information is the engine's job").

A player sees his own hand; dummy once it is faced (Law 8, Summary 5: from the
moment declarer is known in MiniLessons 3-6); the claimer's hand while his claim
stands (Law 14); the tricks played, the announcements, the contract and the score.
The teacher's view opens every hand.

Robots and the site ask for every seat's view after every card, so the parts of a
view that change only between phases are worked out once and shared read-only
(:func:`_view_frame`), as is the trick on the table with the status line of one
moment (:func:`_view_now`); what is new in each view is small.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.cards import card_texts
from games.minibridge import scoring
from games.minibridge.game import (
    ANNOUNCE,
    CLAIM,
    CONTRACT,
    DECLARER,
    LEAD_OUT_OF_TURN,
    OVER,
    PLAY,
    TRICKS_IN_A_HAND,
    MiniBridge,
)
from games.minibridge.words import LEVEL_WORDS, contract_words
from games.protocol import FrozenDict, SeatView
from games.seats import LETTER as _SEAT_TEXT
from games.seats import SEATS, Seat, Side

_SEAT_WORD: dict[Seat, str] = {s: s.word for s in SEATS}
_NORTH, _EAST, _SOUTH, _WEST = SEATS


def visible(game: MiniBridge, seat: Seat | None) -> list[Seat]:
    """Own hand; dummy once exposed (Law 8, Summary 5); the claimer's hand
    while his claim stands (Law 14)."""
    shown = []
    if seat is not None and seat in game.control:
        shown.append(game.control[seat])
    if game.rules.has_dummy and game.dummy is not None:
        shown.append(game.dummy)
    if game.claim is not None:
        shown.append(game.control[game.claim.by])
    return [s for s in SEATS if s in shown]


def _view_frame(game: MiniBridge) -> tuple[Any, ...]:
    """The parts of every view that change only with the announcements,
    the declarer or the contract, read-only: worked out once for them and
    shared by every view until they change."""
    cached = game._frame
    if (cached is not None and cached[0] == len(game.announcements)
            and cached[1] is game.declarer and cached[2] is game.contract):
        return cached[3]
    declarer, dummy, contract = game.declarer, game.dummy, game.contract
    announced = len(game.announcements) == len(game._players) and game.rules.announces_hcp
    declarer_text = _SEAT_TEXT[declarer] if declarer else None
    contract_data = FrozenDict(contract.as_data()) if contract else None
    frame = (
        tuple(_SEAT_TEXT[s] for s in game._players),
        FrozenDict((_SEAT_TEXT[p], _SEAT_TEXT[place]) for p, place in game.control.items()),
        tuple(FrozenDict(seat=_SEAT_TEXT[s], hcp=n) for s, n in game.announcements),
        declarer_text,
        _SEAT_TEXT[dummy] if dummy else None,
        declarer.side.value if declarer else None,
        (FrozenDict(NS=game._side_points(Side.NS), EW=game._side_points(Side.EW))
         if announced else None),
        contract_data,
        contract.denomination if contract and contract.denomination != "NT" else None,
        # Law 9's announcement in words, which changes as rarely.
        _contract_said(contract_data, declarer_text),
    )
    game._frame = (len(game.announcements), declarer, contract, frame)
    return frame


def seat_view(game: MiniBridge, seat: Seat | None, open_hands: bool) -> SeatView:
    # Written for speed (robots and the site ask for every seat's view after
    # every card): what changes only between phases comes from _view_frame,
    # completed tricks from the play, both shared read-only; what is new in each
    # view is small.
    # Of the frame, only the positions and Law 9's words: the rest is in _view_now's part.
    frame = _view_frame(game)
    positions, contract_said = frame[1], frame[9]
    play = game.play
    held: dict[Seat, Any] = game.holdings if play is None else play.hands
    position = game.control.get(seat) if seat is not None else None
    to_act = game.to_act()
    hand: tuple[str, ...]
    if position is None:
        hand = ()
    elif play is None:
        hand = tuple(card_texts(held[position]))
    else:
        hand = play.hand_codes(position)
    hands: dict[str, tuple[str, ...]] = {}
    for shown in (SEATS if open_hands else visible(game, seat)):
        if shown == position:
            hands[_SEAT_TEXT[shown]] = hand
        else:
            hands[_SEAT_TEXT[shown]] = (tuple(card_texts(held[shown])) if play is None
                                        else play.hand_codes(shown))
    phase = game.phase
    legal: tuple[str, ...] = ()
    card_actions: dict[str, str] = {}
    if seat is not None and phase != OVER:
        game._legal_actions(seat, to_act)
        legal = game._listed[2]  # type: ignore[index]  # just set: the same, as a tuple
        # Only a seat to act has cards to play: the others' legal actions are claims.
        if (phase == PLAY or phase == LEAD_OUT_OF_TURN) and seat in to_act:
            card_actions = {a[5:]: a for a in legal if a[:5] == "play "}
    trick, status, common, hand_sizes = _view_now(game, to_act)
    # The moment's part, the same for every seat, with the viewer's position in its place.
    info = dict(common)
    info["position"] = _SEAT_TEXT[position] if position is not None else None
    if play is None:
        last_trick = to_play = None
        tricks: tuple[Any, ...] = ()
        tricks_won: dict[str, int] = _tricks_won(0, 0)
    else:
        tricks = play.completed_tricks()
        # Law 25 (and 13): "the last trick may be inspected until play starts to the
        # next trick".
        last_trick = tricks[-1] if tricks and not play.current.cards else None
        won = play.won
        tricks_won = _tricks_won(won[_NORTH] + won[_SOUTH], won[_EAST] + won[_WEST])
        if game._result is not None and game._result["tricks_by_side"]:
            # Law 15 after a claim (Law 14) or a revoke's trick (Law 21): the tricks
            # the result counts, so the header and the result agree.
            tricks_won = dict(game._result["tricks_by_side"])
        # Only while a card is what the hand waits for (not during a claim or
        # while a lead out of turn waits for its answer).
        next_card = play.to_play if phase == PLAY else None
        to_play = _SEAT_TEXT[next_card] if next_card is not None else None
    result = game._result
    return SeatView(
        game=game.name,
        phase=phase,
        seat=_SEAT_TEXT[seat] if seat is not None else None,
        to_act=(_SEAT_TEXT[to_act[0]],) if len(to_act) == 1 else tuple(
            [_SEAT_TEXT[s] for s in to_act]),
        legal=legal,
        hand=hand,
        hands=hands,
        hand_sizes=hand_sizes,
        card_actions=card_actions,
        trick=trick,
        last_trick=last_trick,
        tricks_won=tricks_won,
        score=result["score"] if result else None,
        result=FrozenDict(result) if result else None,
        status=status,
        is_open=open_hands,
        info=info,
        tricks=tricks,
        to_play=to_play,
        contract=contract_said,
        position=_SEAT_TEXT[position] if position is not None else None,
        positions=positions or {},
    )


@lru_cache(maxsize=256)
def _tricks_won(ns: int, ew: int) -> FrozenDict:
    """The tricks each side has won, one read-only value for each count, shared by every
    view showing it (and so its text, by which a frame's kept piece knows it: FrozenDict)."""
    return FrozenDict(NS=ns, EW=ew)


def _rejected_view(game: MiniBridge) -> FrozenDict | None:
    """The last claim rejected, until the next trick starts (decision 0440)."""
    rejected, play = game.rejected, game.play
    if rejected is None or play is None or game.phase == OVER:
        return None
    done = len(play.tricks)
    if done > rejected.at_trick + 1 or (done == rejected.at_trick + 1 and play.current.cards):
        return None
    return FrozenDict(tricks=rejected.tricks, by=_SEAT_TEXT[rejected.by],
                      rejected_by=_SEAT_TEXT[rejected.rejected_by])


def _view_now(game: MiniBridge, to_act: tuple[Seat, ...]
              ) -> tuple[Any, str, dict[str, Any], FrozenDict]:
    """The trick on the table, the status line, MiniBridge's own part of the view (but for
    the viewer's position) and the sizes of the hands: worked out for the first view of a
    moment, shared by the other seats' views of it (read-only; each view copies the part)."""
    now = game._now
    if now is not None and now[0] == game._changes:
        return now[1], now[2], now[3], now[4]
    trick = game.play.current.frozen_data() if game.play is not None else None
    status = _status(game, to_act)
    (players, positions, announcements, declarer, dummy, declaring_side, side_hcp,
     contract, trumps, _contract_said) = _view_frame(game)
    rules = game.rules
    claim = game.claim
    result = game._result
    common = {
        "lesson": rules.lesson,
        "variant": rules.variant,
        "real_table": rules.real_table,
        "signals": rules.signals,
        "position": None,  # each view's own
        "players": players,
        "positions": positions,
        "dealer": _SEAT_TEXT[game.deal.dealer],
        "board": game.deal.board,
        "announcements": announcements,
        "declarer": declarer,
        "dummy": dummy,
        "declaring_side": declaring_side,
        "side_hcp": side_hcp,
        "contract": contract,
        "trumps": trumps,
        "claim": (FrozenDict(tricks=claim.tricks, by=_SEAT_TEXT[claim.by],
                             answers=FrozenDict({_SEAT_TEXT[s]: a
                                                 for s, a in claim.answers.items()}))
                  if claim else None),
        "claim_rejected": _rejected_view(game),
        # Law 18: the table's set of deals, when the teacher set one.
        "set": (scoring.deal_in_set(rules, result["score"] if result else None)
                if rules.keeps_a_set else None),
    }
    held: dict[Seat, Any] = game.holdings if game.play is None else game.play.hands
    hand_sizes = FrozenDict(N=len(held[_NORTH]), E=len(held[_EAST]), S=len(held[_SOUTH]),
                            W=len(held[_WEST]))
    game._now = (game._changes, trick, status, common, hand_sizes)
    return trick, status, common, hand_sizes


def _status(game: MiniBridge, to_act: tuple[Seat, ...]) -> str:
    """Where the hand stands, in one line for the teacher's wall: "East to
    announce points", "Trick 5, South to play", "Hand over"."""
    phase = game.phase
    if phase == PLAY:
        play = game.play
        assert play is not None
        if not to_act:
            return "Trick " + str(len(play.tricks) + 1)
        who = _SEAT_WORD[to_act[0]]
        dummy = " from dummy" if play.to_play is game.dummy else ""
        return f"Trick {min(len(play.tricks) + 1, TRICKS_IN_A_HAND)}, {who} to play{dummy}"
    if phase == OVER:
        return "Redeal" if game.redeal_reason else "Hand over"
    who = _words(to_act, "and")
    if phase == ANNOUNCE:
        return f"{who} to announce points"
    if phase == DECLARER:
        return f"{_words(to_act, 'or')} to choose declarer"
    if phase == CONTRACT:
        return f"{who} to choose the contract"
    if phase == CLAIM:
        return f"{who} to answer the claim"
    return f"{who} to accept or put back the lead"  # LEAD_OUT_OF_TURN


def _words(seats: tuple[Seat, ...], joiner: str) -> str:
    """"North", "North and South", "East, South and West"."""
    words = [_SEAT_WORD[s] for s in seats]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {joiner} {words[-1]}"


def _contract_said(contract: Any, declarer: str | None) -> str:
    """Law 9's announcement, declarer and Law 10's goal in words for the view:
    "Hearts, game, by East, goal 10"; empty before declarer has announced."""
    if not contract or not declarer:
        return ""
    level = contract.get("level") if contract.get("level") in LEVEL_WORDS else None
    words = f"{contract_words(contract['denomination'], level)}, by {Seat(declarer).word}"
    return f"{words}, goal {contract['goal']}" if contract.get("goal") else words
