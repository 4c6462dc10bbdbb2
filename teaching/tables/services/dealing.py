"""Dealing at a table: its first hand, the next one, and "Play it again".

Hand number N of a table is always the same deal, seeded by the table; a duplicate
session's table deals its boards instead (:func:`next_deal_decided_by`). After a
redeal (a game's result says ``"redeal"``) the same dealer deals again; otherwise the deal
passes clockwise, and in a game whose players depend on the deal (a three-handed game with
a dealt dummy) the players move round with it.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction

from games.deals import Deal
from games.registry import game_entry
from games.seats import Seat
from teaching.classes import games
from teaching.models import Hand, Table, TableSeat, User
from teaching.tables.after_hand import PRACTICE, AfterHand, after_hand
from teaching.tables.announce import notify_table
from teaching.tables.game_cache import cache_key, current_hand, forget, hand_state
from teaching.tables.now import TableNow, table_now
from teaching.tables.selectors import seats_of
from teaching.tables.services import CLOSED, ActionRefused
from teaching.tables.services.acting import finish_if_over
from teaching.tables.sql import first_playings, hot_cursor, new_hand, reads_for_connection


def _deal_for(table: Table, number: int, dealer: Seat | None) -> Deal:
    """Hand ``number`` of a table is always the same deal: seeded by the table."""
    rng = random.Random(f"{table.seed}:{number}")
    entry = game_entry(table.game)
    if entry.deal is not None:  # the game's own deal (games.registry, GameEntry.deal)
        deal = entry.deal(entry.rules(**table.options), rng, board=number)
    else:
        deal = Deal.for_board(number, rng)
    if dealer is not None and deal.dealer != dealer:
        deal = dataclasses.replace(deal, dealer=dealer)
    return deal


@transaction.atomic
def hand_start(*, table: Table, deal: Deal | None = None, notify: bool = True) -> Hand:
    """Deal the next hand at ``table``. After a redeal (the result says so) the
    same dealer deals again; otherwise the deal passes clockwise.
    ``notify``: tell the table's connections once committed (off when the
    caller broadcasts the new table itself, as a player's socket does)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    check_open(table)
    return _deal_after(table, current_hand(table), deal, notify)


def _deal_after(table: Table, previous: Hand | None, deal: Deal | None, notify: bool,
                offer: AfterHand | None = None) -> Hand:
    """The hand after ``previous`` (the table's newest, read under the table's lock);
    ``offer``: what the table offers after it, when the caller has asked already."""
    number = previous.number + 1 if previous else 1
    # The class's options, the game's next seats and the options carried forward all look
    # at the same finished first playings: read once for the deal, when first wanted.
    results = functools.cache(lambda: first_playings(table.pk))
    dealer = None
    if previous is not None and games.redealt(previous.game, previous.result):
        dealer = Seat(previous.deal["dealer"])
    if previous is not None and deal is None:
        _follow_the_class(table, previous, number, results, offer)
    seated = _next_seats(table, results) if previous is not None and deal is None else None
    if seated is not None:
        dealer = seated[0]
    deal = deal or _deal_for(table, number, dealer)
    hand = new_hand(
        table=table, number=number, game=table.game,
        options=_options_after(table, previous, results), deal=deal.to_data(),
    )
    game = hand_state(hand, logged=0, deal=deal)
    if previous is not None and seated is not None and seated[1] is not None:
        _seat_players(table, seated[1])
    elif previous is not None:
        _move_players_round(table, game.players(), Seat(previous.deal["dealer"]), game.deal.dealer)
    finish_if_over(hand, game)
    if previous is not None:
        # The finished hand's game is read no more at this table (its summary went with
        # it): kept, it would stay among the process's games until pushed out, and a
        # process of 500 tables, ending nine hands a second, would fill its cache with
        # them; the garbage collector walks each one once (teaching.runtime.collector).
        transaction.on_commit(functools.partial(forget, cache_key(previous)))
    if notify:
        transaction.on_commit(lambda: notify_table(table.id, 0))
    return hand


def _follow_the_class(table: Table, previous: Hand, number: int,
                      results: Callable[[], list[dict[str, Any]]],
                      offer: AfterHand | None) -> None:
    """Before a table's next shuffled deal: take the options its class would seat it at now
    (:func:`class_options_for`), so a lesson the teacher changes reaches the open tables at
    their next deal (docs/decisions/0401-the-next-deal-follows-the-class.md)."""
    wanted = class_options_for(table, previous, results=results, offer=offer)
    if wanted is None or wanted == table.options:
        return
    entry = game_entry(table.game)
    trial = copy.copy(table)
    trial.options = wanted
    players = entry.game_class(entry.rules(**wanted), _deal_for(trial, number, None)).players()
    if len(players) != table.seats.count():
        return  # a variant for another number of players: seat the class again for it
    table.options = wanted
    table.save(update_fields=["options"])


def class_options_for(table: Table, previous: Hand, *,
                      results: Callable[[], list[dict[str, Any]]],
                      offer: AfterHand | None = None) -> dict[str, Any] | None:
    """The options the class would seat ``table`` at now, as "Seat the class" chooses them
    (the earliest of its pupils' own, else the class's; a practice table its pupil's), or
    ``None`` when the table keeps its own: a competition's table (a feature decides what
    it offers, teaching.tables.after_hand), a table of another game than the class's now
    (seat the class again for it), or a game of several hands not yet over (its standing
    is worked out under the options it began with). ``results`` reads the table's finished
    first playings (once, however often it is called: the deal's other steps read them too);
    ``offer`` is what it offers after ``previous``, when the caller has asked already."""
    class_game, class_options, pupils_options = _class_and_pupils(table)
    if table.game != class_game:
        return None
    if (offer if offer is not None else after_hand(table, previous)) is not PRACTICE:
        return None
    entry = game_entry(table.game)
    if entry.standing is not None:
        finished = results()
        standing = (entry.standing(entry.rules(**table.options), finished) if finished
                    else None)
        if standing and not standing.get("over"):  # empty or None: each hand stands alone
            return None
    choices = pupils_options or [dict(class_options)]
    return min(choices, key=lambda options: games.options_order(entry, options))


def _class_and_pupils(table: Table) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """The class's game and options, and the options of the pupils it would seat at
    ``table`` (Pupil.options: their own, else their class's): a practice table's pupil, or
    the seated pupils of the class not archived. One plain read (teaching.tables.sql): this
    runs at every "Next deal", and the ORM's three reads cost more than the rest of it."""
    db, reads = reads_for_connection()
    with hot_cursor(db) as cursor:
        cursor.execute(reads.class_options_sql, [table.pk])
        rows = [reads.convert(row, reads.class_options_converters, db)
                for row in cursor.fetchall()]
    game, class_options = rows[0][0], rows[0][1]
    if table.practice_for_id is not None:
        practising, their_class = rows[0][3], rows[0][4]
        pupils = [] if their_class is None else [dict(practising or their_class)]
    else:
        pupils = [dict(own or class_options) for _, _, own, _, _ in rows if own is not None]
    return game, class_options, pupils


def _options_after(table: Table, previous: Hand | None,
                   results: Callable[[], list[dict[str, Any]]]) -> dict[str, object]:
    """The options of the table's next hand: the table's own, and for a game of several
    hands whose standing names them (``standing(...)["next_options"]``, e.g. a count each
    player has waiting for his next contract), those too: what the finished hands carry
    forward."""
    entry = game_entry(table.game)
    if previous is None or entry.standing is None:
        return dict(table.options)
    finished = results()
    if not finished:
        return dict(table.options)
    standing = entry.standing(entry.rules(**table.options), finished) or {}  # None: no set
    carried = standing.get("next_options") or {}
    return {**table.options, **carried}


def _next_seats(table: Table, results: Callable[[], list[dict[str, Any]]]
                ) -> tuple[Seat, Mapping[Seat, Seat] | None] | None:
    """The game's own word on the next hand's dealer and seats (its registry entry's
    ``next_seats``, from the table's finished hands, first playings only), or ``None``."""
    entry = game_entry(table.game)
    if entry.next_seats is None:
        return None
    dealer, moves = entry.next_seats(entry.rules(**table.options), results())
    return Seat(dealer), moves


def _seat_players(table: Table, moves: Mapping[Seat, Seat]) -> None:
    """Seat each player where the game says (``{last seat: next seat}``)."""
    rows = list(table.seats.all())
    table.seats.all().delete()
    TableSeat.objects.bulk_create(
        TableSeat(table=table, seat=moves.get(Seat(row.seat), Seat(row.seat)).value,
                  pupil_id=row.pupil_id, robot_level=row.robot_level)
        for row in rows
    )


def _move_players_round(table: Table, players: tuple[Seat, ...], last_dealer: Seat,
                        dealer: Seat) -> None:
    """Keep the seats in step with a game whose players depend on the deal.

    In a three-handed game with a dealt dummy the seat opposite the dealer holds
    it, so as the deal passes clockwise the empty seat moves too.
    The players move round with it, keeping their clockwise order, and the
    next player clockwise from the last dealer becomes the dealer."""
    if set(players) == set(Seat):
        return  # every seat plays: nobody moves (and the seats need not be read)
    rows = sorted(table.seats.all(), key=lambda row: Seat(row.seat).index)
    if {Seat(row.seat) for row in rows} == set(players) or len(rows) != len(players):
        return

    def clockwise_from(start: Seat, seats: list[Seat]) -> list[Seat]:
        return sorted(seats, key=lambda seat: (seat.index - start.index) % 4)

    old = clockwise_from(last_dealer.next, [Seat(row.seat) for row in rows])
    new = clockwise_from(dealer, list(players))
    by_seat = {Seat(row.seat): row for row in rows}
    moved = [(new[i], by_seat[seat]) for i, seat in enumerate(old)]
    table.seats.all().delete()
    TableSeat.objects.bulk_create(
        TableSeat(table=table, seat=seat.value, pupil_id=row.pupil_id, robot_level=row.robot_level)
        for seat, row in moved
    )


#: Whoever decides a table's next deal instead of the shuffle: each is asked in turn and
#: the first deal given is dealt. A duplicate session's table deals its next board and
#: refuses after the round's last one (teaching.duplicate.services registers itself:
#: the tables know nothing of sessions, and the duplicate side calls the tables).
NextDeal = Callable[[Table], Deal | None]
_next_deal_rules: list[NextDeal] = []


def next_deal_decided_by(rule: NextDeal) -> NextDeal:
    """Register ``rule`` (``rule(table)``: the table's next deal, ``None`` to let the
    shuffle decide, or :class:`ActionRefused`). Used as a decorator."""
    if rule not in _next_deal_rules:
        _next_deal_rules.append(rule)
    return rule


def _deal_decided_for(table: Table) -> Deal | None:
    for rule in _next_deal_rules:
        deal = rule(table)
        if deal is not None:
            return deal
    return None


@transaction.atomic
def hand_next(*, table: Table, after: int, by: User, notify: bool = True) -> Hand | None:
    """Deal the next hand once hand number ``after`` is over.

    ``after`` is the hand the player saw finish: when two players press "next
    deal" at once, the first deals and the second finds it done (``None``),
    rather than skipping a deal."""
    # The table locked and read with its seats and newest hand, as for a card (one plain
    # read: the ORM's three reads of them cost more than the rest of the deal's checks).
    now = table_now(table.pk, lock=True)
    if now is None:
        raise Table.DoesNotExist
    table, hand = now.table, now.hand
    _check_player(by, table, seated=bool(now.seats_of(by)))
    check_open(table)
    if hand is None or hand.number != after:
        return None
    if not hand.finished:
        raise ActionRefused("Finish this hand before dealing the next one.", "not_over")
    offer = after_hand(table, hand)
    if not offer.next_deal:
        raise ActionRefused(offer.message or "This table deals no more.", offer.code)
    return _deal_after(table, hand, _deal_decided_for(table), notify, offer)


@transaction.atomic
def hand_replay(*, table: Table, hand: Hand, by: User, notify: bool = True) -> Hand:
    """"Play it again" (a lesson's eye-opener): the same deal, a fresh log, so the
    pupils can try another contract and compare the results.

    Every replay points at the first playing of the deal, so the results of
    all of them can be shown side by side."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _check_player(by, table)
    check_open(table)
    if hand.table_id != table.id:
        raise ActionRefused("That hand was not played at this table.", "not_here")
    last = current_hand(table)
    if last is not None and last.pk != hand.pk:
        raise ActionRefused("A newer hand has been dealt at this table.", "stale")
    if not hand.finished:
        raise ActionRefused("Finish this hand before playing it again.", "not_over")
    if not after_hand(table, hand).play_again:
        raise ActionRefused("This deal counts in a competition: it is not played again here.",
                            "not_offered")
    new = new_hand(
        table=table, number=hand.number + 1, game=hand.game,
        options=hand.options, deal=hand.deal, replay_of=hand.replay_of or hand,
    )
    if notify:
        transaction.on_commit(lambda: notify_table(table.id, 0))
    return new


def table_deal(*, user: User, table_id: int, command: str, number: int) -> TableNow | None:
    """A player's "Next deal" (``command`` "next", ``number`` the hand they saw
    finish) or "Play it again" ("again", ``number`` that hand's id), sent from
    their socket: the table as it is after it, for the caller to broadcast
    (nobody is told here). ``None`` when another player dealt first. Raises
    :class:`ActionRefused`, and nothing is written then."""
    # Only its id: hand_next and hand_replay read the table themselves, under its lock.
    table = Table(pk=table_id)
    try:
        if command == "next":
            dealt = hand_next(table=table, after=number, by=user, notify=False)
        elif command == "again":
            hand = Hand.objects.filter(table_id=table_id, pk=number).first()
            if hand is None:
                raise ActionRefused("That hand was not played at this table.", "not_here")
            dealt = hand_replay(table=table, hand=hand, by=user, notify=False)
        else:
            raise ActionRefused("That is not an action.", "invalid")
    except Table.DoesNotExist:
        raise ActionRefused("You are not sitting at this table.", "not_seated") from None
    return table_now(table_id) if dealt is not None else None


def check_open(table: Table) -> None:
    """A closed table deals no more: its pupils have moved on (the teacher seated the class
    again, a session's round ended), and a hand dealt there would be played where nobody
    is watching (docs/decisions/0400-a-closed-table-refuses-every-action.md)."""
    if table.closed:
        raise ActionRefused(CLOSED, "closed")


def _check_player(user: User, table: Table, *, seated: bool | None = None) -> None:
    """Pupils seated at the table may deal on; teachers of its class may too. ``seated``:
    whether ``user`` plays a seat here, when the caller has read the seats."""
    if seated is None:
        seated = bool(seats_of(user, table))
    if seated:
        return
    if getattr(user, "is_teacher", False) and (
        table.classroom.owner_id == user.pk
        or table.classroom.co_teachers.filter(pk=user.pk).exists()
    ):
        return
    raise ActionRefused("You are not sitting at this table.", "not_seated")
