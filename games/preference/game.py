"""One hand of Preference, phase after phase, as /work/shared/rules/preference.txt
describes it (the sections are cited where they apply).

The deal (section 1), the bidding (section 3, :mod:`games.preference.bidding`),
the exchange (section 4), the contract (section 5), the defenders' decisions and
kontra (the two sections 6), the play (section 7). Scoring is not done here: a
hand's :meth:`Preference.result` gives its facts and
:mod:`games.preference.scoring` writes them on the sheet, which a game of many
hands needs anyway (sections 8-10).

Everything turns counterclockwise (docs/decisions/0200): the deal, the bidding and
the play. The three players sit South, East and West (docs/decisions/0201).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.cards import (
    PACK_32,
    Card,
    InvalidCardError,
    Suit,
    cards_short,
    shuffled,
    sort_hand,
)
from games.deals import Deal, InvalidDealError
from games.preference.bidding import (
    BETTEL,
    CONTRACT_NAMES,
    HIGHEST,
    LOWEST,
    NUMBER_WORDS,
    SANS,
    Auction,
    WinningBid,
    call_words,
)
from games.preference.rules import PLAYERS, PreferenceRules
from games.preference.scoring import contract_words
from games.protocol import (
    Game,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.seats import Seat
from games.tricks import TrickPlay, TrickRules

#: Section 2: the trump suit of each suit contract (Bettel and Sans have none).
TRUMPS: dict[int, Suit] = {2: Suit.SPADES, 3: Suit.DIAMONDS, 4: Suit.HEARTS, 5: Suit.CLUBS}
HAND_SIZE = 10
TALON_SIZE = 2
#: Section 1: "five at a time to each player".
PACKET = 5
#: "When the defenders have taken five tricks play ends".
DEFENCE_STOP = 5
#: Hand 1 is dealt by West, so South (the first seat the site fills) bids first;
#: the deal then passes counterclockwise to the first bidder (docs/decisions/0200).
FIRST_DEALER = Seat.WEST

def following(seat: Seat) -> Seat:
    """The next player counterclockwise: the player on ``seat``'s right."""
    return PLAYERS[(PLAYERS.index(seat) + 1) % len(PLAYERS)]


def dealer_of(board: int) -> Seat:
    """Who deals hand ``board`` (hands are numbered from 1): West, then South, East..."""
    if board < 1:
        raise InvalidDealError("hands are numbered from 1")
    seat = FIRST_DEALER
    for _ in range((board - 1) % len(PLAYERS)):
        seat = following(seat)
    return seat


def bidding_order(dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """Section 3: "The player on the Dealer's right has first opportunity ... and the
    turn to bid passes counterclockwise": the first bidder, the second, the dealer."""
    first = following(dealer)
    second = following(first)
    return (first, second, dealer)


def deal_hand(rules: PreferenceRules, rng: random.Random, board: int = 1) -> Deal:
    """Section 1: the 32-card pack dealt five at a time, starting on the dealer's
    right, with "two cards after first round of five cards each" forming the talon
    (``Deal.stock``)."""
    dealer = dealer_of(board)
    order = bidding_order(dealer)
    cards = shuffled(PACK_32, rng)
    hands: dict[Seat, list[Card]] = {seat: [] for seat in order}
    position = 0
    for seat in order:
        hands[seat] += cards[position:position + PACKET]
        position += PACKET
    talon = cards[position:position + TALON_SIZE]
    position += TALON_SIZE
    for seat in order:
        hands[seat] += cards[position:position + PACKET]
        position += PACKET
    return Deal({seat: tuple(held) for seat, held in hands.items()}, dealer=dealer,
                board=board, stock=tuple(talon))


@dataclass(frozen=True)
class Contract:
    """Section 5: the contract number (2-5 a trump suit, 6 Bettel, 7 Sans) and
    whether it is played as a game (without the talon)."""

    value: int
    game: bool

    @property
    def trumps(self) -> Suit | None:
        return TRUMPS.get(self.value)

    @property
    def is_bettel(self) -> bool:
        return self.value == BETTEL

    @property
    def name(self) -> str:
        return CONTRACT_NAMES[self.value]

    def words(self) -> str:
        return contract_words(self.value, self.game)

    def as_data(self) -> dict[str, Any]:
        return {"value": self.value, "game": self.game, "name": self.name,
                "trumps": self.trumps.value if self.trumps else None, "words": self.words()}


def contract_text(value: int) -> str:
    """The action that announces contract ``value``."""
    if value == BETTEL:
        return "contract bettel"
    if value == SANS:
        return "contract sans"
    return f"contract {value}"


def _contract_value(word: str) -> int:
    words = {"bettel": BETTEL, "sans": SANS, "spades": 2, "diamonds": 3, "hearts": 4,
             "clubs": 5}
    if word in words:
        return words[word]
    if word.isdigit() and LOWEST <= int(word) <= HIGHEST:
        return int(word)
    raise InvalidActionError(f"{word!r} is not a contract (2, 3, 4, 5, bettel or sans).")


_PHASE_WORDS = {
    "auction": "It is time to bid.",
    "reveal": "The game bidders are telling their contracts.",
    "exchange": "The declarer is choosing two cards to discard.",
    "contract": "The declarer is announcing the contract.",
    "defence": "The defenders are deciding whether to play.",
    "kontra": "The defenders may say kontra now.",
    "play": "The cards are being played.",
    "over": "This hand is over.",
}

_AUCTION_VERBS = ("pass", "bid", "same", "game", "bettel", "sans", "reveal", "silent")


class Preference(Game):
    """One hand: auction, (reveal), exchange, contract, defence, kontra, play, over."""

    name = "preference"

    def __init__(self, rules: PreferenceRules, deal: Deal) -> None:
        super().__init__(rules, deal)
        _check_deal(deal)
        self.order = bidding_order(deal.dealer)
        self.auction = Auction(self.order)
        self.hands: dict[Seat, list[Card]] = {s: list(deal.hand(s)) for s in PLAYERS}
        self.bid: WinningBid | None = None
        self.declarer: Seat | None = None
        self.talon_shown = False
        self.put_aside: list[Card] = []
        self.discards: tuple[Card, ...] = ()
        self.contract: Contract | None = None
        #: Each defender's answer ("defend", "drop out", "kontra", "pass") and part.
        self.decisions: dict[Seat, str] = {}
        self.roles: dict[Seat, str] = {}
        self.plain_two = False
        self.defence_turn: Seat | None = None
        self.inviting = False
        self.kontra = 0
        self.kontra_by: Seat | None = None
        self.kontra_turn: Seat | None = None
        self._kontra_sayers: list[Seat] = []
        self.doublings: list[tuple[Seat, str]] = []
        self.play: TrickPlay | None = None
        self.stopped: str | None = None
        self.events: list[str] = []
        self._phase = "auction"
        #: What every seat's view of the last moment viewed shares (version, play,
        #: phase, the parts): games.preference.view's, read-only, so a copy shares it.
        self._moment: tuple[int, TrickPlay | None, str, tuple[Any, ...]] | None = None

    #: The attributes :meth:`copy` knows; any other sends it to the deep copy.
    _COPIED = frozenset({
        "rules", "deal", "log", "order", "auction", "hands", "bid", "declarer", "talon_shown",
        "put_aside", "discards", "contract", "decisions", "roles", "plain_two",
        "defence_turn", "inviting", "kontra", "kontra_by", "kontra_turn", "_kontra_sayers",
        "doublings", "play", "stopped", "events", "_phase", "_moment"})

    def copy(self) -> Preference:
        """An independent copy, made structurally (the site copies the game at every
        action): the rules, the deal, cards, seats and the frozen bid and contract are
        shared; every list and dict that changes is copied."""
        state = self.__dict__
        if self.__class__ is not Preference or state.keys() != self._COPIED:
            return super().copy()  # type: ignore[return-value]
        new = Preference.__new__(Preference)
        new.__dict__.update(state)
        new.log = list(self.log)
        new.auction = self.auction.copy()
        new.hands = {seat: list(cards) for seat, cards in self.hands.items()}
        new.put_aside = list(self.put_aside)
        new.decisions = dict(self.decisions)
        new.roles = dict(self.roles)
        new._kontra_sayers = list(self._kontra_sayers)
        new.doublings = list(self.doublings)
        new.play = self.play.copy() if self.play is not None else None
        new.events = list(self.events)
        return new

    def players(self) -> tuple[Seat, ...]:
        return PLAYERS

    # -- where the hand is -----------------------------------------------------------------

    @property
    def phase(self) -> str:
        """auction, reveal, exchange, contract, defence, kontra, play or over."""
        if self._phase == "auction" and self.auction.revealing:
            return "reveal"
        if self._phase == "exchange" and len(self.put_aside) == TALON_SIZE:
            return "contract"
        return self._phase

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The two defenders, "the defender on the declarer's left" first: the next
        player after the declarer in the counterclockwise turn (docs/decisions/0203)."""
        if self.declarer is None:
            return ()
        first = following(self.declarer)
        return (first, following(first))

    @property
    def refa(self) -> bool:
        """Section 9: the declarer has a refa waiting, so this hand counts double."""
        return self.declarer is not None and self.rules.refas_of(self.declarer) > 0

    @property
    def multiplier(self) -> int:
        return int((2 if self.refa else 1) * 2 ** self.kontra)

    def in_play(self) -> tuple[Seat, ...]:
        """The players whose cards are played, in the turn's order from the dealer's right."""
        if self.declarer is None:
            return ()
        return tuple(s for s in self.order
                     if s == self.declarer or self.roles.get(s, "defends") != "out")

    def to_act(self) -> tuple[Seat, ...]:
        phase = self.phase
        seat: Seat | None = None
        if phase in ("auction", "reveal"):
            seat = self.auction.turn
        elif phase in ("exchange", "contract"):
            seat = self.declarer
        elif phase == "defence":
            seat = self.defence_turn
        elif phase == "kontra":
            seat = self.kontra_turn
        elif phase == "play":
            seat = self.play.to_play
        return (seat,) if seat is not None else ()

    def legal_actions(self, seat: Seat) -> list[str]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase in ("auction", "reveal"):
            return self.auction.legal()
        if phase in ("exchange", "contract"):
            return self._exchange_actions()
        if phase == "defence":
            if self.plain_two:
                return ["kontra", "pass"]
            return ["invite", "play alone"] if self.inviting else ["defend", "drop out"]
        if phase == "kontra":
            return ["rekontra" if self.kontra else "kontra", "pass"]
        if phase == "play":
            return [f"play {t}" for t in self.play.legal_texts(seat)]
        return []

    def _exchange_actions(self) -> list[str]:
        assert self.declarer is not None and self.bid is not None
        actions: list[str] = []
        if self.bid.exchanges:
            if len(self.put_aside) < TALON_SIZE:
                actions += [f"discard {c}" for c in sort_hand(self.hands[self.declarer])
                            if c not in self.put_aside]
            actions += [f"take back {c}" for c in self.put_aside]
            if len(self.put_aside) < TALON_SIZE:
                return actions
        return actions + [contract_text(v) for v in self._contract_values()]

    def _contract_values(self) -> list[int]:
        """Section 5: the contract "must be at least as high as the winning bid"."""
        assert self.bid is not None
        return list(range(self.bid.lowest_contract(), HIGHEST + 1))

    # -- checking an action (never changes anything) ------------------------------------------

    def _check(self, seat: Seat, text: str) -> tuple[str, Any]:
        parsed = self._parse(text.lower())
        verb = parsed[0]
        if seat not in PLAYERS:
            raise IllegalActionError(f"Only South, East and West play Preference, not "
                                     f"{seat.word}.")
        phase = self.phase
        if phase == "over":
            raise IllegalActionError("This hand is over.")
        if not self._verb_fits(verb, phase):
            raise IllegalActionError(_PHASE_WORDS[phase] + " " + self._what_now())
        if seat not in self.to_act():
            raise NotYourTurnError(f"It is {self.to_act()[0].word}'s turn, not {seat.word}'s.")
        canonical = _canonical(parsed)
        if phase in ("auction", "reveal"):
            reason = self.auction.why_illegal(seat, canonical)
            if reason is not None:
                raise IllegalActionError(reason)
            return parsed
        if canonical in self.legal_actions(seat):
            return parsed
        raise IllegalActionError(self._reason(seat, parsed))

    def _parse(self, text: str) -> tuple[str, Any]:
        verb, _, rest = text.partition(" ")
        try:
            if verb in ("pass", "same", "game", "bettel", "sans", "silent", "defend", "invite",
                        "kontra", "rekontra") and not rest:
                return (verb, None)
            if text == "drop out" or text == "drop":
                return ("drop out", None)
            if text == "play alone" or text == "alone":
                return ("play alone", None)
            if verb == "bid" and rest:
                if rest in ("game", "bettel", "sans"):
                    return (rest, None)
                if rest.isdigit() or rest in NUMBER_WORDS.values():
                    number = int(rest) if rest.isdigit() else _number_of(rest)
                    if not LOWEST <= number <= HIGHEST:
                        raise InvalidActionError("Bids are the numbers 2 to 7.")
                    return ("bid", number)
            if verb == "reveal" and rest:
                return ("reveal", _contract_value(rest))
            if verb == "contract" and rest:
                return ("contract", _contract_value(rest))
            if verb == "discard" and rest:
                return ("discard", Card.from_str(rest))
            if text.startswith("take back ") and len(text) > 10:
                return ("take back", Card.from_str(text[10:]))
            if verb == "play" and rest:
                return ("play", Card.from_str(rest))
        except InvalidCardError as exc:
            raise InvalidActionError(str(exc)) from exc
        raise InvalidActionError(
            f"{text!r} is not a Preference action (pass, bid 2, same, game, bettel, sans, "
            "reveal 4, discard SA, contract 4, defend, drop out, invite, kontra, play SA).")

    @staticmethod
    def _verb_fits(verb: str, phase: str) -> bool:
        if phase in ("auction", "reveal"):
            return verb in _AUCTION_VERBS
        if phase in ("exchange", "contract"):
            return verb in ("discard", "take back", "contract")
        if phase == "defence":
            return verb in ("defend", "drop out", "invite", "play alone", "kontra", "pass")
        if phase == "kontra":
            return verb in ("kontra", "rekontra", "pass")
        if phase == "play":
            return verb == "play"
        return False

    def _reason(self, seat: Seat, parsed: tuple[str, Any]) -> str:
        """Why a well-formed action that fits the phase is still not allowed."""
        verb, value = parsed
        if verb == "discard":
            if value not in self.hands[seat]:
                return f"{value.short} is not in your hand."
            if value in self.put_aside:
                return f"{value.short} is already put aside."
            return "You have put aside two cards: take one back first, or announce the contract."
        if verb == "take back":
            return f"{value.short} is not put aside."
        if verb == "contract":
            if self.bid is not None and self.bid.exchanges \
                    and len(self.put_aside) < TALON_SIZE:
                return "First discard two cards (tap two cards), then announce the contract."
            lowest = CONTRACT_NAMES[self.bid.lowest_contract()] if self.bid else "?"
            return f"The contract must be at least as high as your bid: {lowest} or higher."
        if verb in ("invite", "play alone"):
            return "You can only invite your partner when he has dropped out and you defend."
        if verb in ("defend", "drop out"):
            if self.plain_two:
                return "The contract is a plain two: say kontra to play it, or pass to give " \
                       "it to the declarer."
            return "You have already decided: now invite your partner or play alone."
        if verb in ("kontra", "rekontra", "pass"):
            if self.phase == "defence":
                return "Decide first whether you defend or drop out."
            if verb == "kontra":
                return "Kontra has already been said: the declarer may answer rekontra."
            return "Only the declarer (after kontra) or the kontra player may say rekontra."
        if verb == "play":
            reason = self.play.why_illegal(seat, value)
            if reason is not None:
                return reason
        return "That is not allowed now."

    def _what_now(self) -> str:
        """Whose turn it is and, if it is a call or a choice, what he may say (never the
        cards he may play or discard: the reason goes to whoever tried)."""
        seats = self.to_act()
        if not seats:
            return ""
        words = [self.label(a) for a in self.legal_actions(seats[0])
                 if not a.startswith(("play ", "discard ", "take back "))]
        if not words:
            return f"It is {seats[0].word}'s turn."
        return f"It is {seats[0].word}'s turn: {', '.join(words)}."

    def _canonical_text(self, parsed: tuple[str, Any], text: str) -> str:
        return _canonical(parsed)

    # -- doing it (only after the check passed) ----------------------------------------------------

    def _do(self, seat: Seat, parsed: tuple[str, Any]) -> None:
        verb, value = parsed
        phase = self.phase
        if phase in ("auction", "reveal"):
            self._call(seat, _canonical(parsed))
        elif verb == "discard":
            self.put_aside.append(value)
        elif verb == "take back":
            self.put_aside.remove(value)
        elif verb == "contract":
            self._announce(value)
        elif phase == "defence":
            self._decide(seat, verb)
        elif phase == "kontra":
            self._double(seat, verb)
        else:
            self._play_card(seat, value)

    def _call(self, seat: Seat, call: str) -> None:
        self.auction.call(seat, call)
        self.events.append(f"{seat.word}: {call_words(call)}.")
        if not self.auction.is_over():
            return
        if self.auction.passed_out():
            # Section 3: "If all pass, a Refa is given to each player", but section 9
            # declares none while a player is under the hat, or after the game's maximum:
            # only the sheet knows (docs/decisions/0750).
            self.events.append("Everyone passed (the scoresheet says whether it gives a "
                               "refa).")
            self._phase = "over"
            return
        bid = self.auction.winner()
        assert bid is not None
        self.bid, self.declarer = bid, bid.declarer
        self.events.append(f"{bid.declarer.word} is the declarer ({bid.words()}).")
        if bid.exchanges:
            # Section 4: "the declarer now picks up the talon, exposing it for all to see".
            self.talon_shown = True
            self.hands[bid.declarer] += self.deal.stock
            self.events.append(f"The talon is {cards_short(self.deal.stock)}: "
                               f"{bid.declarer.word} takes it and discards two cards.")
            self._phase = "exchange"
        elif bid.binding:
            # A game whose contract was told binds the declarer (docs/decisions/0205).
            assert bid.value is not None
            self._announce(bid.value)
        else:
            self._phase = "contract"

    def _announce(self, value: int) -> None:
        """Section 5: the contract; then section 6's decisions, or the play of a Bettel."""
        assert self.bid is not None and self.declarer is not None
        if self.bid.exchanges:
            self.discards = tuple(self.put_aside)
            for card in self.discards:
                self.hands[self.declarer].remove(card)
            self.put_aside = []
        self.contract = Contract(value, self.bid.game)
        self.events.append(f"{self.declarer.word} plays {self.contract.words()}"
                           + (" (his refa: scores count double)." if self.refa else "."))
        first = self.defenders[0]
        if self.contract.is_bettel:
            # "There are no trumps, and the defenders may not drop out."
            self.roles = {d: "defends" for d in self.defenders}
            self.events.append("In Bettel both defenders must play.")
            self._start_play()
        elif value == 2 and not self.contract.game and not self.refa:
            # Section 6 (Kontra): "If the contract is a plain 'two' (without 'game' and
            # without refa), one of the defenders must say Kontra if they want the hand
            # to be played."
            self.plain_two = True
            self.events.append("A plain two: a defender must say kontra to play it.")
            self._phase, self.defence_turn = "defence", first
        else:
            self._phase, self.defence_turn = "defence", first

    def _decide(self, seat: Seat, verb: str) -> None:
        """Section 6, the defenders' decisions (and the plain two's kontra or pass)."""
        first, second = self.defenders
        other = second if seat == first else first
        if self.plain_two:
            if verb == "kontra":
                self.decisions[seat] = "kontra"
                self.roles = {seat: "host", other: "guest"}
                self.kontra, self.kontra_by = 1, seat
                self.doublings.append((seat, "kontra"))
                self.events.append(f"{seat.word}: kontra. {other.word} is invited to play.")
                self._phase, self.kontra_turn = "kontra", self.declarer
                return
            self.decisions[seat] = "pass"
            self.events.append(f"{seat.word}: pass.")
            if seat == first:
                self.defence_turn = second
            else:
                self.roles = {first: "out", second: "out"}
                self.events.append(f"Nobody said kontra: {self.declarer.word} wins ten "
                                   "tricks by default.")
                self._phase = "over"
            return
        if self.inviting:
            if verb == "invite":
                self.roles = {seat: "host", other: "guest"}
                self.events.append(f"{seat.word} invites {other.word}, who must play "
                                   "(and is never penalised).")
            else:
                self.roles = {seat: "defends", other: "out"}
                self.events.append(f"{seat.word} plays alone; {other.word} lays his cards "
                                   "down.")
            self.inviting = False
            self._start_kontra()
            return
        self.decisions[seat] = "defend" if verb == "defend" else "drop out"
        self.events.append(f"{seat.word} {'defends' if verb == 'defend' else 'drops out'}.")
        if seat == first:
            self.defence_turn = second
            return
        playing = [d for d in self.defenders if self.decisions[d] == "defend"]
        if len(playing) == 2:
            self.roles = {first: "defends", second: "defends"}
            self._start_kontra()
        elif len(playing) == 1:
            self.inviting, self.defence_turn = True, playing[0]
        else:
            self.roles = {first: "out", second: "out"}
            self.events.append(f"Nobody defends: {self.declarer.word} wins ten tricks by "
                               "default.")
            self._phase = "over"

    def _start_kontra(self) -> None:
        """Section 6 (Kontra): "Once ... the defenders have determined who will defend,
        one of the defenders may say 'Kontra' ... The defender to declarer's left has
        the first option to Kontra, and if he does not, then the other defender may".
        Every defender who plays may, the invited one too (his kontra makes him the
        host); one who dropped out and was not invited has laid his cards down
        (docs/decisions/0753)."""
        self._kontra_sayers = [d for d in self.defenders if self.roles.get(d) != "out"]
        self._phase = "kontra"
        self.kontra_turn = self._kontra_sayers[0]

    def _double(self, seat: Seat, verb: str) -> None:
        if verb == "pass":
            if self.kontra == 0:
                self.events.append(f"{seat.word}: no kontra.")
                index = self._kontra_sayers.index(seat)
                if index + 1 < len(self._kontra_sayers):
                    self.kontra_turn = self._kontra_sayers[index + 1]
                    return
            else:
                self.events.append(f"{seat.word}: no further doubling.")
            self._start_play()
            return
        self.kontra += 1
        self.doublings.append((seat, verb))
        if verb == "kontra":
            # "Saying Kontra ... automatically 'invites' the other defender".
            other = next(d for d in self.defenders if d != seat)
            self.roles = {seat: "host", other: "guest"}
            self.kontra_by = seat
            self.events.append(f"{seat.word}: kontra (scores x{self.multiplier}). "
                               f"{other.word} plays as his guest.")
            self.kontra_turn = self.declarer
        else:
            self.events.append(f"{seat.word}: rekontra (scores x{self.multiplier}).")
            # "This defender may then say 'Rekontra', doubling again", "and so on": no
            # limit but the other side's pass (docs/decisions/0754).
            self.kontra_turn = self.kontra_by if seat == self.declarer else self.declarer

    def _start_play(self) -> None:
        """Section 7: "the player to the dealer's right normally leads to the first
        trick", skipping a defender who dropped out, and the declarer in Sans."""
        assert self.contract is not None
        players = self.in_play()
        leader = players[0]
        if self.contract.value == SANS and leader == self.declarer:
            leader = players[1]
        rules = TrickRules(trumps=self.contract.trumps, must_trump=True)
        self.play = TrickPlay({s: self.hands[s] for s in players}, players, leader, rules)
        self._phase = "play"

    def _play_card(self, seat: Seat, card: Card) -> None:
        trick = self.play.play(seat, card)
        if trick is None:
            return
        assert self.contract is not None and self.declarer is not None
        won = self.play.won
        if self.contract.is_bettel and won[self.declarer] > 0:
            self.stopped = f"{self.declarer.word} took a trick: the Bettel is lost."
        elif not self.contract.is_bettel and self.defence_tricks() >= DEFENCE_STOP:
            self.stopped = ("The defenders have taken five tricks: the contract is "
                            "defeated and play ends.")
        if self.stopped:
            self.events.append(self.stopped)
            self._phase = "over"
        elif self.play.is_over():
            self._phase = "over"

    # -- counting ----------------------------------------------------------------------------------

    def tricks_won(self) -> dict[Seat, int]:
        won = dict(self.play.won) if self.play is not None else {}
        return {s: won.get(s, 0) for s in PLAYERS}

    def defence_tricks(self) -> int:
        won = self.tricks_won()
        return sum(won[d] for d in self.defenders)

    def declarer_tricks(self) -> int:
        return self.tricks_won()[self.declarer] if self.declarer else 0

    def current_hands(self) -> dict[Seat, tuple[Card, ...]]:
        """The cards each player holds: the declarer's twelve while he exchanges (the
        cards put aside included), a dropped defender's ten he laid down."""
        if self.play is not None:
            held = {s: tuple(cards) for s, cards in self.play.hands.items()}
            return {s: held.get(s, sort_hand(self.hands[s])) for s in PLAYERS}
        return {s: sort_hand(self.hands[s]) for s in PLAYERS}

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Every card once: the hands (the declarer's twelve while he exchanges, the cards
        put aside among them), the talon nobody took, the discards, the cards played."""
        places: dict[str, tuple[Card, ...]] = {
            f"hand {seat.value}": cards for seat, cards in self.current_hands().items()}
        places["talon"] = self.talon()
        places["discards"] = self.discards
        played: list[Card] = []
        if self.play is not None:
            for trick in self.play.tricks:
                played += [card for _, card in trick.cards]
            played += [card for _, card in self.play.current.cards]
        places["played"] = tuple(played)
        return places

    def talon(self) -> tuple[Card, ...]:
        """The talon while nobody has taken it (it stays face down in a game)."""
        return () if self.talon_shown else self.deal.stock

    def known_cards(self, seat: Seat | None) -> frozenset[Card]:
        """The cards ``seat`` may know: its own hand (and, as declarer, the cards it
        put aside or discarded), the talon once shown, every card played."""
        known: set[Card] = set()
        if seat is not None:
            known.update(self.current_hands().get(seat, ()))
            if seat == self.declarer:
                known.update(self.discards)
                known.update(self.put_aside)
        if self.talon_shown:
            known.update(self.deal.stock)
        if self.play is not None:
            for trick in self.play.tricks:
                known.update(card for _, card in trick.cards)
            known.update(card for _, card in self.play.current.cards)
        return frozenset(known)

    # -- the end of the hand ---------------------------------------------------------------------

    def is_over(self) -> bool:
        return self._phase == "over"

    def result(self) -> dict[str, Any]:
        """The facts the sheet is written from (scoring.HandFacts reads them back)."""
        if not self.is_over():
            raise IllegalActionError("The hand is not over yet.")
        base: dict[str, Any] = {
            "board": self.deal.board,
            "dealer": self.deal.dealer.value,
            "refas": {s.value: n for s, n in self.rules.refas},
            "passed_out": self.declarer is None,
        }
        if self.declarer is None:
            return base
        assert self.contract is not None and self.bid is not None
        played = self.play is not None
        tricks = self.tricks_won()
        if not played:
            tricks[self.declarer] = HAND_SIZE
        declarer_tricks = tricks[self.declarer]
        defence = sum(tricks[d] for d in self.defenders)
        made = declarer_tricks == 0 if self.contract.is_bettel else declarer_tricks >= 6
        base.update({
            "declarer": self.declarer.value,
            "bid": {"game": self.bid.game, "value": self.bid.value, "words": self.bid.words()},
            "exchanged": self.bid.exchanges,
            "contract": {"value": self.contract.value, "game": self.contract.game,
                         "words": self.contract.words()},
            "refa": self.refa,
            "roles": {d.value: self.roles[d] for d in self.defenders},
            "plain_two": self.plain_two,
            "kontra": self.kontra,
            "kontra_by": self.kontra_by.value if self.kontra_by else None,
            "played": played,
            "tricks": {s.value: n for s, n in tricks.items()},
            "declarer_tricks": declarer_tricks,
            "defence_tricks": defence,
            "made": made,
        })
        return base

    # -- what each seat sees ----------------------------------------------------------------------

    def view(self, seat: Seat | None) -> SeatView:
        """Exactly what ``seat`` may see: its own cards, the talon once shown, its own
        discards (the declarer), the calls and decisions, the cards played. Never
        another player's hand, the talon of a game, or a dropped defender's cards."""
        return _seat_view()(self, seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every hand, the talon and the discards open: the teacher's view."""
        return _seat_view()(self, None, open_hands=True)

    def label(self, action: str) -> str:
        """A button's words for an action: "Two", "Same", "Hearts (4)", "Drop out"."""
        verb, _, rest = action.partition(" ")
        if verb == "contract":
            value = _contract_value(rest)
            name = CONTRACT_NAMES[value]
            words = f"{name.title()} ({value})" if value < BETTEL else name
            return f"Game {words.lower()}" if self.bid is not None and self.bid.game \
                and value < BETTEL else words
        if verb in ("bid", "reveal"):
            words = call_words(action)
            return words[0].upper() + words[1:]
        return {"silent": "Stay silent", "invite": "Invite partner",
                "drop out": "Drop out", "play alone": "Play alone"}.get(action,
                                                                      action.capitalize())

    def status(self) -> str:
        """One line for the teacher's wall."""
        phase = self.phase
        seats = self.to_act()
        who = seats[0].word if seats else ""
        if phase == "auction":
            return f"{who} to bid"
        if phase == "reveal":
            return f"{who} tells his game"
        if phase == "exchange":
            return f"{who} discards two cards (talon {cards_short(self.deal.stock)})"
        if phase == "contract":
            return f"{who} announces the contract"
        assert self.contract is not None or phase == "over"
        if phase == "defence":
            if self.plain_two:
                return f"{self.contract.words()}: {who} says kontra or passes"
            if self.inviting:
                return f"{self.contract.words()}: {who} invites his partner or plays alone"
            return f"{self.contract.words()}: {who} defends or drops out"
        if phase == "kontra":
            return f"{self.contract.words()}: {who} may say " + \
                ("rekontra" if self.kontra else "kontra")
        if phase == "play":
            number = self.play.tricks_played + 1
            return f"{self.contract.words()}, trick {number}: {who} to play"
        if self.declarer is None:
            return "Hand over: everyone passed"
        result = self.result()
        outcome = "made" if result["made"] else "lost"
        return (f"Hand over: {self.declarer.word} {outcome} {self.contract.words()} "
                f"({result['declarer_tricks']} tricks)")


def _check_deal(deal: Deal) -> None:
    """A Preference deal: ten cards for each of the three players and a two-card talon,
    all of the 32-card pack, dealt by one of the players."""
    if deal.dealer not in PLAYERS:
        raise InvalidDealError(f"{deal.dealer.word} does not play Preference "
                               "(South, East and West do)")
    if set(deal.hands) - set(PLAYERS) and any(deal.hands.get(s) for s in deal.hands
                                              if s not in PLAYERS):
        raise InvalidDealError("only South, East and West hold cards in Preference")
    for seat in PLAYERS:
        if len(deal.hand(seat)) != HAND_SIZE:
            raise InvalidDealError(f"{seat.word} should hold 10 cards, not "
                                   f"{len(deal.hand(seat))}")
    if len(deal.stock) != TALON_SIZE:
        raise InvalidDealError(f"the talon has two cards, not {len(deal.stock)}")
    if set(deal.all_cards()) != set(PACK_32):
        raise InvalidDealError("a Preference deal uses the 32-card pack (A K Q J 10 9 8 7)")


def _number_of(word: str) -> int:
    for number, said in NUMBER_WORDS.items():
        if said == word:
            return number
    raise InvalidActionError(f"{word!r} is not a bid")


def _canonical(parsed: tuple[str, Any]) -> str:
    """The log keeps one spelling of each action: "bid 2", "reveal bettel", "play SA"."""
    verb, value = parsed
    if value is None:
        return verb
    if verb == "bid":
        return f"bid {value}"
    if verb == "reveal":
        return {BETTEL: "reveal bettel", SANS: "reveal sans"}.get(value, f"reveal {value}")
    if verb == "contract":
        return contract_text(value)
    return f"{verb} {value}"


@functools.cache
def _seat_view() -> Callable[..., SeatView]:
    """:func:`games.preference.view.seat_view`, imported once on the first view: the view
    module reads the game's phases, so it imports this one. (An import inside
    ``view()`` itself costs about a microsecond a view, 3% of one.)"""
    from games.preference.view import seat_view

    return seat_view
