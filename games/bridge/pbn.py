"""PBN 2.1 (Portable Bridge Notation) files: read and write them like the json module.

``loads(text)`` / ``load(handle)`` give a list of :class:`PbnGame`;
``dumps(games)`` / ``dump(games, handle)`` write them back. Parsers take text
or an open handle, never a path: only the command line opens files.

A game keeps its tags in file order, the lines of each section (the data
lines after a tag such as Play, Auction or ScoreTable) and its comments, so
a file reads back as it was written. Helpers turn the tags into engine
values: :meth:`PbnGame.deal`, :meth:`PbnGame.play`, :meth:`PbnGame.contract`,
:meth:`PbnGame.table`. :func:`record_for_play` writes the record of a hand
played on the site. Our own MiniBridge tags are described in docs/pbn.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO

from games.bridge.contracts import Contract, InvalidContractError
from games.cards import Card, InvalidCardError, Suit
from games.deals import Deal, InvalidDealError, Vulnerability
from games.seats import SEATS, Seat
from games.tricks import Trick


class PbnError(ValueError):
    """A PBN text that cannot be read, with the line where it went wrong."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.message = message
        self.line = line


#: The tags every exported game carries, in the order PBN 2.1 writes them.
MANDATORY_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)

_UNKNOWN = ("", "?")
#: ``game.play()`` takes the trumps from the Contract tag unless told otherwise.
FROM_CONTRACT = object()


@dataclass(frozen=True, slots=True)
class TableColumn:
    """One column of a table section header, e.g. ``PairId_NS\\2R`` (name,
    width 2, right-aligned) or ``+Score_NS`` (sorted ascending)."""

    name: str
    width: int | None = None
    align: str | None = None
    order: str = ""

    @classmethod
    def from_str(cls, text: str) -> TableColumn:
        match = _COLUMN.fullmatch(text.strip())
        if not match:
            raise PbnError(f"{text!r} is not a table column (write it like Score_NS\\6R)")
        order, name, width, align = match.groups()
        return cls(name, int(width) if width else None, align.upper() if align else None, order)

    def __str__(self) -> str:
        spec = f"\\{self.width}{self.align or ''}" if self.width is not None else ""
        return f"{self.order}{self.name}{spec}"


_COLUMN = re.compile(r"([+-]?)([A-Za-z][A-Za-z0-9_]*)(?:\\(\d+)([LlRr]?))?")


@dataclass(frozen=True)
class PbnTable:
    """A table section (ScoreTable, OptimumResultTable, ...): its columns and
    one dict per row, column name -> the value as written ("-" kept)."""

    columns: tuple[TableColumn, ...]
    rows: tuple[dict[str, str], ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


@dataclass
class PbnGame:
    """One game of a PBN file.

    ``tags`` maps tag names to values in file order (inherited "#" values
    already resolved). ``sections`` maps a tag name to the data lines that
    followed it (Play, Auction, the tables), kept as written. ``notes`` holds
    the Note tags that followed a section, keyed by that section's tag.
    ``comments`` holds the comments written before (or on the line of) a
    tag, keyed by that tag; comments after the last tag are under ``""``.
    """

    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    comments: dict[str, list[str]] = field(default_factory=dict)
    #: Where each tag stood in the file, for error messages (not compared).
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.tags.get(name, default)

    def _known(self, name: str) -> str | None:
        """The tag's value, or ``None`` when missing, empty or "?" (unknown)."""
        value = self.tags.get(name)
        return None if value is None or value.strip() in _UNKNOWN else value.strip()

    def _error(self, message: str, tag: str) -> PbnError:
        return PbnError(f"{tag}: {message}", self.lines.get(tag))

    # -- identification ---------------------------------------------------------

    def board(self) -> int | None:
        value = self._known("Board")
        if value is None:
            return None
        if not value.isdigit() or int(value) < 1:
            raise self._error(f"{value!r} is not a board number", "Board")
        return int(value)

    def deal(self) -> Deal:
        """The Deal tag as a :class:`Deal`, with the Dealer, Vulnerable and
        Board tags. Without them, dealer and vulnerability follow the board
        number (board 1 if there is none). A "-" hand is left out."""
        text = self._known("Deal")
        if text is None:
            raise self._error("this game has no deal", "Deal")
        dealer = self._seat_tag("Dealer")
        vulnerability = None
        if (vulnerable := self._known("Vulnerable")) is not None:
            try:
                vulnerability = Vulnerability.from_str(vulnerable)
            except InvalidDealError as exc:
                raise self._error(str(exc), "Vulnerable") from exc
        try:
            return Deal.from_pbn(text, dealer=dealer, board=self.board() or 1,
                                 vulnerability=vulnerability)
        except InvalidDealError as exc:
            raise self._error(str(exc), "Deal") from exc

    def _seat_tag(self, name: str) -> Seat | None:
        value = self._known(name)
        if value is None:
            return None
        try:
            return Seat.from_str(value.lstrip("^"))
        except ValueError as exc:
            raise self._error(str(exc), name) from exc

    # -- the result -------------------------------------------------------------

    def declarer(self) -> Seat | None:
        """The Declarer tag ("^" marks an irregular declarer; the seat counts)."""
        return self._seat_tag("Declarer")

    def contract(self) -> Contract | None:
        """The Contract tag: ``Contract(level, denomination, doubled)``, a
        passed-out board for "Pass", ``None`` when unknown."""
        value = self._known("Contract")
        if value is None:
            return None
        try:
            return Contract.from_str(value)
        except InvalidContractError as exc:
            raise self._error(str(exc), "Contract") from exc

    def result(self) -> int | None:
        """The Result tag: the number of tricks declarer took."""
        value = self._known("Result")
        if value is None:
            return None
        if not value.isdigit() or int(value) > 13:
            raise self._error(f"{value!r} is not a number of tricks (0 to 13)", "Result")
        return int(value)

    def score(self) -> int | None:
        """The Score tag from the declaring side's view (negative when it went
        down). Reads "NS 620", "EW -100" or a plain number, which PBN gives
        from declarer's side."""
        value = self._known("Score")
        if value is None:
            return None
        parts = value.split()
        try:
            if len(parts) == 1:
                return int(parts[0])
            side, points = parts[0].upper(), int(parts[1])
        except ValueError as exc:
            raise self._error(f"{value!r} is not a score", "Score") from exc
        if side not in ("NS", "EW"):
            raise self._error(f"{value!r}: a score belongs to NS or EW", "Score")
        declarer = self.declarer()
        if declarer is None:
            raise self._error("a score for NS or EW needs a Declarer", "Score")
        return points if declarer.side.value == side else -points

    # -- sections -----------------------------------------------------------------

    def play(self, *, trumps: Suit | None | object = FROM_CONTRACT,
             ) -> tuple[Seat, list[tuple[Seat, Card]]]:
        """The Play section as (opening leader, cards in the order played).

        Each trick is four cards in columns, one per seat, starting with the
        seat of the Play tag (PBN 2.1, 3.6; exported one trick a line). The
        winner of a trick leads the next, so the trumps (from the Contract
        unless given) decide the order in which the cards were played. "-"
        is a card not played (the hand stopped, e.g. after a claim) and "*"
        ends the play; notes ("=1="), NAGs ("$3"), irregularity marks ("^")
        and the annotations "+", "!", "?" after a card are ignored.
        """
        if "Play" not in self.tags:
            raise self._error("this game has no Play section", "Play")
        first = self._seat_tag("Play")
        if first is None:
            raise self._error("the Play tag names no seat", "Play")
        if trumps is FROM_CONTRACT:
            trumps = self._trumps_for_play()
        try:
            tokens = _play_tokens(self.sections.get("Play", []))
        except InvalidCardError as exc:
            raise self._error(str(exc), "Play") from exc
        columns = [SEATS[(first.index + i) % 4] for i in range(4)]
        plays: list[tuple[Seat, Card]] = []
        leader = first
        for number, start in enumerate(range(0, len(tokens), 4), start=1):
            row = tokens[start:start + 4]
            if len(row) < 4:
                raise self._error(f"trick {number} has {len(row)} cards, not 4 "
                                  "(write - for a card not played)", "Play")
            by_seat = dict(zip(columns, row, strict=True))
            trick = self._trick_in_order(leader, by_seat, number)
            plays.extend(trick.cards)
            if len(trick.cards) < 4:
                if start + 4 < len(tokens):
                    raise self._error(f"trick {number} is not finished but more tricks follow",
                                      "Play")
                break
            leader = trick.winner(trumps)  # type: ignore[arg-type]
        return first, plays

    def _trumps_for_play(self) -> Suit | None:
        contract = self.contract()
        if contract is None:
            raise self._error("the Play section needs the Contract to know the trumps", "Play")
        if contract.is_passed_out:
            raise self._error("a passed-out board has no play", "Play")
        return contract.trumps

    def _trick_in_order(self, leader: Seat, by_seat: dict[Seat, Card | None], number: int) -> Trick:
        trick = Trick(leader)
        seat = leader
        for _ in range(4):
            card = by_seat[seat]
            if card is None:
                break
            trick.cards.append((seat, card))
            seat = seat.next
        later = [s for s in SEATS if by_seat[s] is not None and s not in dict(trick.cards)]
        if later:
            raise self._error(f"trick {number}: {later[0].word} has a card but "
                              f"{seat.word}, who plays before, has none", "Play")
        return trick

    def table(self, name: str = "ScoreTable") -> PbnTable:
        """A table section: the header in the tag value names the columns,
        each line of the section is a row (PBN 2.1, 5.2; quoted values are
        unquoted, "-" is kept)."""
        if name not in self.tags:
            raise PbnError(f"this game has no {name}")
        try:
            columns = tuple(TableColumn.from_str(part) for part in self.tags[name].split(";")
                            if part.strip())
        except PbnError as exc:
            raise self._error(exc.message, name) from exc
        if not columns:
            raise self._error("a table needs at least one column", name)
        rows = []
        for line in self.sections.get(name, []):
            values = _row_values(line)
            if not values:
                continue
            if len(values) != len(columns):
                raise self._error(f"the row {line.strip()!r} has {len(values)} values "
                                  f"for {len(columns)} columns", name)
            rows.append(dict(zip((c.name for c in columns), values, strict=True)))
        return PbnTable(columns, tuple(rows))


# -- reading --------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def loads(text: str) -> list[PbnGame]:
    """Every game of a PBN text. Raises :class:`PbnError` with the line number."""
    return _Reader(text).games()


def load(handle: IO[str] | IO[bytes]) -> list[PbnGame]:
    """Every game of an open PBN file (text, or bytes in UTF-8 or Latin-1)."""
    data = handle.read()
    if isinstance(data, str):
        return loads(data)
    try:
        return loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return loads(data.decode("latin-1"))  # PBN's original character set


class _Reader:
    """Reads a PBN text line by line, one game per run of non-blank lines."""

    def __init__(self, text: str) -> None:
        self.lines = _LINE_BREAK.split(text.lstrip("\ufeff"))
        self.done: list[PbnGame] = []
        self.game = PbnGame()
        self.pending: list[str] = []  # comments waiting for the tag they precede
        self.last_tag: str | None = None
        self.ignoring = False  # reading the data of a repeated tag, which PBN ignores
        self.last_section: str = ""
        self.open_comment: list[str] | None = None  # a {comment} still open
        self.open_in_section = False  # that comment is inside section data

    def games(self) -> list[PbnGame]:
        for number, line in enumerate(self.lines, start=1):
            self.read_line(line, number)
        if self.open_comment is not None:
            raise PbnError("a { comment is never closed", len(self.lines))
        self.finish_game(len(self.lines))
        return self.done

    def read_line(self, line: str, number: int) -> None:
        if self.open_in_section:
            self.add_section_line(line)
            self.open_in_section = _brace_open(line, True)
            return
        if self.open_comment is not None:
            rest = self.continue_comment(line)
            if rest is None or not rest.strip():
                return
            line = rest
        elif line.startswith("%"):
            return  # escape line: PBN version, EXPORT, our own directives
        if not line.strip():
            self.finish_game(number)
            return
        self.read_tokens(line, number)

    def continue_comment(self, line: str) -> str | None:
        assert self.open_comment is not None
        end = line.find("}")
        if end < 0:
            self.open_comment.append(line)
            return None
        self.open_comment.append(line[:end + 1])
        self.pending.append("\n".join(self.open_comment))
        self.open_comment = None
        return line[end + 1:]

    def read_tokens(self, line: str, number: int) -> None:
        pos = 0
        tag_on_line: str | None = None  # a comment after a tag on its line is that tag's
        while pos < len(line):
            char = line[pos]
            if char.isspace():
                pos += 1
            elif char == "[":
                match = _TAG.match(line, pos)
                if not match:
                    raise PbnError(f"a tag is written [Name \"value\"]: {line[pos:].strip()!r}",
                                   number)
                self.add_tag(match.group(1), _unescape(match.group(2)), number)
                tag_on_line = match.group(1)
                pos = match.end()
            elif char == ";":
                self.pending.append(line[pos:].rstrip())
                break
            elif char == "{":
                end = line.find("}", pos)
                if end < 0:
                    self.open_comment = [line[pos:]]
                    return
                self.pending.append(line[pos:end + 1])
                pos = end + 1
            else:
                self.section_data(line[pos:], number)
                return
        if tag_on_line is not None and self.pending:
            self.attach_comments(tag_on_line)

    def add_tag(self, name: str, value: str, number: int) -> None:
        game = self.game
        if name == "Note":
            game.notes.setdefault(self.last_section, []).append(value)
            if self.pending:
                self.attach_comments("Note")
            return
        if self.pending:
            self.attach_comments(name)
        self.ignoring = name in game.tags
        if self.ignoring:
            return  # PBN 2.1, 3.3: a tag pair that already occurred is ignored (with its data)
        game.tags[name] = value
        game.lines[name] = number
        self.last_tag = name

    def attach_comments(self, name: str) -> None:
        self.game.comments.setdefault(name, []).extend(self.pending)
        self.pending = []

    def section_data(self, text: str, number: int) -> None:
        if self.last_tag is None:
            raise PbnError(f"{text.strip()!r} is neither a tag nor the data of one", number)
        self.open_in_section = _brace_open(text, False)
        if not self.ignoring:
            self.last_section = self.last_tag
        self.add_section_line(text)

    def add_section_line(self, text: str) -> None:
        assert self.last_tag is not None
        if self.ignoring:
            return
        self.game.sections.setdefault(self.last_tag, []).append(text.rstrip())

    def finish_game(self, number: int) -> None:
        if not self.game.tags:
            return  # blank lines between games, or comments waiting for a game
        if self.pending:
            self.attach_comments("")
        self.inherit(self.game, number)
        self.done.append(self.game)
        self.game = PbnGame()
        self.last_tag = None
        self.ignoring = False
        self.last_section = ""

    def inherit(self, game: PbnGame, number: int) -> None:
        """PBN 2.1, 4.8: a tag value "#" takes the previous game's value of
        that tag; a value starting "##" is a literal one starting "#"."""
        previous = self.done[-1].tags if self.done else {}
        for name, value in game.tags.items():
            if value == "#":
                if name not in previous:
                    raise PbnError(f'[{name} "#"] copies the previous game\'s {name}, '
                                   "but there is none", game.lines.get(name, number))
                game.tags[name] = previous[name]
            elif value.startswith("##"):
                game.tags[name] = value[1:]


def _unescape(value: str) -> str:
    """PBN 2.1, 3.3: \\" is a quote and \\\\ a backslash; any other
    backslash is itself (table headers write ``Score_NS\\6R``)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _escape(value: str) -> str:
    # Double only the backslashes a reader would take for an escape.
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def _brace_open(text: str, already_open: bool) -> bool:
    """Whether a {comment} is still open at the end of a section line
    (a brace inside a quoted table value does not count)."""
    open_, quoted = already_open, False
    for char in text:
        if open_:
            open_ = char != "}"
        elif char == '"':
            quoted = not quoted
        elif char == "{" and not quoted:
            open_ = True
        elif char == ";" and not quoted:
            break
    return open_


def _strip_comments(text: str) -> str:
    """Section text without its comments ({...} anywhere, ; to end of line),
    quoted values kept whole."""
    out: list[str] = []
    in_brace = quoted = in_line = False
    for char in text:
        if in_brace:
            in_brace = char != "}"
            if not in_brace:
                out.append(" ")
        elif in_line:
            if char == "\n":
                in_line = False
                out.append(char)
        elif char == '"':
            quoted = not quoted
            out.append(char)
        elif not quoted and char == "{":
            in_brace = True
        elif not quoted and char == ";":
            in_line = True
        else:
            out.append(char)
    return "".join(out)


_NOTE_REF = re.compile(r"=\d+=")
_ANNOTATION = "+!?"


def _play_tokens(lines: Sequence[str]) -> list[Card | None]:
    """The cards of a Play section in column order, ``None`` for "-"."""
    tokens: list[Card | None] = []
    for raw in _NOTE_REF.sub(" ", _strip_comments("\n".join(lines))).split():
        if raw == "*":
            break
        if raw.startswith(("$", "^")):
            continue  # a NAG or an irregularity mark, not a card
        token = raw.rstrip(_ANNOTATION)
        if not token:
            continue
        if token == "-":
            tokens.append(None)
            continue
        tokens.append(Card.from_str(token))
    return tokens


_ROW_VALUE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def _row_values(line: str) -> list[str]:
    return [_unescape(m.group(1)) if m.group(1) is not None else m.group(2)
            for m in _ROW_VALUE.finditer(_strip_comments(line))]


# -- writing --------------------------------------------------------------------------

def dumps(games: Iterable[PbnGame]) -> str:
    """PBN 2.1 text for ``games``: a header, then each game's tags, sections,
    notes and comments, games separated by a blank line."""
    blocks = ["% PBN 2.1\n% EXPORT\n"]
    blocks.extend(_game_text(game) for game in games)
    return "\n".join(blocks)


def dump(games: Iterable[PbnGame], handle: IO[str]) -> None:
    handle.write(dumps(games))


def _game_text(game: PbnGame) -> str:
    lines: list[str] = []
    note_comments = list(game.comments.get("Note", []))

    def notes_after(section: str) -> None:
        if game.notes.get(section):
            lines.extend(note_comments)
            note_comments.clear()
            lines.extend(f'[Note "{_escape(note)}"]' for note in game.notes[section])

    notes_after("")
    for name, value in game.tags.items():
        lines.extend(game.comments.get(name, []))
        if value.startswith("#"):
            value = "#" + value  # a literal "#" would read as inherited
        lines.append(f'[{name} "{_escape(value)}"]')
        lines.extend(game.sections.get(name, []))
        notes_after(name)
    lines.extend(note_comments)
    lines.extend(game.comments.get("", []))
    return "\n".join(lines) + "\n"


def table_row(values: Sequence[str]) -> str:
    """One line of a table section (PBN 2.1, 5.2): a value is a token, or a
    quoted string when it holds a space or is empty."""
    return " ".join(f'"{_escape(v)}"' if not v or any(c.isspace() for c in v) or '"' in v
                    else v for v in values)


def play_section(first_leader: Seat, plays: Sequence[tuple[Seat, Card]],
                 trumps: Suit | None) -> list[str]:
    """The Play section lines for ``plays``: one line per trick, each card in
    the column of its seat, columns starting with the opening leader; "-"
    for cards not played and a final "*" if the hand stopped early."""
    columns = [SEATS[(first_leader.index + i) % 4] for i in range(4)]
    lines: list[str] = []
    leader = first_leader
    for start in range(0, len(plays), 4):
        trick = Trick(leader, list(plays[start:start + 4]))
        expected = leader
        for seat, card in trick.cards:
            if seat is not expected:
                raise ValueError(f"{card} is played by {seat.word} but it is "
                                 f"{expected.word}'s turn")
            expected = expected.next
        cards = {seat: str(card) for seat, card in trick.cards}
        lines.append(" ".join(f"{cards.get(seat, '-'):<2}" for seat in columns).rstrip())
        if len(trick.cards) == 4:
            leader = trick.winner(trumps)
    if len(plays) < 52:
        lines.append("*")
    return lines


def record_for_play(
    deal: Deal,
    *,
    event: str,
    declarer: Seat,
    contract: Contract | str,
    result: int,
    score: int,
    first_leader: Seat,
    plays: Sequence[tuple[Seat, Card]],
    extra_tags: Mapping[str, str] | None = None,
) -> PbnGame:
    """The PBN record of a hand played on the site.

    ``score`` is the declaring side's score (negative when it went down);
    ``plays`` the cards in the order played, starting with ``first_leader``.
    ``extra_tags`` add or replace tags: players' names, Site, Date, and our
    own MiniBridge tags (docs/pbn.md).
    """
    if isinstance(contract, str):
        contract = Contract.from_str(contract)
    tags: dict[str, str] = {
        "Event": event, "Site": "", "Date": "", "Board": str(deal.board),
        "West": "", "North": "", "East": "", "South": "",
        "Dealer": deal.dealer.value, "Vulnerable": deal.vulnerability.value,
        "Deal": deal.pbn(first=deal.dealer), "Scoring": "",
        "Declarer": declarer.value, "Contract": str(contract), "Result": str(result),
        "Score": f"{declarer.side.value} {score}",
    }
    tags.update(extra_tags or {})
    game = PbnGame(tags=tags)
    if plays:
        game.tags["Play"] = first_leader.value
        game.sections["Play"] = play_section(first_leader, plays, contract.trumps)
    return game
