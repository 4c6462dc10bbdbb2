"""What each seat of a Preference hand may see (DESIGN.md, "Hidden information is the
engine's job"; shared/rules/preference.txt).

A player sees his own ten cards (the declarer his twelve while he exchanges, and the
two he put aside or discarded), the talon once it is shown (section 4: never the
talon of a game), the calls, the defenders' decisions and the doublings, and every
card played; never another player's hand nor a dropped defender's cards. The
teacher's view opens every hand, the talon and the discards. Each view also carries
the buttons' words (:meth:`Preference.label`) and the viewer's help line.
"""

from __future__ import annotations

from typing import Any

from games.cards import Card, InvalidCardError, card_texts
from games.preference.bidding import CONTRACT_NAMES, call_words
from games.preference.game import Preference
from games.preference.rules import PLAYERS
from games.protocol import NOTHING, FrozenDict, SeatView
from games.seats import LETTER as _LETTER
from games.seats import Seat
from games.tricks import frozen_trick_data


def seat_view(game: Preference, seat: Seat | None, *, open_hands: bool) -> SeatView:
    """Exactly what ``seat`` may see: its own cards, the talon once shown, its own
    discards (the declarer), the calls and decisions, the cards played. Never
    another player's hand, the talon of a game, or a dropped defender's cards.
    ``open_hands``: every hand, the talon and the discards open (the teacher's view).

    Written for speed (the site asks for every seat's view after every card): what
    is the same in every seat's view of one moment comes from :func:`_moment`,
    worked out for the first of them; the read-only parts are shared (its mappings are
    FrozenDicts), and each view gets its own copy of every list it returned before."""
    (phase, to_act, to_act_texts, legal_now, card_actions_now, labels_now, texts,
     hand_sizes, trick, last, tricks_won, status, waiting, base, _) = _moment(game)
    acts = seat is not None and seat in to_act
    legal: tuple[str, ...] = legal_now if acts else ()
    own: tuple[str, ...] = texts.get(seat, ()) if seat is not None else ()
    if open_hands:
        hands = {_LETTER[s]: cards for s, cards in texts.items()}
    else:
        hands = {_LETTER[seat]: own} if seat is not None else {}
    mine = open_hands or (seat is not None and seat == game.declarer)
    info = dict(base)
    # Each view's own lists, as before (the moment's tuples are read-only); its mappings
    # are the moment's FrozenDicts themselves, which nobody can change.
    for key in _OWN_LISTS:
        if base[key] is not None:
            info[key] = list(base[key])
    info["talon"] = card_texts(game.deal.stock) if game.talon_shown or open_hands else None
    info["put_aside"] = card_texts(game.put_aside) if mine else None
    info["discards"] = card_texts(game.discards) if mine and game.discards else None
    # help_text's line for a seat not to act, worked out once for the moment.
    info["help"] = help_text(game, seat) if acts else waiting
    info["labels"] = labels_now if acts else NOTHING
    return SeatView(
        game=game.name,
        phase=phase,
        seat=None if open_hands or seat is None else _LETTER[seat],
        to_act=to_act_texts,
        legal=legal,
        hand=own,
        hands=hands,
        hand_sizes=hand_sizes,
        card_actions=card_actions_now if acts else NOTHING,
        trick=trick,
        last_trick=last,
        tricks_won=tricks_won,
        score=None,
        result=game.result() if phase == "over" else None,
        status=status,
        is_open=open_hands,
        info=info,
    )


#: The parts of the moment's info (:func:`_info`) that each view gets as a list of its own
#: (those that may be ``None`` stay ``None``).
_OWN_LISTS = ("players", "order", "auction", "passed", "game_bidders", "defenders", "doublings",
              "in_play", "tricks", "events")


def _moment(game: Preference) -> tuple[Any, ...]:
    """The parts of every seat's view of one moment (the game's version, play and
    phase), worked out for the first view of it and kept on the game: read-only
    (tuples, texts, :class:`FrozenDict`), or copied by :func:`seat_view` for each
    view. A copy of the game shares them while nothing has happened to either."""
    cached = game._moment
    version = len(game.log)
    phase = game.phase
    if cached is not None and cached[0] == version and cached[1] is game.play \
            and cached[2] == phase:
        return cached[3]
    play = game.play
    to_act = game.to_act()
    legal_now: tuple[str, ...] = tuple(game.legal_actions(to_act[0])) if to_act else ()
    card_actions: dict[str, str] = {}
    for action in legal_now:
        verb, _, rest = action.rpartition(" ")
        # "play alone" (a lone defender's choice) is no card: only a card code
        # goes on a card's face, the rest stay buttons.
        if verb in ("play", "discard", "take back") and _is_card(rest):
            card_actions[rest] = action
    labels = FrozenDict({a: game.label(a) for a in legal_now
                         if not a.startswith(("play ", "discard ", "take back "))})
    held = game.current_hands()
    texts = {s: tuple([c._text for c in cards]) for s, cards in held.items()}
    trick = last = None
    if play is not None:
        trick = frozen_trick_data(play.current.as_data())
        last_data = play.last_trick_data()
        last = frozen_trick_data(last_data) if last_data is not None else None
    won = game.tricks_won()
    moment = (
        phase, to_act, tuple([_LETTER[s] for s in to_act]), legal_now,
        FrozenDict(card_actions), labels, texts,
        FrozenDict({_LETTER[s]: len(cards) for s, cards in texts.items()}),
        trick, last, FrozenDict({_LETTER[s]: n for s, n in won.items()}), game.status(),
        f"Waiting for {to_act[0].word}." if to_act else "The hand is over.",
        _info(game, won),
        play.last_quitted() if play is not None else None,
    )
    game._moment = (version, play, phase, moment)
    return moment


def _earlier_tricks(game: Preference) -> tuple[tuple[Any, ...], Any]:
    """The completed tricks of the moment kept on the game, and its last completed trick
    (for :meth:`TrickPlay.completed_tricks_kept`)."""
    before = game._moment
    return (before[3][13]["tricks"], before[3][14]) if before is not None else ((), None)


def _info(game: Preference, won: dict[Seat, int]) -> dict[str, Any]:
    """The Preference part of a view that is the same for every seat, its lists
    tuples and its dicts read-only (:func:`seat_view` copies them and adds the
    viewer's talon, discards, help and labels)."""
    auction = game.auction
    declarer = game.declarer
    defenders = game.defenders
    play = game.play
    return {
        "players": tuple([_LETTER[s] for s in PLAYERS]),
        "order": tuple([_LETTER[s] for s in game.order]),
        "board": game.deal.board,
        "dealer": game.deal.dealer.value,
        "rules": FrozenDict(game.rules.as_data()),
        "refas": FrozenDict({_LETTER[s]: n for s, n in game.rules.refas}),
        "auction": tuple([FrozenDict(seat=_LETTER[s], call=c, words=call_words(c))
                          for s, c in auction.calls]),
        "high": auction.high,
        "holder": _LETTER[auction.holder] if auction.holder else None,
        "passed": tuple([_LETTER[s] for s in game.order if s in auction.passed]),
        "game_bidders": tuple([_LETTER[s] for s in auction.games]),
        "revealed": FrozenDict({_LETTER[s]: v for s, v in auction.revealed.items()}),
        "bid": (None if game.bid is None else
                FrozenDict(game=game.bid.game, value=game.bid.value, words=game.bid.words())),
        "declarer": _LETTER[declarer] if declarer else None,
        "defenders": tuple([_LETTER[d] for d in defenders]),
        "talon": None,
        "talon_shown": game.talon_shown,
        "put_aside": None,
        "put_aside_count": len(game.put_aside),
        "discards": None,
        "contract": FrozenDict(game.contract.as_data()) if game.contract else None,
        "refa": game.refa,
        "plain_two": game.plain_two,
        "decisions": FrozenDict({_LETTER[s]: d for s, d in game.decisions.items()}),
        "roles": FrozenDict({_LETTER[s]: r for s, r in game.roles.items()}),
        "kontra": game.kontra,
        "kontra_by": _LETTER[game.kontra_by] if game.kontra_by else None,
        "doublings": tuple([FrozenDict(seat=_LETTER[s], call=c) for s, c in game.doublings]),
        "multiplier": game.multiplier,
        "in_play": tuple([_LETTER[s] for s in game.in_play()]) if play is not None else None,
        "tricks": play.completed_tricks_kept(*_earlier_tricks(game)) if play is not None else (),
        "declarer_tricks": won[declarer] if declarer else 0,
        "defence_tricks": sum(won[d] for d in defenders) if declarer else 0,
        "stopped": game.stopped,
        "events": tuple(game.events),
        "help": "",
        "labels": {},
    }


def help_text(game: Preference, seat: Seat | None) -> str:
    """What the viewer can do now, in a beginner's words."""
    if seat is None or seat not in game.to_act():
        seats = game.to_act()
        return f"Waiting for {seats[0].word}." if seats else "The hand is over."
    phase = game.phase
    legal = game.legal_actions(seat)
    if phase == "auction":
        words = [call_words(c) for c in legal]
        return "Your turn to bid: " + ", ".join(words) + "."
    if phase == "reveal":
        return "Two players bid game: tell your contract, or stay silent if you cannot " \
               "beat the one already told."
    if phase == "exchange":
        return "Tap two cards to discard them (tap again to take one back)."
    if phase == "contract":
        lowest = CONTRACT_NAMES[game.bid.lowest_contract()] if game.bid else ""
        return f"Announce your contract: {lowest} or higher."
    if phase == "defence":
        if game.plain_two:
            return "A plain two: say kontra to play against it, or pass."
        if game.inviting:
            return "Your partner dropped out: invite him to play with you (you answer " \
                   "for four tricks together) or play alone (you need two)."
        return "Defend (you need two tricks) or drop out."
    if phase == "kontra":
        if seat == game.declarer:
            return "Kontra! Say rekontra to double again, or pass and play."
        if game.kontra:
            return "Rekontra! Double again, or pass and play."
        if game.roles.get(seat) == "guest":
            return "Say kontra if the defence will take five tricks (scores double; you " \
                   "become the host, who scores and answers for them), or pass."
        return "Say kontra if the defence will take five tricks (scores double), or pass."
    return "Play a card."


def _is_card(text: str) -> bool:
    """Whether ``text`` is a card code ("SA", "H10"), not a word such as "alone"."""
    try:
        Card.from_str(text)
    except InvalidCardError:
        return False
    return True
