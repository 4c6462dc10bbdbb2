"""Teachers, classes, pupils, tables, and each hand as its deal plus its action log.

A hand in progress lives only here: the deal (or its seed) and the ordered
actions, one row each with a sequence number unique per hand. The engine's
state is the replay of that log (DESIGN.md), so a restarted server, a crashed
worker or a second server loses nothing. Business rules live in
``teaching/services*.py``, not in ``save()``.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from games.registry import catalogue

SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]

#: How a deleted pupil is named where their hands stay for the other players.
FORMER_PUPIL = "a former pupil"


class CoachMode(models.TextChoices):
    """How much the coach helps (issue 29; docs/decisions/0820-help-at-the-table.md): a
    class's setting, and a pupil's own, which replaces it when set."""

    OFF = "off", "Coach off"
    HINTS = "hints", "Hints on request"
    REVIEW = "review", "Hints and the review"


def default_game() -> str:
    """The game a new class, table or session plays unless told otherwise: the
    catalogue's first (docs/decisions/0140-a-class-names-its-game.md)."""
    return catalogue()[0].name


class User(AbstractUser):
    """Anyone who logs in. Teachers use their e-mail address; pupils have none
    and log in with their class code, their name and a secret word."""

    class Role(models.TextChoices):
        TEACHER = "teacher", "Teacher"
        PUPIL = "pupil", "Pupil"

    role = models.CharField(max_length=8, choices=Role.choices, default=Role.TEACHER)
    display_name = models.CharField(max_length=60, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("email"), condition=Q(role="teacher"), name="unique_teacher_email"
            ),
        ]

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

    @property
    def is_pupil(self) -> bool:
        return self.role == self.Role.PUPIL

    def __str__(self) -> str:
        return self.display_name or self.email or self.username


class Classroom(models.Model):
    """A teacher's class, playing one registered game with its options (a stage of
    the game's lessons is an option like any other)."""

    name = models.CharField(max_length=80)
    #: What pupils type on the login page; printed on their login cards.
    code = models.CharField(max_length=8, unique=True)
    owner = models.ForeignKey(User, on_delete=models.PROTECT, related_name="classrooms_owned")
    co_teachers = models.ManyToManyField(User, blank=True, related_name="classrooms_shared")
    #: The registry name of the game the class plays, and its options (checked by
    #: ``games.registry`` when the teacher sets them).
    game = models.CharField(max_length=32, default=default_game)
    options = models.JSONField(default=dict, blank=True)
    #: How long robots wait before playing, so pupils can follow the play.
    robot_pause_ms = models.PositiveIntegerField(default=800)
    robot_level = models.CharField(max_length=16, default="beginner")
    #: How much the coach helps the class's pupils (a pupil may have their own).
    coach_mode = models.CharField(max_length=8, choices=CoachMode.choices,
                                  default=CoachMode.HINTS)
    #: Whether the coach helps at the tables of a duplicate session or a league match too
    #: (off: a pupil plays those on their own).
    coach_in_matches = models.BooleanField(default=False)
    archived = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Pupil(models.Model):
    """A child or adult beginner in one class. No e-mail, no birthdate: only a
    name the class knows them by and the secret on their login card."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="pupil")
    classroom = models.ForeignKey(Classroom, on_delete=models.PROTECT, related_name="pupils")
    name = models.CharField(max_length=40)
    #: Kept readable so the teacher can print the login card again; a short,
    #: low-value secret that login throttling protects
    #: (docs/decisions/0010-class-codes-and-secrets.md).
    secret = models.CharField(max_length=24)
    #: A pupil may be ahead of or behind the class: these options replace the
    #: class's own at their practice table and when the class is seated (empty: the
    #: class's options). Cleared when the class changes game.
    options_override = models.JSONField(default=dict, blank=True)
    #: The pupil's own coach mode (a :class:`CoachMode` value); empty: the class's.
    coach_mode = models.CharField(max_length=8, blank=True, default="",
                                  choices=CoachMode.choices)
    archived = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                "classroom", Lower("name"), condition=Q(archived=False),
                name="unique_pupil_name_in_class",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def options(self) -> dict:
        """The options the pupil plays the class's game with: their own, else the class's."""
        return dict(self.options_override or self.classroom.options)


class LoginFailure(models.Model):
    """A login that failed, kept a day for the throttle (teaching/accounts/throttle.py):
    a pupil's wrong secret, a class code no class has, a teacher's wrong password, a
    sign-up (each mails a link, so each counts). ``client`` is who knocked: the browser
    when it carries a device cookie a good login earned, else its network address (a
    whole school may share one); ``network`` is the network address always, so that what
    a login does not vouch for is counted there however many cookies a client gets.
    ``account`` is the e-mail address a teacher typed, keyed (never the address itself)."""

    class Kind(models.TextChoices):
        SECRET = "secret", "Wrong secret"
        CODE = "code", "Unknown class code"
        PASSWORD = "password", "Wrong teacher password"
        SIGNUP = "signup", "Sign-up mailed"

    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SECRET)
    classroom = models.ForeignKey(Classroom, null=True, on_delete=models.CASCADE,
                                  related_name="+")
    pupil = models.ForeignKey(Pupil, null=True, on_delete=models.CASCADE, related_name="+")
    client = models.CharField(max_length=80, blank=True)
    network = models.CharField(max_length=80, blank=True)
    account = models.CharField(max_length=64, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["client", "at"], name="loginfailure_client_at"),
            models.Index(fields=["network", "at"], name="loginfailure_network_at"),
            models.Index(fields=["account", "at"], name="loginfailure_account_at"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.at:%Y-%m-%d %H:%M:%S}"


class LoginUnlock(models.Model):
    """A teacher lifting the lock on a pupil's logins (``pupil``) or on the whole
    class's (no pupil): failures before it no longer count against them."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="+")
    pupil = models.ForeignKey(Pupil, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="+")
    by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"Unlocked at {self.at:%Y-%m-%d %H:%M:%S}"


class SchoolDevice(models.Model):
    """A browser a teacher marked as her school's (a classroom tablet): her pupils log in
    there past the locks that strangers' wrong secrets cause
    (docs/decisions/0721-school-devices.md). Known only by the random id in its signed
    device cookie, and by the name she gave it, if any; it goes with her account."""

    teacher = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    device = models.CharField(max_length=40, db_index=True)
    label = models.CharField(max_length=40, blank=True)
    marked = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["marked", "id"]
        constraints = [
            models.UniqueConstraint(fields=["teacher", "device"],
                                    name="unique_school_device_per_teacher"),
        ]

    def __str__(self) -> str:
        return self.label or f"A device marked {self.marked:%Y-%m-%d}"


class PendingSignup(models.Model):
    """A teacher's sign-up waiting for her to open the link mailed to the address; the
    link's page asks for her password and makes the account
    (docs/decisions/0336-sign-up-confirmed-by-e-mail.md, 0710). No password is kept here:
    whoever asked for the link need not own the address. The link's secret is kept only
    as its SHA-256, so a copy of this table opens nothing. Expired rows go nightly (tidy)."""

    email = models.EmailField(max_length=254)
    display_name = models.CharField(max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"Sign-up waiting until {self.expires:%Y-%m-%d %H:%M}"


class OpenSocket(models.Model):
    """A websocket open now, by its channel: a user may have a few, and the oldest is
    closed when they open one more (teaching/sockets.py). A server that dies leaves its
    rows behind; they are the oldest, so the next sockets close them."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    channel = models.CharField(max_length=200, unique=True)
    opened = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.channel


class Table(models.Model):
    """A table where one game is played, hand after hand. Seats without a
    pupil are played by robots."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=40)
    #: The registry name of the game and its options.
    game = models.CharField(max_length=32, default=default_game)
    options = models.JSONField(default=dict, blank=True)
    #: A pupil practising alone against robots.
    practice_for = models.ForeignKey(
        Pupil, null=True, blank=True, on_delete=models.CASCADE, related_name="practice_tables"
    )
    paused = models.BooleanField(default=False)
    closed = models.BooleanField(default=False)
    #: The seed boards are dealt from; board n of this table is always the same deal.
    seed = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["classroom", "name", "id"]

    def __str__(self) -> str:
        return self.name


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    #: Empty means a robot plays this seat.
    pupil = models.ForeignKey(
        Pupil, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    robot_level = models.CharField(max_length=16, default="beginner")
    #: The last hint the seat's pupil was given here, "hand:version:note:action" (empty:
    #: none): read with the seats at every action, so that matching the pupil's action
    #: with it costs no query (teaching.coach.services.coach_followed).
    coach_hint = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"Table {self.table_id}, seat {self.seat}"


class Hand(models.Model):
    """One deal played at a table: the deal and the rules it was played under.
    Its state is the replay of its actions."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    #: games.deals.Deal.to_data()
    deal = models.JSONField()
    #: "Play it again": the same deal replayed with another contract.
    replay_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replays"
    )
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    #: The engine's result() once the hand is over, kept for lists and charts: the game's
    #: own record, read only through the game (games.registry.GameEntry.hand_result).
    result = models.JSONField(null=True, blank=True)
    #: The deal's double-dummy table once solved, after the hand is over: the site's own,
    #: kept beside the game's result (teaching.tables.analysis).
    dd = models.JSONField(null=True, blank=True)
    #: Bumped when a teacher undoes play, so no process trusts a state it
    #: cached before the log was cut back.
    undo_count = models.PositiveIntegerField(default=0)
    #: Seats that a pupil since deleted played in this hand: "whole" if the hand was
    #: over when they went, "part" if a robot finished it. Never who it was
    #: (docs/decisions/0335-a-former-pupils-seat.md).
    former_seats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} hand {self.number}"


class HandAction(models.Model):
    """One entry of a hand's action log. Two clients acting at once both try
    to write the same ``seq``; the unique constraint lets exactly one in."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    text = models.CharField(max_length=64)
    #: Who did it: a pupil's or teacher's user, or empty for a robot.
    actor = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="one_action_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.seq}: {self.seat} {self.text}"


# -- duplicate sessions (issue 4) ----------------------------------------------------


class DuplicateSession(models.Model):
    """A class's duplicate session: boards circulating between tables by a
    movement, played online (a Table per sitting) or face to face (results
    typed in). The movement itself is not stored: it is rebuilt from its kind,
    the number of pairs and the boards per round (games.movements is pure)."""

    class Mode(models.TextChoices):
        ONLINE = "online", "Online, in the browser"
        FACE = "face", "Face to face, with real cards"

    class Status(models.TextChoices):
        SETUP = "setup", "Not started"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE,
                                  related_name="duplicate_sessions")
    title = models.CharField(max_length=80)
    game = models.CharField(max_length=32, default=default_game)
    #: The rules options the game's entry accepts.
    options = models.JSONField(default=dict, blank=True)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.ONLINE)
    #: games.duplicate.Method: matchpoints, imps or win-loss.
    method = models.CharField(max_length=12, default="matchpoints")
    #: games.movements.Kind, and what rebuilds it.
    movement_kind = models.CharField(max_length=12)
    pairs_total = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    barometer = models.BooleanField(default=False)
    #: Where the boards came from, for the page: "Seeded random (seed ...)", a set's name, a file.
    boards_source = models.CharField(max_length=120, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SETUP)
    #: The round being played (0 before the first).
    current_round = models.PositiveSmallIntegerField(default=0)
    #: Hand records computed in the background: progress kept here so a reload shows it.
    records_total = models.PositiveSmallIntegerField(default=0)
    records_done = models.PositiveSmallIntegerField(default=0)
    records_state = models.CharField(max_length=8, blank=True)  # "", running, done, failed
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.title


class SessionPair(models.Model):
    """A partnership in a session, by its number (and direction in a Mitchell).
    A robot pair has no pupils."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, blank=True)  # "NS", "EW" or "" (Howell)
    first = models.ForeignKey(Pupil, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    second = models.ForeignKey(Pupil, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    robot = models.BooleanField(default=False)
    #: How many of the pair's pupils were deleted since: their places read "a former
    #: pupil", where a pair made with one pupil reads "& a robot".
    former_pupils = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["session", "direction", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "direction", "number"],
                                    name="one_pair_per_number"),
        ]

    def __str__(self) -> str:
        return f"Pair {self.label}"

    @property
    def label(self) -> str:
        return f"{self.direction} {self.number}" if self.direction else str(self.number)

    @property
    def names(self) -> str:
        if self.robot:
            return "Robots"
        names = [p.name for p in (self.first, self.second) if p is not None]
        names = (names + [FORMER_PUPIL] * self.former_pupils)[:2]
        return (" & ".join(names) if len(names) == 2
                else f"{names[0] if names else FORMER_PUPIL} & a robot")


class SessionBoard(models.Model):
    """A board of the session: its deal, and its hand record once computed."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    #: games.deals.Deal.to_data()
    deal = models.JSONField()
    #: {"dd": {...}, "par": {"score": ..., "contracts": [...]}} once computed.
    record = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_board_per_number"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class SessionSitting(models.Model):
    """One table in one round, and (online) the Table where it is played."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE,
                                related_name="sittings")
    round = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(SessionPair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(SessionPair, on_delete=models.CASCADE, related_name="+")
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="sitting")
    #: Set when the teacher calls time on the round.
    closed = models.BooleanField(default=False)

    class Meta:
        ordering = ["session", "round", "table_number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "round", "table_number"],
                                    name="one_sitting_per_table_and_round"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table_number}"


class BoardPlay(models.Model):
    """A board's result at one table: a traveller line. Online it comes from
    the hand; face to face a pupil types it and confirms it (until then it is
    not on the traveller) and the teacher may correct it."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE,
                                related_name="plays")
    board = models.ForeignKey(SessionBoard, on_delete=models.CASCADE, related_name="plays")
    sitting = models.ForeignKey(SessionSitting, on_delete=models.CASCADE, related_name="plays")
    hand = models.OneToOneField(Hand, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="board_play")
    contract = models.CharField(max_length=16, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    #: North-South's score less East-West's, as a traveller is written.
    score = models.IntegerField(default=0)
    won_by = models.CharField(max_length=2, blank=True)  # target variant: "NS" / "EW"
    #: What the scorer shows for each side, e.g. {"NS": 0, "EW": 50}.
    points = models.JSONField(default=dict, blank=True)
    confirmed = models.BooleanField(default=False)
    entered_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    corrected_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "sitting"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "board"], name="one_result_per_sitting"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board_id} at sitting {self.sitting_id}: {self.contract or 'no result'}"


# -- league tables (issue 5) ---------------------------------------------------------


class League(models.Model):
    """A term of mini-matches between a class's established pairs (the booklet's
    "It's flexible and adaptable"). The schedule is its LeagueMatch rows; the
    grid and standings are worked out from its deals by games.league."""

    class Length(models.TextChoices):
        BEST_OF = "best-of", "Best of n deals"
        DEALS = "deals", "A set number of deals"

    class WonBy(models.TextChoices):
        TARGET = "target", "Against the target tricks for the combined points"
        SCORE = "score", "By the game's score"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=80)
    #: The game its matches are played at (one whose entry offers leagues).
    game = models.CharField(max_length=32, default=default_game)
    length = models.CharField(max_length=8, choices=Length.choices, default=Length.BEST_OF)
    deals = models.PositiveSmallIntegerField(default=3)
    won_by = models.CharField(max_length=8, choices=WonBy.choices, default=WonBy.TARGET)
    #: 1: each pair meets each other once; 2: a double round robin.
    meetings = models.PositiveSmallIntegerField(default=1)
    starts = models.DateField(null=True, blank=True)
    ends = models.DateField(null=True, blank=True)
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.name


class LeaguePair(models.Model):
    """An established partnership of two pupils, numbered I, II, III... in its league."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    #: Empty once a teacher deletes the pupil: the pair's matches stay for the other
    #: players, the seat named "a former pupil" (docs/decisions/0331-erasing-a-pupil.md).
    first = models.ForeignKey(Pupil, null=True, on_delete=models.SET_NULL, related_name="+")
    second = models.ForeignKey(Pupil, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="one_league_pair_per_number"),
            models.UniqueConstraint(fields=["league", "first"], name="league_pupil_once_first"),
            models.UniqueConstraint(fields=["league", "second"], name="league_pupil_once_second"),
        ]

    def __str__(self) -> str:
        return self.names

    @property
    def names(self) -> str:
        return " & ".join(p.name if p is not None else FORMER_PUPIL
                          for p in (self.first, self.second))


class LeagueMatch(models.Model):
    """A mini-match in a round: pair A sits North-South, pair B East-West.
    Played online at ``table`` or face to face (its deals typed in)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    pair_a = models.ForeignKey(LeaguePair, on_delete=models.CASCADE, related_name="+")
    pair_b = models.ForeignKey(LeaguePair, on_delete=models.CASCADE, related_name="+")
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="league_match")
    finished = models.BooleanField(default=False)

    class Meta:
        ordering = ["league", "round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "round", "pair_a"],
                                    name="league_pair_a_once_a_round"),
            models.UniqueConstraint(fields=["league", "round", "pair_b"],
                                    name="league_pair_b_once_a_round"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}: pair {self.pair_a_id} v pair {self.pair_b_id}"


class LeagueDeal(models.Model):
    """One deal of a mini-match: from a hand played online (``hand``) or typed
    in from a real table (``deal`` when the site knows the cards, else only the
    declaring side's combined points)."""

    match = models.ForeignKey(LeagueMatch, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    hand = models.OneToOneField(Hand, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="league_deal")
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    #: games.deals.Deal.to_data() of a face-to-face deal whose cards are known.
    deal = models.JSONField(null=True, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    declaring_side = models.CharField(max_length=2, blank=True)  # "NS" / "EW"
    contract = models.CharField(max_length=16, blank=True)
    combined_hcp = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The declaring side's tricks, and North-South's.
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ns = models.PositiveSmallIntegerField()
    score_ns = models.PositiveIntegerField(default=0)
    score_ew = models.PositiveIntegerField(default=0)
    #: The side pair A sat on for this deal.
    a_sits = models.CharField(max_length=2, default="NS")
    entered_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_league_deal_per_number"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of match {self.match_id}"


# -- the coach's notes for the teacher (issue 29) ------------------------------------------

class CoachNote(models.Model):
    """One thing the teacher's coach page counts: a pupil asked for help, followed the
    hint, or missed an idea (the after-hand review says so). Only what the class needs
    (docs/decisions/0820-help-at-the-table.md): no cards, no hand; deleted with the
    pupil or the class. An "asked" note also keeps the hint's action and where it was
    given (table, hand, version), so the pupil's next action there can be matched."""

    class Kind(models.TextChoices):
        ASKED = "asked", "Asked for help"
        FOLLOWED = "followed", "Followed the hint"
        MISSED = "missed", "Missed the idea"

    pupil = models.ForeignKey(Pupil, on_delete=models.CASCADE, related_name="coach_notes")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="+")
    #: The registry name of the game, and the coach's key of the idea.
    game = models.CharField(max_length=32)
    idea = models.CharField(max_length=48)
    #: The lesson that teaches the idea, by the game's numbering (none: ``None``).
    lesson = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    #: For "asked": where the hint was given and what it suggested.
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    hand_id_at = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    action = models.CharField(max_length=64, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        indexes = [
            models.Index(fields=["table", "hand_id_at", "version"], name="coach_note_at_decision"),
            models.Index(fields=["classroom", "at"], name="coach_note_class_term"),
        ]

    def __str__(self) -> str:
        return f"{self.pupil_id} {self.kind} {self.idea}"
