"""Sections 8-10: the scoresheet, refas, the end of the game and the final reckoning.

Everything here is a pure function of the finished hands' facts (each hand's
``result()``): who declared what, who defended how, who took how many tricks.
:func:`score_hand` scores one hand (section 8); :class:`Sheet` keeps the three
players' columns as they are written on paper; :func:`standing` replays a table's
hands onto a sheet, starting a new game after one has ended (section 10).

Declarer columns are kept as signed numbers: the paper's "30" at the start is
-30 here, amounts won are added (the paper subtracts them while the column is
below zero), and a positive number is "under the hat". ``written`` gives what the
paper shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.preference.bidding import BETTEL, CONTRACT_NAMES, NUMBER_WORDS
from games.preference.rules import PLAYERS, PreferenceRules
from games.protocol import HandResult, Standing
from games.seats import Seat

#: A defender's part in the play (``result()["roles"]``):
#: "defends" (chose to play; his own quota), "host" (invited his partner or said
#: kontra: the defence's quota is his), "guest" (invited: never penalised, never
#: scores), "out" (dropped out and not invited).
ROLES = ("defends", "host", "guest", "out")
#: "If both defenders decide to play, they play as a team, needing four tricks".
TEAM_QUOTA = 4
#: "Playing is a commitment to win at least two tricks".
OWN_QUOTA = 2
#: Kontra "is an undertaking that the defenders will win at least 5 tricks" (docs/decisions/0207).
KONTRA_QUOTA = 5
#: "The defenders' scoring is limited to a total of five tricks only."
DEFENCE_TRICKS_SCORED = 5
#: "in the final reckoning points in the declarer column are worth ten times as much".
DECLARER_WEIGHT = 10


def contract_value(value: int, game: bool) -> int:
    """Section 5: "All of the contracts can also be played as games ... In this case
    the value for them in the scoring is increased by one"."""
    return value + (1 if game else 0)


def basic_score(value: int, game: bool) -> int:
    """Section 8: "The basic score for a non-game contract is double the value of the
    contract ... A 'game' contract has one added to the value of the contract before
    it is doubled": clubs 10, game in clubs 12, Bettel 12, game Bettel 14."""
    return 2 * contract_value(value, game)


def left_of(seat: Seat) -> Seat:
    """The player on ``seat``'s left: the one before him in the counterclockwise turn."""
    return PLAYERS[(PLAYERS.index(seat) - 1) % len(PLAYERS)]


def right_of(seat: Seat) -> Seat:
    """The player on ``seat``'s right: the next in the counterclockwise turn."""
    return PLAYERS[(PLAYERS.index(seat) + 1) % len(PLAYERS)]


def contract_words(value: int, game: bool) -> str:
    name = CONTRACT_NAMES[value]
    if value < BETTEL:
        name = f"{name} ({value})"
    return f"game {name}" if game else name


# -- one hand's facts --------------------------------------------------------------------

@dataclass(frozen=True)
class HandFacts:
    """What the scoring needs of a finished hand, read from its ``result()``."""

    board: int
    passed_out: bool
    declarer: Seat | None = None
    value: int | None = None
    game: bool = False
    #: Each defender's part (:data:`ROLES`).
    roles: Mapping[Seat, str] = field(default_factory=dict)
    #: 0 none, 1 kontra, 2 rekontra, and so on: the scores double each time.
    kontra: int = 0
    #: Tricks won by each player (a hand without play: ten for the declarer).
    tricks: Mapping[Seat, int] = field(default_factory=dict)
    played: bool = True

    @classmethod
    def from_result(cls, result: Mapping[str, Any]) -> HandFacts:
        board = int(result.get("board", 0))
        if result.get("passed_out"):
            return cls(board, True)
        contract = result["contract"]
        return cls(
            board=board,
            passed_out=False,
            declarer=Seat.from_str(result["declarer"]),
            value=int(contract["value"]),
            game=bool(contract["game"]),
            roles={Seat.from_str(s): r for s, r in result["roles"].items()},
            kontra=int(result.get("kontra", 0)),
            tricks={Seat.from_str(s): int(n) for s, n in result["tricks"].items()},
            played=bool(result.get("played", True)),
        )

    @property
    def defenders(self) -> tuple[Seat, ...]:
        return tuple(s for s in PLAYERS if s != self.declarer)

    @property
    def declarer_tricks(self) -> int:
        assert self.declarer is not None
        return self.tricks.get(self.declarer, 0)

    @property
    def defence_tricks(self) -> int:
        return sum(self.tricks.get(s, 0) for s in self.defenders)

    @property
    def made(self) -> bool:
        """Section 8: "If he has won six or more tricks (zero tricks for Bettel)"."""
        if self.value == BETTEL:
            return self.declarer_tricks == 0
        return self.declarer_tricks >= 6


# -- section 8: scoring one hand -------------------------------------------------------------

@dataclass(frozen=True)
class HandScore:
    """The changes one hand makes to the sheet, and why, in the players' words."""

    #: Refa and kontra doublings together (section 8: "both doubles take effect
    #: simultaneously, for a net factor of four").
    multiplier: int
    #: The contract's value for this hand: the basic score times the multiplier,
    #: reduced at the end of the game (section 10). Each defence trick is worth this.
    value: int
    reduced: bool
    declarer_change: int
    #: Penalties in the defenders' declarer columns (positive amounts, subtracted).
    penalties: Mapping[Seat, int]
    #: Points each defender writes in his bula against the declarer.
    bulas: Mapping[Seat, int]
    lines: tuple[str, ...]

    def sum_change(self) -> int:
        return self.declarer_change - sum(self.penalties.values())


def score_hand(facts: HandFacts, *, refa: bool = False, sum_before: int | None = None
               ) -> HandScore:
    """Score one played (or conceded) contract, section 8.

    ``refa``: the declarer has a refa waiting (section 9: "all scoring counts double
    for that hand"). ``sum_before``: the sum of the declarer columns before the hand,
    for the end-of-game reduction of section 10 (None: no reduction).
    """
    if facts.passed_out or facts.declarer is None or facts.value is None:
        raise ValueError("a hand everyone passed has no contract to score")
    declarer = facts.declarer
    basic = basic_score(facts.value, facts.game)
    multiplier = (2 if refa else 1) * 2 ** facts.kontra
    value = basic * multiplier
    lines: list[str] = []
    made = facts.made
    name = contract_words(facts.value, facts.game)
    tricks_said = (f"took {facts.declarer_tricks} trick"
                   f"{'s' * (facts.declarer_tricks != 1)}")
    if not facts.played:
        lines.append(f"{declarer.word} wins {name} by default: nobody plays against him "
                     "(he counts ten tricks).")
    elif facts.value == BETTEL:
        lines.append(f"{declarer.word} {'made' if made else 'lost'} {name}: he {tricks_said}.")
    else:
        lines.append(f"{declarer.word} {'made' if made else 'failed in'} {name}: he "
                     f"{tricks_said}.")
    if multiplier > 1:
        lines.append(_multiplier_words(refa, facts.kontra, multiplier))
    penalties = _penalties(facts, value, lines)
    reduced = False
    if (made and not penalties and sum_before is not None and sum_before < 0
            and sum_before + value > 0):
        # Section 10: "the value of that contract is reduced so as to make the sum
        # exactly zero ... This same reduction applies to the defenders' trick score".
        value, reduced = -sum_before, True
        lines.append(f"The game ends: the contract is worth only {value} "
                     "(the declarer columns then add up to zero).")
    bulas = _bulas(facts, value, basic * multiplier, lines)
    change = value if made else -(basic * multiplier)
    return HandScore(multiplier, value, reduced, change, penalties, bulas, tuple(lines))


def _multiplier_words(refa: bool, kontra: int, multiplier: int) -> str:
    parts = (["his refa"] if refa else []) + (
        [("kontra", "rekontra")[kontra - 1] if kontra <= 2 else f"{kontra} doublings"]
        if kontra else [])
    return f"Scores count {multiplier} times ({' and '.join(parts)})."


def _penalties(facts: HandFacts, value: int, lines: list[str]) -> dict[Seat, int]:
    """Section 6's quotas: who among the defenders pays the basic score (times the
    multiplier) in his declarer column."""
    if facts.value == BETTEL or not facts.played:
        return {}
    roles = facts.roles
    tricks = facts.tricks
    total = facts.defence_tricks
    host = next((s for s, r in roles.items() if r == "host"), None)
    if host is not None:
        quota = KONTRA_QUOTA if facts.kontra else TEAM_QUOTA
        if total >= quota:
            lines.append(f"{host.word} is safe: the defence took {total} tricks "
                         f"(his quota {quota}).")
            return {}
        lines.append(f"{host.word} pays {value}: the defence took {total} of the {quota} "
                     "tricks he answered for.")
        return {host: value}
    playing = [s for s in facts.defenders if roles.get(s) == "defends"]
    penalties: dict[Seat, int] = {}
    if len(playing) == 2 and total >= TEAM_QUOTA:
        lines.append(f"Both defenders are safe: they took {total} tricks together.")
        return {}
    for seat in playing:
        if tricks.get(seat, 0) >= OWN_QUOTA:
            lines.append(f"{seat.word} is safe with {tricks.get(seat, 0)} tricks.")
        else:
            penalties[seat] = value
            lines.append(f"{seat.word} pays {value}: he took {tricks.get(seat, 0)} of his "
                         f"{OWN_QUOTA} tricks.")
    return penalties


def _bulas(facts: HandFacts, value: int, full_value: int, lines: list[str]) -> dict[Seat, int]:
    """Section 8: each defence trick is worth the contract's value, the inviting (or
    kontra) defender scores them all, and a lost Bettel gives each defender five."""
    declarer = facts.declarer
    assert declarer is not None
    roles = facts.roles
    for seat in facts.defenders:
        role = roles.get(seat)
        if role == "out":
            lines.append(f"{seat.word} dropped out: no penalty and no score.")
        elif role == "guest":
            lines.append(f"{seat.word} was invited: he is never penalised and never scores.")
    if not facts.played:
        return {}
    if facts.value == BETTEL:
        if facts.made:
            return {}
        points = DEFENCE_TRICKS_SCORED * full_value
        lines.append(f"Each defender scores {points} against {declarer.word}.")
        return {seat: points for seat in facts.defenders}
    bulas: dict[Seat, int] = {}
    total = min(facts.defence_tricks, DEFENCE_TRICKS_SCORED)
    for seat in facts.defenders:
        role = roles.get(seat)
        if role == "host":
            tricks = total
        elif role == "defends":
            tricks = min(facts.tricks.get(seat, 0), DEFENCE_TRICKS_SCORED)
        else:
            continue
        if tricks:
            bulas[seat] = tricks * value
            lines.append(f"{seat.word} scores {tricks} x {value} = {tricks * value} against "
                         f"{declarer.word}.")
    return bulas


# -- the sheet ------------------------------------------------------------------------------

@dataclass
class Column:
    """One player's three columns: his declarer column and his two bulas."""

    seat: Seat
    score: int
    refas: int = 0
    #: The declarer column as written: start, running values, hats, refa lines.
    marks: list[dict[str, Any]] = field(default_factory=list)
    #: Bula points against each opponent, and each entry as written.
    bula: dict[Seat, int] = field(default_factory=dict)
    bula_marks: dict[Seat, list[dict[str, Any]]] = field(default_factory=dict)
    #: A hat is drawn in the column and no inverted hat after it: the column went above
    #: zero and has not gone below zero since (at exactly zero it stays drawn).
    hat_drawn: bool = False

    @property
    def under_hat(self) -> bool:
        """Section 8: "his score is positive" (docs/decisions/0213)."""
        return self.score > 0

    @property
    def written(self) -> int:
        """The number on paper: no minus sign, with or without the hat."""
        return abs(self.score)


@dataclass
class Sheet:
    """The paper scoresheet of one game (sections 8-10)."""

    rules: PreferenceRules
    columns: dict[Seat, Column] = field(default_factory=dict)
    refas_declared: int = 0
    hands: int = 0
    last: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if not self.columns:
            for seat in PLAYERS:
                column = Column(seat, -self.rules.start)
                column.marks.append({"mark": "start", "written": self.rules.start})
                for other in PLAYERS:
                    if other != seat:
                        column.bula[other] = 0
                        column.bula_marks[other] = []
                self.columns[seat] = column

    @property
    def total(self) -> int:
        """The sum of the declarer columns (negative until the game ends)."""
        return sum(c.score for c in self.columns.values())

    def is_over(self) -> bool:
        """Section 10: "The game ends when the sum of all declarer columns is zero"."""
        return self.total == 0

    def refas_waiting(self) -> dict[Seat, int]:
        return {seat: self.columns[seat].refas for seat in PLAYERS}

    # -- recording a hand -------------------------------------------------------------

    def record(self, facts: HandFacts) -> dict[str, Any]:
        """Write one finished hand on the sheet; returns what changed and why."""
        if self.is_over():
            raise ValueError("this game is over: its sheet takes no more hands")
        self.hands += 1
        if facts.passed_out:
            change = self._all_passed(facts.board)
        else:
            change = self._contract(facts)
        self.last = change
        return change

    def _all_passed(self, board: int) -> dict[str, Any]:
        """Section 9: "If all players pass during the bidding, a doubling (Refa) of the
        scoring for each player's next contract occurs", not beyond the game's maximum,
        and not at all while a player is under the hat: "If a player is above zero
        (under the hat) in the declarer column, a refa is not declared when all players
        pass - the deal simply passes to the next player without further effect"
        (docs/decisions/0750; the table may agree that only he goes without)."""
        maximum = self.rules.most_refas
        lines = ["Everyone passed."]
        given: list[Seat] = []
        under_hat = [seat for seat in PLAYERS if self.columns[seat].under_hat]
        if maximum is not None and self.refas_declared >= maximum:
            lines.append("No refa: this game has had its maximum of "
                         f"{maximum} refa{'s' * (maximum != 1)}.")
        elif under_hat and self.rules.refa_under_hat == "none":
            lines.append(f"No refa: {' and '.join(s.word for s in under_hat)} "
                         f"{'is' if len(under_hat) == 1 else 'are'} under the hat (above "
                         "zero), so the deal simply passes without further effect.")
        else:
            for seat in PLAYERS:
                column = self.columns[seat]
                if column.under_hat:
                    lines.append(f"{seat.word} is under the hat: no refa for him.")
                    continue
                column.refas += 1
                column.marks.append({"mark": "refa", "board": board})
                given.append(seat)
            if given:
                self.refas_declared += 1
                lines.append("A refa for " + ", ".join(s.word for s in given)
                             + ": their next contract counts double.")
        return {"board": board, "passed_out": True, "refas": [s.value for s in given],
                "lines": lines, "declarer": None, "changes": {}, "bulas": {}}

    def _contract(self, facts: HandFacts) -> dict[str, Any]:
        declarer = facts.declarer
        assert declarer is not None
        column = self.columns[declarer]
        refa = column.refas > 0
        score = score_hand(facts, refa=refa, sum_before=self.total)
        changes: dict[Seat, int] = {declarer: score.declarer_change}
        for seat, amount in score.penalties.items():
            changes[seat] = changes.get(seat, 0) - amount
        lines = list(score.lines)
        for seat, change in changes.items():
            self._write_score(seat, change, facts.board, lines)
        if refa:
            column.refas -= 1
            column.marks.append({"mark": "refa used", "board": facts.board,
                                 "value": abs(score.declarer_change)})
            lines.append(f"{declarer.word}'s refa is used up: {abs(score.declarer_change)} "
                         "is written beside it.")
        for seat, points in score.bulas.items():
            total = self.columns[seat].bula[declarer] + points
            self.columns[seat].bula[declarer] = total
            self.columns[seat].bula_marks[declarer].append(
                {"board": facts.board, "points": points, "total": total})
        if self.is_over():
            lines.append("The declarer columns add up to zero: the game is over.")
        return {"board": facts.board, "passed_out": False, "declarer": declarer.value,
                "multiplier": score.multiplier, "value": score.value, "reduced": score.reduced,
                "changes": {s.value: c for s, c in changes.items()},
                "bulas": {s.value: p for s, p in score.bulas.items()},
                "refa_used": refa, "lines": lines}

    def _write_score(self, seat: Seat, change: int, board: int, lines: list[str]) -> None:
        """Section 8's hats: crossing zero upwards draws a hat; "his score becomes
        negative again; at this point he draws an inverted hat". A column that falls
        to exactly zero is neither: no longer above zero, not yet below it, so its hat
        stays without an inverted one until the score is negative (docs/decisions/0752)."""
        column = self.columns[seat]
        was_under = column.under_hat
        column.score += change
        column.marks.append({"mark": "score", "board": board, "change": change,
                             "score": column.score, "written": column.written,
                             "hat": column.under_hat})
        if column.score > 0 and not column.hat_drawn:
            column.hat_drawn = True
            column.marks.append({"mark": "hat", "board": board})
            lines.append(f"{seat.word} is now under the hat (above zero).")
        elif column.score < 0 and column.hat_drawn:
            column.hat_drawn = False
            column.marks.append({"mark": "inverted hat", "board": board})
            lines.append(f"{seat.word} is below zero again: an inverted hat.")
        elif column.score == 0 and was_under:
            lines.append(f"{seat.word} is back at zero: no longer above zero (under the "
                         "hat), not below it either, so no inverted hat.")
        elif column.score > 0 and not was_under:
            lines.append(f"{seat.word} is above zero again, under the hat he drew before.")

    # -- section 10: the final reckoning ----------------------------------------------------

    def reckoning(self) -> dict[str, dict[str, Any]]:
        """Each player's "Sum of bula ... minus bulas owed ... plus (or minus) ten
        times the value of the declarer column", written as the text writes it."""
        result: dict[str, dict[str, Any]] = {}
        for seat in PLAYERS:
            column = self.columns[seat]
            own = [column.bula[other] for other in (right_of(seat), left_of(seat))]
            owed = [self.columns[other].bula[seat] for other in (right_of(seat), left_of(seat))]
            declarer = DECLARER_WEIGHT * column.score
            total = sum(own) - sum(owed) + declarer
            terms = " + ".join(str(n) for n in own) + "".join(f" - {n}" for n in owed)
            terms += f" + {declarer}" if declarer >= 0 else f" - {-declarer}"
            result[seat.value] = {"bulas": own, "owed": owed, "declarer": declarer,
                                  "total": total, "sum": f"{terms} = {total:+d}"}
        return result

    # -- as data ---------------------------------------------------------------------------

    def as_data(self) -> dict[str, Any]:
        players: dict[str, Any] = {}
        for seat in PLAYERS:
            column = self.columns[seat]
            players[seat.value] = {
                "score": column.score,
                "written": column.written,
                "under_hat": column.under_hat,
                "refas": column.refas,
                "declarer_column": [dict(m) for m in column.marks],
                "left": _bula_data(column, left_of(seat)),
                "right": _bula_data(column, right_of(seat)),
            }
        return {"players": players, "sum": self.total, "hands": self.hands,
                "refas_declared": self.refas_declared, "over": self.is_over(),
                "final": self.reckoning() if self.is_over() else None}


def _bula_data(column: Column, against: Seat) -> dict[str, Any]:
    return {"against": against.value, "total": column.bula[against],
            "entries": [dict(m) for m in column.bula_marks[against]]}


# -- a table's hands, game after game ---------------------------------------------------------

def sheets(rules: PreferenceRules, results: Sequence[Mapping[str, Any]]) -> list[Sheet]:
    """The sheets of the games a table's finished hands make, oldest first: a game
    ends when its declarer columns add up to zero and the next hand starts a new one."""
    games = [Sheet(rules.table_rules())]
    for result in results:
        if games[-1].is_over():
            games.append(Sheet(rules.table_rules()))
        games[-1].record(HandFacts.from_result(result))
    return games


def standing(rules: PreferenceRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Where a table's Preference stands after its finished hands (oldest first): the
    sheet of the game in progress (or just ended, with its final reckoning), what the
    last hand changed and why, and ``next_options``, the refas the next hand is dealt
    with (pass them to ``find_game("preference", **options, **next_options)``)."""
    all_sheets = sheets(rules, results)
    sheet = all_sheets[-1]
    data = sheet.as_data()
    data.update({"game": len(all_sheets), "start": rules.start, "refa_max": rules.most_refas,
                 "last": sheet.last})
    waiting = ({s.value: 0 for s in PLAYERS} if sheet.is_over()
               else {s.value: n for s, n in sheet.refas_waiting().items()})
    data["next_options"] = {"refas": waiting}
    return data


def read_standing(rules: PreferenceRules, data: Mapping[str, Any]) -> Standing:
    """The sheet, typed for the teacher's wall: "Game 1 from 30, 4 hands" and each
    player's score as the sheet reckons it."""
    hands = int(data.get("hands") or 0)
    words = f"Game {data['game']} from {data['start']}, {hands} hand{'s' if hands != 1 else ''}"
    if data.get("over"):
        words += ": the sheet is closed"
    totals = {seat: int(player["score"]) for seat, player in data["players"].items()}
    return Standing(totals=totals, words=words, over=bool(data.get("over")))


# -- a finished hand for the site's lists -------------------------------------------------

#: A defender's part (:data:`ROLES`) as the site's role words say it: one who dropped out
#: and was not invited took no part in the play.
_ROLE_WORDS = {"defends": "defender", "host": "defender", "guest": "defender", "out": "passed"}


def contract_said(value: int, game: bool) -> str:
    """A contract as a child reads it: "clubs (five)", "Bettel (take no trick)",
    "Sans (no trumps)", and "as a game (without the talon)" when it is one (section 5)."""
    if value < BETTEL:
        name = f"{CONTRACT_NAMES[value]} ({NUMBER_WORDS[value]})"
    else:
        name = f"{CONTRACT_NAMES[value]} ({'take no trick' if value == BETTEL else 'no trumps'})"
    return f"{name} as a game (without the talon)" if game else name


def read_result(rules: PreferenceRules, data: Mapping[str, Any]) -> HandResult:
    """A finished hand's typed result from ``Preference.result()``.

    ``scores``: what the hand is worth to each player in the final reckoning (section
    10: bulas won, less bulas written against him, plus ten times his declarer column's
    change), as :func:`score_hand` scores the hand alone. The end-of-game reduction
    (section 10) needs the sheet's sum before the hand, so it is left out: in the hand
    that ends a game the sheet may show less. A hand everyone passed writes no points.

    >>> read_result(PreferenceRules(), {"board": 1, "passed_out": True, "refas": {}}).words
    'All passed: nobody plays'
    """
    if data.get("passed_out") or not data.get("declarer"):
        passed: tuple[str, ...] = ()
        if rules.most_refas == 0:
            words = "All passed: nobody plays, and it has no effect"
        else:
            # Section 9: each player's next contract counts double; not while a player
            # is under the hat, and not once the game's refas are all declared. Only the
            # sheet knows which, so the words claim no refa (docs/decisions/0750).
            words = "All passed: nobody plays"
            hat = ("not while a player is under the hat" if rules.refa_under_hat == "none"
                   else "not for a player under the hat")
            passed = ("A refa makes each player's next contract count double "
                      f"({hat}, nor once the game's refas are used up).",)
        return HandResult(game="preference", words=words,
                          roles={seat.value: "passed" for seat in PLAYERS}, lines=passed)
    facts = HandFacts.from_result(data)
    declarer = facts.declarer
    assert declarer is not None and facts.value is not None
    said = contract_said(facts.value, facts.game)
    tricks = {seat.value: int(facts.tricks.get(seat, 0)) for seat in PLAYERS}
    if not facts.played:
        words = f"Nobody played against {declarer.word}: he wins {said} with ten tricks"
    else:
        n = facts.declarer_tricks
        words = (f"{declarer.word} played {said} and took {n} trick{'s' * (n != 1)}: "
                 f"{'made' if facts.made else 'failed'}")
    lines: list[str] = []
    refa = bool(data.get("refa"))
    if refa:
        lines.append(f"{declarer.word} had a refa waiting.")
    kontra_by = data.get("kontra_by")
    if facts.kontra and kontra_by:
        said_kontra = f"{Seat.from_str(str(kontra_by)).word} said kontra"
        if facts.kontra >= 2:
            said_kontra += f", then {declarer.word} rekontra"
        if facts.kontra >= 3:
            said_kontra += f", and they doubled on ({facts.kontra} doublings)"
        lines.append(f"{said_kontra}.")
    score = score_hand(facts, refa=refa)
    # The first line restates the words; the rest say the doublings' count, who is
    # safe or pays, and the bulas.
    lines.extend(score.lines[1:])
    worth = {seat: 0 for seat in PLAYERS}
    worth[declarer] += DECLARER_WEIGHT * score.declarer_change
    for seat, amount in score.penalties.items():
        worth[seat] -= DECLARER_WEIGHT * amount
    for seat, points in score.bulas.items():
        worth[seat] += points
        worth[declarer] -= points
    roles = {declarer.value: "declarer"}
    roles.update({seat.value: _ROLE_WORDS.get(part, "defender")
                  for seat, part in facts.roles.items()})
    return HandResult(game="preference", words=words,
                      scores={seat.value: n for seat, n in worth.items()}, tricks=tricks,
                      roles=roles, lines=tuple(lines))
