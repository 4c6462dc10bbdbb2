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
from games.protocol import SeatView
from games.seats import Seat


def seat_view(game: Preference, seat: Seat | None, *, open_hands: bool) -> SeatView:
    """Exactly what ``seat`` may see: its own cards, the talon once shown, its own
    discards (the declarer), the calls and decisions, the cards played. Never
    another player's hand, the talon of a game, or a dropped defender's cards.
    ``open_hands``: every hand, the talon and the discards open (the teacher's view)."""
    phase = game.phase
    hands = game.current_hands()
    own = hands.get(seat, ()) if seat is not None else ()
    legal = tuple(game.legal_actions(seat)) if seat is not None else ()
    card_actions: dict[str, str] = {}
    for action in legal:
        verb, _, rest = action.rpartition(" ")
        # "play alone" (a lone defender's choice) is no card: only a card code
        # goes on a card's face, the rest stay buttons.
        if verb in ("play", "discard", "take back") and _is_card(rest):
            card_actions[rest] = action
    seen = {s.value: card_texts(cards) for s, cards in hands.items()} if open_hands \
        else ({seat.value: card_texts(own)} if seat is not None else {})
    trick = last = None
    if game.play is not None:
        trick = game.play.current.as_data()
        last = game.play.last_trick_data()
    info = _info(game, seat, open_hands)
    return SeatView(
        game=game.name,
        phase=phase,
        seat=None if open_hands or seat is None else seat.value,
        to_act=tuple(s.value for s in game.to_act()),
        legal=legal,
        hand=tuple(card_texts(own)),
        hands={k: tuple(v) for k, v in seen.items()},
        hand_sizes={s.value: len(cards) for s, cards in hands.items()},
        card_actions=card_actions,
        trick=trick,
        last_trick=last,
        tricks_won={s.value: n for s, n in game.tricks_won().items()},
        score=None,
        result=game.result() if phase == "over" else None,
        status=game.status(),
        is_open=open_hands,
        info=info,
    )


def _info(game: Preference, seat: Seat | None, open_hands: bool) -> dict[str, Any]:
    auction = game.auction
    declarer = game.declarer
    mine = open_hands or (seat is not None and seat == declarer)
    info: dict[str, Any] = {
        "players": [s.value for s in PLAYERS],
        "order": [s.value for s in game.order],
        "board": game.deal.board,
        "dealer": game.deal.dealer.value,
        "rules": game.rules.as_data(),
        "refas": {s.value: n for s, n in game.rules.refas},
        "auction": [{"seat": s.value, "call": c, "words": call_words(c)}
                    for s, c in auction.calls],
        "high": auction.high,
        "holder": auction.holder.value if auction.holder else None,
        "passed": [s.value for s in game.order if s in auction.passed],
        "game_bidders": [s.value for s in auction.games],
        "revealed": {s.value: v for s, v in auction.revealed.items()},
        "bid": (None if game.bid is None else
                {"game": game.bid.game, "value": game.bid.value, "words": game.bid.words()}),
        "declarer": declarer.value if declarer else None,
        "defenders": [d.value for d in game.defenders],
        "talon": card_texts(game.deal.stock) if game.talon_shown or open_hands else None,
        "talon_shown": game.talon_shown,
        "put_aside": card_texts(game.put_aside) if mine else None,
        "put_aside_count": len(game.put_aside),
        "discards": card_texts(game.discards) if mine and game.discards else None,
        "contract": game.contract.as_data() if game.contract else None,
        "refa": game.refa,
        "plain_two": game.plain_two,
        "decisions": {s.value: d for s, d in game.decisions.items()},
        "roles": {s.value: r for s, r in game.roles.items()},
        "kontra": game.kontra,
        "kontra_by": game.kontra_by.value if game.kontra_by else None,
        "doublings": [{"seat": s.value, "call": c} for s, c in game.doublings],
        "multiplier": game.multiplier,
        "in_play": [s.value for s in game.in_play()] if game.play is not None else None,
        "tricks": game.play.completed_tricks_data() if game.play is not None else [],
        "declarer_tricks": game.declarer_tricks(),
        "defence_tricks": game.defence_tricks() if declarer else 0,
        "stopped": game.stopped,
        "events": list(game.events),
        "help": help_text(game, seat),
        "labels": {a: game.label(a) for a in game.legal_actions(seat)
                   if not a.startswith(("play ", "discard ", "take back "))}
        if seat is not None else {},
    }
    return info


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
