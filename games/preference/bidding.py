"""Section 3, the bidding, as a small state machine of its own.

The players speak in turn counterclockwise, starting on the dealer's right;
``order`` lists them that way, the first bidder first (he is also the most
senior: ties go to him). A call is one of:

* ``pass``: out of the bidding for good ("No player who has passed may reenter").
* ``bid N``: a number, 2 to 7, always the next one ("only the minimum legal bid can
  be made"): the declarer will take the talon and then play a contract of at least N.
* ``same``: "equivalent to bidding the same number as the second bidder", open to a
  player who bid a number and has been outbid by a player junior to him.
* ``game``: declarer without the talon, the contract not yet told; ``bettel`` and
  ``sans`` are the same with the contract told at once ("'Game' bids of six or seven
  are announced as 'Bettel' or 'Sans'"). Only at a player's first opportunity.

When two or more players bid game, they reveal their contracts in turn
(``reveal N``, ``reveal bettel``, ``reveal sans``); a later one who cannot beat the
contract already shown may stay ``silent``. The higher contract wins, a tie going
to the senior player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.seats import Seat

#: Section 2: the value of each contract and what it is called.
CONTRACT_NAMES: dict[int, str] = {2: "spades", 3: "diamonds", 4: "hearts", 5: "clubs",
                                  6: "Bettel", 7: "Sans"}
#: How a bid of each number is said.
NUMBER_WORDS: dict[int, str] = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                                7: "seven"}
BETTEL, SANS = 6, 7
LOWEST, HIGHEST = 2, 7


class BiddingError(ValueError):
    """A call the bidding does not allow now; the message is what the player reads."""


@dataclass(frozen=True)
class WinningBid:
    """How the bidding ended for the declarer.

    ``game`` False: a number ``value``; the talon is exchanged and the contract is
    at least ``value``. ``game`` True with ``value`` None: a plain game nobody
    contested, any contract may be chosen. ``game`` True with a ``value``: a game
    whose contract was told, which binds the declarer.
    """

    declarer: Seat
    game: bool
    value: int | None

    @property
    def exchanges(self) -> bool:
        return not self.game

    @property
    def binding(self) -> bool:
        return self.game and self.value is not None

    def lowest_contract(self) -> int:
        return self.value if self.value is not None else LOWEST

    def words(self) -> str:
        if not self.game:
            return NUMBER_WORDS[self.value or LOWEST]
        if self.value is None:
            return "game"
        return f"game {CONTRACT_NAMES[self.value]}"


@dataclass
class Auction:
    """The bidding of one hand. :meth:`legal` lists the calls the player to speak
    may make; :meth:`call` makes one (after :meth:`why_illegal` said nothing)."""

    order: tuple[Seat, ...]
    calls: list[tuple[Seat, str]] = field(default_factory=list)
    passed: set[Seat] = field(default_factory=set)
    spoken: set[Seat] = field(default_factory=set)
    #: The players who bid a number (their number dies once a game is bid).
    numbers: set[Seat] = field(default_factory=set)
    #: The number bid so far and who holds it (after "same", the senior player).
    high: int | None = None
    holder: Seat | None = None
    #: Game bidders, in the order they bid (which is their seniority).
    games: list[Seat] = field(default_factory=list)
    #: A game's contract once told: in the bid (Bettel, Sans) or when revealed.
    revealed: dict[Seat, int] = field(default_factory=dict)
    #: Game bidders who stayed silent when the contracts were revealed.
    silent: set[Seat] = field(default_factory=set)
    #: Whose turn it is; None once the bidding is over.
    turn: Seat | None = None

    def __post_init__(self) -> None:
        if self.turn is None and not self.calls:
            self.turn = self.order[0]

    def copy(self) -> Auction:
        return Auction(self.order, list(self.calls), set(self.passed), set(self.spoken),
                       set(self.numbers), self.high, self.holder, list(self.games),
                       dict(self.revealed), set(self.silent), self.turn)

    # -- where the bidding stands --------------------------------------------------

    def seniority(self, seat: Seat) -> int:
        """0 for the player on the dealer's right (the most senior), 2 for the dealer."""
        return self.order.index(seat)

    @property
    def revealing(self) -> bool:
        """True while the game bidders reveal their contracts."""
        return self.turn is not None and len(self.spoken) == len(self.order) \
            and len(self.games) > 1

    def is_over(self) -> bool:
        return self.turn is None

    def passed_out(self) -> bool:
        """Everyone passed: a refa (section 3, section 9)."""
        return self.is_over() and len(self.passed) == len(self.order)

    def best_revealed(self) -> tuple[int, Seat] | None:
        """The highest game contract told so far and its bidder (a tie goes to the senior)."""
        best: tuple[int, Seat] | None = None
        for seat in self.games:
            value = self.revealed.get(seat)
            if value is not None and (best is None or self._beats(value, seat, best)):
                best = (value, seat)
        return best

    def _beats(self, value: int, seat: Seat, best: tuple[int, Seat]) -> bool:
        return value > best[0] or (value == best[0]
                                   and self.seniority(seat) < self.seniority(best[1]))

    def winner(self) -> WinningBid | None:
        """The declarer and his bid, once the bidding is over (None if all passed)."""
        if not self.is_over() or self.passed_out():
            return None
        if self.games:
            if len(self.games) == 1:
                seat = self.games[0]
                return WinningBid(seat, True, self.revealed.get(seat))
            best = self.best_revealed()
            assert best is not None
            return WinningBid(best[1], True, best[0])
        assert self.holder is not None and self.high is not None
        return WinningBid(self.holder, False, self.high)

    # -- what may be said -------------------------------------------------------------

    def legal(self) -> list[str]:
        """The calls open to the player whose turn it is."""
        seat = self.turn
        if seat is None:
            return []
        if self.revealing:
            return self._reveals(seat)
        calls = ["pass"]
        if seat not in self.spoken:
            if not self.games:
                following = (self.high or LOWEST - 1) + 1
                if following <= HIGHEST:
                    calls.append(f"bid {following}")
            calls += self._game_calls()
            return calls
        # A number bidder outbid: the senior may hold with "same", a junior must go on.
        assert self.holder is not None and self.high is not None
        if self.seniority(seat) < self.seniority(self.holder):
            calls.append("same")
        elif self.high < HIGHEST:
            calls.append(f"bid {self.high + 1}")
        return calls

    def _game_calls(self) -> list[str]:
        """Game bids open at a first opportunity: any, unless a contract already told
        can only be beaten by a higher one (a later bidder is junior, so he must be higher)."""
        best = self.best_revealed()
        if best is None:
            return ["game", "bettel", "sans"]
        if best[0] == BETTEL:
            return ["sans"]
        return []

    def _reveals(self, seat: Seat) -> list[str]:
        best = self.best_revealed()
        values = [v for v in range(LOWEST, HIGHEST + 1)
                  if best is None or self._beats(v, seat, best)]
        calls = [reveal_text(v) for v in values]
        if best is not None:
            calls.append("silent")
        return calls

    def why_illegal(self, seat: Seat, call: str) -> str | None:
        """The reason ``seat`` may not make ``call`` now, in a player's words; None if it may."""
        if self.turn is None:
            return "The bidding is over."
        if seat != self.turn:
            return f"It is {self.turn.word}'s turn to speak, not {seat.word}'s."
        if call in self.legal():
            return None
        return self._reason(seat, call)

    def _reason(self, seat: Seat, call: str) -> str:
        verb = call.split()[0]
        if self.revealing:
            if verb != "reveal" and call != "silent":
                return "Two players bid game: now each tells his contract (or stays silent)."
            if call == "silent":
                return "You are the first to tell your game: say which contract it is."
            return "That contract does not beat the game already told: say a higher one " \
                   "or stay silent."
        if verb in ("reveal",) or call == "silent":
            return "Contracts are told only when two players have bid game."
        if call in ("game", "bettel", "sans"):
            if seat in self.spoken:
                return "A game can only be bid at your first chance to speak."
            best = self.best_revealed()
            return "Sans has already been bid: no game can beat it." \
                if best and best[0] == SANS \
                else "Only Sans can beat the Bettel already bid."
        if call == "same":
            if seat not in self.numbers:
                return "Only a player who bid a number and was outbid may say 'same'."
            return "Only the senior player may say 'same': you must bid the next number."
        if verb == "bid":
            if self.games:
                return "A game has been bid, so no more numbers can be bid."
            if seat in self.spoken and self.holder is not None \
                    and self.seniority(seat) < self.seniority(self.holder):
                return "You may only pass or say 'same' (the same number, which you win as " \
                       "the senior player)."
            following = (self.high or LOWEST - 1) + 1
            if following > HIGHEST:
                return "Seven is the highest bid."
            return f"Only the next number may be bid: {NUMBER_WORDS[following]}."
        return f"{call!r} is not a bid (pass, bid 2, same, game, bettel, sans)."

    # -- making a call -------------------------------------------------------------------

    def call(self, seat: Seat, call: str) -> None:
        """Make a call :meth:`why_illegal` allowed."""
        reason = self.why_illegal(seat, call)
        if reason is not None:
            raise BiddingError(reason)
        self.calls.append((seat, call))
        if self.revealing:
            if call == "silent":
                self.silent.add(seat)
            else:
                self.revealed[seat] = reveal_value(call)
            self.turn = self._next_revealer(seat)
            return
        self.spoken.add(seat)
        verb = call.split()[0]
        if call == "pass":
            self.passed.add(seat)
        elif verb == "bid":
            self.high, self.holder = int(call.split()[1]), seat
            self.numbers.add(seat)
        elif call == "same":
            self.holder = seat
        else:
            self.games.append(seat)
            if call != "game":
                self.revealed[seat] = BETTEL if call == "bettel" else SANS
        self.turn = self._next_speaker(seat)

    def _may_speak(self, seat: Seat) -> bool:
        if seat in self.passed:
            return False
        if seat not in self.spoken:
            return True
        if self.games:  # game bidders have said all; number bidders are outbid for good
            return False
        return seat != self.holder

    def _next_speaker(self, after: Seat) -> Seat | None:
        index = self.order.index(after)
        for step in range(1, len(self.order) + 1):
            seat = self.order[(index + step) % len(self.order)]
            if self._may_speak(seat):
                return seat
        # Nobody left to speak: the bidding is over, or the game bidders reveal.
        if len(self.games) > 1:
            return self._next_revealer(None)
        return None

    def _next_revealer(self, after: Seat | None) -> Seat | None:
        """The next game bidder, in seniority, whose contract is not yet told."""
        start = 0 if after is None else self.games.index(after) + 1
        for seat in self.games[start:]:
            if seat not in self.revealed and seat not in self.silent:
                return seat
        return None


def reveal_text(value: int) -> str:
    if value == BETTEL:
        return "reveal bettel"
    if value == SANS:
        return "reveal sans"
    return f"reveal {value}"


def reveal_value(call: str) -> int:
    word = call.split()[1]
    return {"bettel": BETTEL, "sans": SANS}.get(word) or int(word)


def call_words(call: str) -> str:
    """A call as a player says it: "two", "same", "game", "Bettel", "pass", "four"."""
    verb, _, rest = call.partition(" ")
    if verb == "bid":
        return NUMBER_WORDS[int(rest)]
    if verb == "reveal":
        value = reveal_value(call)
        return CONTRACT_NAMES[value] if value >= BETTEL else f"{NUMBER_WORDS[value]} " \
            f"({CONTRACT_NAMES[value]})"
    if call == "silent":
        return "(silent)"
    return {"bettel": "Bettel", "sans": "Sans"}.get(call, call)
