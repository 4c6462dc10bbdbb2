"""One deal of Piquet as a state machine: carte blanche, the exchange, the
declarations, the twelve tricks, the score (shared/rules/piquet.txt).

The phases, in the text's order:

* **carte blanche** (CARTE BLANCHE): a player dealt no court card claims 10.
  Elder says at once how many cards he will exchange; younger claims before
  elder exchanges. Each proves his claim (his dealt hand is shown) once the
  other has exchanged.
* **exchange** (THE EXCHANGE): elder puts aside one to five cards, one tap a
  card, then draws as many from the top of the talon; younger the same, one
  up to what is left, and chooses whether cards nobody took are faced or
  left concealed. After elder's carte blanche younger exchanges first.
* **declarations** (DECLARATIONS): elder announces point, sequence and set;
  younger answers each "good", "not good" or "equal"; elder scores what is
  good, leads and counts 1; younger, before replying to that card, declares
  and scores the classes he said were "not good".
* **play** (TRICKS): twelve tricks at no trumps; pique, the cards, capot.

The hand is the deal plus the action log: replaying the log rebuilds it.
An action's text may name a hidden card ("discard SA", "point 5 H"): the log
is the record of the deal, not something to show the opponent; what each
player may see is :meth:`Piquet.view`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.cards import PACK_32, Card, InvalidCardError, sort_hand
from games.deals import Deal, InvalidDealError
from games.piquet import combinations as combos
from games.piquet import scoring, speech
from games.piquet.combinations import CLASSES, POINT, SEQUENCE, SET, Combination
from games.piquet.rules import PLAYERS, PiquetRules
from games.protocol import (
    Game,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.seats import Seat
from games.tricks import TrickPlay, TrickRules

HAND_SIZE = 12
TALON_SIZE = 8
#: THE EXCHANGE: elder "must discard at least one and not more than five".
ELDER_MOST = 5
_NO_TRUMPS = TrickRules()
_CARD_OF = {str(c): c for c in PACK_32}

# The steps of a deal; each belongs to one of the phases a pupil is told about.
CLAIM, EXCHANGE, UNTAKEN = "claim", "exchange", "untaken"
DECLARE, ANSWER, REPLY = "declare", "answer", "reply"
PLAY, OVER = "play", "over"
PHASES = {CLAIM: "carte blanche", EXCHANGE: "exchange", UNTAKEN: "exchange",
          DECLARE: "declarations", ANSWER: "declarations", REPLY: "declarations",
          PLAY: "play", OVER: "over"}
ANSWERS = ("good", "not good", "equal")


def opponent(seat: Seat) -> Seat:
    return Seat.SOUTH if seat is Seat.NORTH else Seat.NORTH


# -- the deal ------------------------------------------------------------------------

def dealer_for_deal(rules: PiquetRules, number: int) -> Seat:
    """GAME: "six deals, each dealing alternately": the first dealer deals the
    odd deals. A partie has an even number of deals (six, then two more after
    a tie), so each partie at a table starts with the same dealer."""
    if number < 1:
        raise ValueError("deals are numbered from 1")
    first = rules.first_dealer_seat
    return first if number % 2 == 1 else opponent(first)


def deal_piquet(rules: PiquetRules, rng: random.Random, board: int = 1) -> Deal:
    """DEAL: shuffle the 32 cards and "Deal 12 each in batches of two or three",
    elder first; "Lay the remainder face down": the talon, its top card first
    (``Deal.stock``). "The dealer is known as younger, his opponent elder hand."
    """
    if not isinstance(rng, random.Random):
        raise TypeError("dealing needs an explicit random.Random")
    dealer = dealer_for_deal(rules, board)
    cards = list(PACK_32)
    rng.shuffle(cards)
    order = (opponent(dealer), dealer)
    hands: dict[Seat, list[Card]] = {seat: [] for seat in order}
    position = 0
    while position < 2 * HAND_SIZE:
        for seat in order:
            hands[seat] += cards[position:position + rules.batch]
            position += rules.batch
    return Deal({s: tuple(h) for s, h in hands.items()}, dealer=dealer, board=board,
                stock=tuple(cards[2 * HAND_SIZE:]))


def _check_deal(deal: Deal) -> None:
    if deal.dealer not in PLAYERS:
        raise InvalidDealError("Piquet is dealt by North or South")
    for seat in PLAYERS:
        if len(deal.hand(seat)) != HAND_SIZE:
            raise InvalidDealError(f"{seat.word} should hold 12 cards, "
                                   f"not {len(deal.hand(seat))}")
    if len(deal.stock) != TALON_SIZE or set(deal.all_cards()) != set(PACK_32):
        raise InvalidDealError("a Piquet deal is the 32-card pack: 12 each and a talon of 8")


# -- what the declarations leave behind -------------------------------------------------

@dataclass
class Declared:
    """One combination a player declared, and how much of it his opponent has
    been told: "any combination declared by either player must be considered
    known to his opponent" (SINKING AND PROVING)."""

    seat: Seat
    combo: Combination
    #: Told so far: "size" (count, length, or a set's size and rank), "value",
    #: "top", "suit".
    told: set[str]
    scored: bool = False
    #: An extra sequence or set scored after a good one ("any other sequence(s)").
    extra: bool = False

    def public(self) -> dict[str, Any]:
        combo = self.combo
        data: dict[str, Any] = {"seat": self.seat.value, "kind": combo.kind,
                                "size": combo.size, "scored": self.scored,
                                "points": combo.score() if self.scored else 0,
                                "extra": self.extra,
                                "says": speech.announcement(combo, self.told)}
        if combo.kind == SET:
            data["rank"] = combo.top.char
        if "value" in self.told:
            data["value"] = combo.value
        if "top" in self.told:
            data["top"] = combo.top.char
        if "suit" in self.told:
            data["suit"] = combo.suit.value
        return data

    def known_cards(self) -> tuple[Card, ...]:
        """The cards the opponent can name from what he was told: a sequence
        whose suit and top card are told, a quatorze."""
        combo = self.combo
        if combo.kind == SEQUENCE and {"top", "suit"} <= self.told:
            return combo.cards
        if combo.kind == SET and combo.size == 4:
            return combo.cards
        return ()


@dataclass
class ClassDialogue:
    """Elder's announcement of one class and younger's answers (DECLARATIONS)."""

    kind: str
    #: Elder's announcement; ``None`` when he said "no point" (or has not spoken yet).
    announced: Combination | None = None
    spoken: bool = False
    answers: list[str] = field(default_factory=list)
    #: "elder", "younger" (his "not good", or a class elder did not announce, to
    #: be declared after the lead), "equal" (nobody scores) or None while open.
    outcome: str | None = None

    @property
    def stages(self) -> int:
        return len(self.announced.keys()) if self.announced else 0


@dataclass(frozen=True)
class ScoreEntry:
    """One line of the count as the players say it aloud: who scores, for
    what, how many, and his total after it."""

    seat: Seat
    kind: str
    points: int
    total: int
    says: str
    #: The class order of declarations for repique (0 carte blanche, 1 point,
    #: 2 sequence, 3 set); ``None`` for anything else.
    order: int | None = None
    #: The number in the action log (from 1) of the action it was scored at.
    action: int = 0

    def as_data(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "kind": self.kind, "points": self.points,
                "total": self.total, "says": self.says}


# -- one deal -----------------------------------------------------------------------------

class Piquet(Game):
    """One deal of Piquet between North and South."""

    name = "piquet"

    def __init__(self, rules: PiquetRules, deal: Deal) -> None:
        super().__init__(rules, deal)
        _check_deal(deal)
        self.younger: Seat = deal.dealer
        self.elder: Seat = opponent(deal.dealer)
        self.dealt = {seat: deal.hand(seat) for seat in PLAYERS}
        self.hands: dict[Seat, list[Card]] = {s: list(sort_hand(deal.hand(s))) for s in PLAYERS}
        self.talon: list[Card] = list(deal.stock)
        # CARTE BLANCHE: those who hold one, elder first; each claims before the exchange.
        self.holders = [s for s in (self.elder, self.younger)
                        if combos.is_carte_blanche(deal.hand(s))]
        self.claims: dict[Seat, int | None] = {}
        self.proved: list[Seat] = []
        self.set_aside: dict[Seat, list[Card]] = {s: [] for s in PLAYERS}
        self.discards: dict[Seat, tuple[Card, ...]] = {}
        self.drawn: dict[Seat, tuple[Card, ...]] = {}
        #: The cards elder was entitled to but left, which he may look at.
        self.peeked: tuple[Card, ...] = ()
        self.untaken: tuple[Card, ...] = ()
        self.untaken_faced: bool | None = None
        self.dialogues = {kind: ClassDialogue(kind) for kind in CLASSES}
        self.declared: list[Declared] = []
        self.entries: list[ScoreEntry] = []
        #: The public conversation: ``{"seat": "S", "says": "Point of five."}``.
        self.dialogue: list[dict[str, str]] = []
        #: Younger's declarations after the lead: the class he has reached and
        #: whether his first combination of it is declared.
        self.reply_class = 0
        self.reply_declared: set[str] = set()
        self.play: TrickPlay | None = None
        self.repique: Seat | None = None
        self.pique: Seat | None = None
        self.bonus: tuple[Seat | None, int, str | None] = (None, 0, None)
        self.step = CLAIM if self.holders else EXCHANGE
        self.class_index = 0
        #: What every seat's view of the latest moment shares, kept by games.piquet.view
        #: for the next seat's view of it (the site asks for both after every action).
        self._moment: tuple[int, TrickPlay | None, str, Any] | None = None

    #: The attributes :meth:`copy` knows; any other (a subclass's, one added
    #: later without teaching copy) sends it to the generic deep copy.
    _COPIED = frozenset({
        "rules", "deal", "log", "younger", "elder", "dealt", "hands", "talon", "holders",
        "claims", "proved", "set_aside", "discards", "drawn", "peeked", "untaken",
        "untaken_faced", "dialogues", "declared", "entries", "dialogue", "reply_class",
        "reply_declared", "play", "repique", "pique", "bonus", "step", "class_index",
        "_moment"})

    def copy(self) -> Piquet:
        """An independent copy, made structurally (the site copies the game at
        every action): shared, because nothing changes them in place, are the
        rules, the deal, the log's actions, seats, cards, combinations, score
        entries, tuples, ``dealt`` and ``holders`` (filled once, at the deal)
        and the lines of the dialogue (views copy them); each list, dict and
        set an action changes is copied one level, the hands put aside per
        seat two, each class's dialogue and each declared combination (their
        answers, what was told, whether scored change) by new ones, the play
        by its own copy. The views' moment (read-only) is shared too: it is kept for
        one number of actions, play and step, and either game's next action changes
        them."""
        state = self.__dict__
        if self.__class__ is not Piquet or state.keys() != self._COPIED:
            return super().copy()  # type: ignore[return-value]
        new = Piquet.__new__(Piquet)
        new.__dict__.update(state)
        new.log = list(self.log)
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.talon = list(self.talon)
        new.claims = dict(self.claims)
        new.proved = list(self.proved)
        new.set_aside = {s: list(c) for s, c in self.set_aside.items()}
        new.discards = dict(self.discards)
        new.drawn = dict(self.drawn)
        new.dialogues = {k: ClassDialogue(d.kind, d.announced, d.spoken, list(d.answers),
                                          d.outcome)
                         for k, d in self.dialogues.items()}
        new.declared = [Declared(d.seat, d.combo, set(d.told), d.scored, d.extra)
                        for d in self.declared]
        new.entries = list(self.entries)
        new.dialogue = list(self.dialogue)
        new.reply_declared = set(self.reply_declared)
        if self.play is not None:
            new.play = self.play.copy()
        return new

    # -- who does what ---------------------------------------------------------------

    def players(self) -> tuple[Seat, ...]:
        return PLAYERS

    @property
    def phase(self) -> str:
        return PHASES[self.step]

    def exchange_order(self) -> tuple[Seat, Seat]:
        """THE EXCHANGE: "Elder exchanges first", unless elder claimed carte
        blanche: then "Younger then exchanges up to as many as he is entitled
        to, then elder proves his claim and makes his own exchange"."""
        if self.elder in self.claims:
            return (self.younger, self.elder)
        return (self.elder, self.younger)

    def exchanger(self) -> Seat | None:
        if self.step != EXCHANGE:
            return None
        for seat in self.exchange_order():
            if seat not in self.discards:
                return seat
        return None

    def exchange_limits(self, seat: Seat) -> tuple[int, int]:
        """The fewest and most cards ``seat`` may exchange now."""
        told = self.claims.get(self.elder)
        if seat == self.elder:
            if told is not None:
                return told, told  # he said how many (CARTE BLANCHE)
            return 1, min(ELDER_MOST, len(self.talon))
        if told is not None and self.elder not in self.discards:
            # "the number he is entitled to being eight less the number that elder said"
            return 1, TALON_SIZE - told
        return 1, len(self.talon)

    def to_act(self) -> tuple[Seat, ...]:
        step = self.step
        if step == CLAIM:
            return (self._next_claimant(),)
        if step == EXCHANGE:
            seat = self.exchanger()
            return (seat,) if seat else ()
        if step == UNTAKEN or step == ANSWER or step == REPLY:
            return (self.younger,)
        if step == DECLARE:
            return (self.elder,)
        if step == PLAY:
            assert self.play is not None and self.play.to_play is not None
            return (self.play.to_play,)
        return ()

    def _next_claimant(self) -> Seat:
        return next(s for s in self.holders if s not in self.claims)

    def legal_actions(self, seat: Seat) -> list[str]:
        if seat not in self.to_act():
            return []
        step = self.step
        if step == CLAIM:
            if seat == self.elder:
                return [f"carte blanche {n}" for n in range(1, ELDER_MOST + 1)]
            return ["carte blanche"]
        if step == EXCHANGE:
            return self._exchange_actions(seat)
        if step == UNTAKEN:
            return ["face", "conceal"]
        if step == DECLARE:
            return self._elder_declarations()
        if step == ANSWER:
            return [a for a in ANSWERS if self._answer_allowed(a)]
        if step == REPLY:
            return self._younger_declarations() + self._questions(seat)
        if step == PLAY:
            return self._plays(seat) + self._questions(seat)
        return []

    def _exchange_actions(self, seat: Seat) -> list[str]:
        least, most = self.exchange_limits(seat)
        aside = self.set_aside[seat]
        actions = []
        if len(aside) < most:
            actions += [f"discard {c}" for c in self.hands[seat] if c not in aside]
        actions += [f"keep {c}" for c in aside]
        if least <= len(aside) <= most:
            actions.append("draw")
        return actions

    def _elder_declarations(self) -> list[str]:
        hand = self.hands[self.elder]
        actions = self._extras(self.elder)
        if self.class_index < len(CLASSES):
            kind = CLASSES[self.class_index]
            actions += [c.text() for c in self._ordered(combos.supported(kind, hand))]
            actions.append(f"no {kind}")
        else:
            actions += self._plays(self.elder)
        return actions

    @staticmethod
    def _ordered(found: Iterable[Combination]) -> list[Combination]:
        """Best first: the full declaration heads the list, the sinkings follow."""
        return sorted(found, key=Combination.keys, reverse=True)

    def _extras(self, seat: Seat) -> list[str]:
        """"if his sequence is good he may score for any other sequence(s) he may
        hold, and if his set is good he may score for any other set(s)": after
        winning a sequence or set, each other one not sharing a card with
        those already declared (or, for a set, their rank)."""
        kind = self._extras_class(seat)
        if kind is None:
            return []
        mine = [d.combo for d in self.declared if d.seat == seat and d.combo.kind == kind]
        used = {c for combo in mine for c in combo.cards}
        ranks = {combo.top for combo in mine}
        extras = []
        for combo in self._ordered(combos.supported(kind, self.hands[seat])):
            if used.isdisjoint(combo.cards) and not (kind == SET and combo.top in ranks):
                extras.append(f"also {combo.text()}")
        return extras

    def _extras_class(self, seat: Seat) -> str | None:
        if seat == self.elder and self.step == DECLARE and self.class_index > 0:
            kind = CLASSES[self.class_index - 1]
            if kind != POINT and self.dialogues[kind].outcome == "elder":
                return kind
        if seat == self.younger and self.step == REPLY:
            kind = CLASSES[self.reply_class]
            if kind != POINT and kind in self.reply_declared:
                return kind
        return None

    def _answer_allowed(self, answer: str) -> bool:
        """Younger's answer must be true of his hand, unless it gives way:
        "good" is always allowed (he may sink), "equal" and "not good" only
        when he holds a combination that equals or beats elder's at this stage."""
        if answer == "good":
            return True
        dialogue = self.dialogues[CLASSES[self.class_index]]
        assert dialogue.announced is not None
        stage = len(dialogue.answers)
        wanted = dialogue.announced.keys()
        for combo in combos.supported(dialogue.kind, self.hands[self.younger]):
            keys = combo.keys()
            if keys[:stage] != wanted[:stage]:
                continue
            if answer == "equal" and keys[stage] == wanted[stage]:
                return True
            if answer == "not good" and keys[stage] > wanted[stage]:
                return True
        return False

    def _reply_classes(self) -> list[tuple[str, bool]]:
        """The classes younger may still declare, in order, each with whether he
        must ("not good") or only may (elder announced none); the list stops at
        the first he must declare."""
        found = []
        start = self.reply_class + (1 if CLASSES[self.reply_class] in self.reply_declared else 0)
        for kind in CLASSES[start:]:
            dialogue = self.dialogues[kind]
            if dialogue.outcome != "younger":
                continue
            must = dialogue.announced is not None
            found.append((kind, must))
            if must:
                break
        return found

    def _beats(self, combo: Combination, dialogue: ClassDialogue) -> bool:
        """Younger's combination is what his answers said: equal at the stages he
        said "equal", better at the stage he said "not good"."""
        if dialogue.announced is None:
            return True
        keys, wanted = combo.keys(), dialogue.announced.keys()
        stage = len(dialogue.answers) - 1
        return keys[:stage] == wanted[:stage] and keys[stage] > wanted[stage]

    def _younger_declarations(self) -> list[str]:
        hand = self.hands[self.younger]
        actions = self._extras(self.younger)
        classes = self._reply_classes()
        for kind, _must in classes:
            dialogue = self.dialogues[kind]
            actions += [c.text() for c in self._ordered(combos.supported(kind, hand))
                        if self._beats(c, dialogue)]
        # The list stops at the first class he must declare: no card before it.
        if not (classes and classes[-1][1]):
            actions += self._plays(self.younger)
        return actions

    def _plays(self, seat: Seat) -> list[str]:
        if self.play is None:
            # Elder's lead to the first trick: any card.
            return [f"play {c}" for c in self.hands[seat]] if seat == self.elder else []
        return [f"play {c}" for c in self.play.legal_cards(seat)]

    def _questions(self, seat: Seat) -> list[str]:
        """SINKING AND PROVING: "if you have declared a sequence of five and your
        opponent asks which suit it is in, or what the highest card is, you
        must tell him". Asked by the player to act, of each sequence his
        opponent has declared and finished declaring."""
        asks = []
        for number, declared in enumerate(self._sequences_of(opponent(seat)), 1):
            if not self._settled(declared):
                continue
            for word in ("suit", "top"):
                if word not in declared.told:
                    asks.append(f"ask {word} {number}")
        return asks

    def _sequences_of(self, seat: Seat) -> list[Declared]:
        return [d for d in self.declared if d.seat == seat and d.combo.kind == SEQUENCE]

    def _settled(self, declared: Declared) -> bool:
        if declared.seat == self.younger:
            return True
        return self.dialogues[SEQUENCE].outcome is not None

    # -- checking an action (never changes anything) ------------------------------------

    def _check(self, seat: Seat, text: str) -> tuple[str, Any]:
        if seat not in PLAYERS:
            raise IllegalActionError(f"Only North and South play Piquet, not {seat.word}.")
        parsed = self._parse(text)
        if seat not in self.to_act():
            raise NotYourTurnError(self._not_your_turn(seat))
        canonical = self._canonical_text(parsed, text)
        if canonical not in self.legal_actions(seat):
            raise IllegalActionError(self._why_not(seat, parsed))
        return parsed

    def _parse(self, text: str) -> tuple[str, Any]:
        words = text.lower().split()
        if not words:
            raise InvalidActionError("Say what you do, e.g. 'discard S7' or 'play SA'.")
        verb, rest = words[0], words[1:]
        try:
            if words[:2] == ["carte", "blanche"] and len(words) <= 3:
                count = int(words[2]) if len(words) == 3 else None
                return ("carte blanche", count)
            if verb in ("discard", "keep", "play") and len(rest) == 1:
                return (verb, Card.from_str(rest[0]))
            if verb in ("draw", "face", "conceal", "good", "equal") and not rest:
                return (verb, None)
            if words == ["not", "good"]:
                return ("not good", None)
            if verb == "no" and len(rest) == 1 and rest[0] in CLASSES:
                return ("no", rest[0])
            if verb in CLASSES and len(rest) == 2 and rest[0].isdigit():
                return ("declare", " ".join([verb, rest[0], rest[1].upper()]))
            if verb == "also" and len(rest) == 3 and rest[0] in (SEQUENCE, SET):
                return ("also", " ".join([rest[0], rest[1], rest[2].upper()]))
            if verb == "ask" and len(rest) == 2 and rest[0] in ("suit", "top"):
                return ("ask", (rest[0], int(rest[1])))
        except (InvalidCardError, ValueError) as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from exc
        raise InvalidActionError(
            f"{text!r} is not a Piquet action (e.g. 'discard S7', 'draw', 'point 5 H', "
            "'good', 'not good', 'equal', 'play SA').")

    def _canonical_text(self, parsed: tuple[str, Any], text: str) -> str:
        """The log keeps one spelling: "discard S7" for "Discard s7"."""
        verb, value = parsed
        if verb == "carte blanche":
            return verb if value is None else f"{verb} {value}"
        if verb in ("discard", "keep", "play"):
            return f"{verb} {value}"
        if verb == "no":
            return f"no {value}"
        if verb == "declare":
            return str(value)
        if verb == "also":
            return f"also {value}"
        if verb == "ask":
            return f"ask {value[0]} {value[1]}"
        return verb

    def _not_your_turn(self, seat: Seat) -> str:
        if self.step == OVER:
            return "This deal is over."
        waiting = self.to_act()[0]
        return f"It is {waiting.word}'s turn, not {seat.word}'s: {speech.waiting_for(self)}"

    def _why_not(self, seat: Seat, parsed: tuple[str, Any]) -> str:
        """The reason an action the player may not take now is refused, in words
        a beginner reads."""
        verb, value = parsed
        step = self.step
        wanted = {CLAIM: "claim your carte blanche",
                  EXCHANGE: "choose the cards to discard, then draw",
                  UNTAKEN: "choose whether the cards nobody took are faced or concealed",
                  DECLARE: "declare", ANSWER: "answer elder: good, not good or equal",
                  REPLY: "declare what beats elder's, then play to the first trick",
                  PLAY: "play a card"}[step]
        if step == CLAIM and verb == "carte blanche" and seat == self.elder:
            return ("Say how many cards you will exchange, 1 to 5, "
                    "e.g. 'carte blanche 5'.")
        if step == EXCHANGE:
            least, most = self.exchange_limits(seat)
            aside = self.set_aside[seat]
            if verb == "discard" and value not in self.hands[seat]:
                return f"{value} is not in your hand."
            if verb == "discard" and value in aside:
                return f"{value} is already put aside."
            if verb == "discard":
                return (f"You may exchange at most {most} card{'s' * (most != 1)}: "
                        "keep one of those you put aside first.")
            if verb == "keep":
                return f"{value} is not among the cards you put aside."
            if verb == "draw":
                if least == most:
                    return f"Put aside exactly {most} cards first: you said so."
                return f"Put aside at least {least} card first (at most {most})."
        if verb in ("play",) and step in (PLAY, DECLARE, REPLY):
            hand = self.play.hands[seat] if self.play is not None else self.hands[seat]
            if value not in hand:
                return f"{value} is not in your hand."
            if step == DECLARE and self.class_index < len(CLASSES):
                return "Finish your declarations first: point, sequence and set."
            if step == REPLY and any(must for _, must in self._reply_classes()):
                return ("Before you play, declare what you said was not good: "
                        f"your {self._reply_classes()[-1][0]}.")
            if self.play is not None:
                reason = self.play.why_illegal(seat, value)
                if reason:
                    return reason
        if verb == "declare" or verb == "also":
            return self._why_not_declared(seat, value)
        if verb in ANSWERS and step == ANSWER:
            return speech.why_not_answer(verb, self.dialogues[CLASSES[self.class_index]])
        if verb == "ask":
            return "You can ask about a sequence your opponent has declared, once."
        return f"Now is the time to {wanted}."

    def _why_not_declared(self, seat: Seat, text: str) -> str:
        kind = text.split()[0]
        try:
            combo = combos.parse(text, self.hands[seat])
        except ValueError:
            combo = None
        if combo is None:
            return f"Your hand does not hold {text!r}: you may only declare what you hold."
        if self.step == DECLARE and seat == self.elder:
            if self.class_index >= len(CLASSES) or CLASSES[self.class_index] != kind:
                return "Declare in order: point, then sequence, then set."
            return "You may only add another sequence or set once yours is good."
        if self.step == REPLY:
            return (f"Your {kind} must be the one you answered about: better than elder's "
                    "where you said 'not good', the same where you said 'equal'.")
        return "It is not the time to declare."

    # -- doing it (only after the check passed) ---------------------------------------------

    def _do(self, seat: Seat, parsed: tuple[str, Any]) -> None:
        verb, value = parsed
        if verb == "carte blanche":
            self._claim(seat, value)
        elif verb == "discard":
            self.set_aside[seat].append(value)
        elif verb == "keep":
            self.set_aside[seat].remove(value)
        elif verb == "draw":
            self._draw(seat)
        elif verb in ("face", "conceal"):
            self._leave_untaken(verb == "face")
        elif verb in ("declare", "no"):
            if seat == self.elder and self.step == DECLARE:
                self._elder_announces(value if verb == "declare" else None)
            else:
                self._younger_declares(value)
        elif verb == "also":
            self._declare_extra(seat, value)
        elif verb in ANSWERS:
            self._answer(verb)
        elif verb == "ask":
            self._ask(seat, *value)
        else:
            self._play(seat, value)

    # CARTE BLANCHE and THE EXCHANGE

    def _claim(self, seat: Seat, count: int | None) -> None:
        """"he announces the fact immediately" (and elder "tells younger how many
        he intends to exchange")."""
        self.claims[seat] = count
        self._say(seat, speech.claim(count))
        if len(self.claims) == len(self.holders):
            self.step = EXCHANGE

    def _draw(self, seat: Seat) -> None:
        """Discard the cards put aside and draw as many "from the top of the
        talon downwards, strictly in order"."""
        aside = self.set_aside[seat]
        count = len(aside)
        hand = [c for c in self.hands[seat] if c not in aside]
        drawn = tuple(self.talon[:count])
        del self.talon[:count]
        self.hands[seat] = list(sort_hand(hand + list(drawn)))
        self.discards[seat] = tuple(sort_hand(aside))
        self.drawn[seat] = drawn
        self.set_aside[seat] = []
        self._say(seat, speech.exchanged(count))
        first = seat == self.exchange_order()[0]
        if first and seat == self.elder:
            # "he may, if he exchanges fewer, look at any cards he was entitled to
            # but did not take" (ELDER_MOST less what he took).
            self.peeked = tuple(self.talon[:ELDER_MOST - count])
        if seat == self.younger:
            still_to_draw = (self.claims.get(self.elder) or 0) if first else 0
            if len(self.talon) > still_to_draw:
                # His choice about the cards left belongs to his exchange; any
                # proof waits for it.
                self.step = UNTAKEN
                return
        self._prove_claims()
        if len(self.discards) == len(PLAYERS):
            self._start_declarations()

    def _prove_claims(self) -> None:
        """Each claimant proves his carte blanche once the other has exchanged
        (younger "waits until elder has discarded before proving his claim";
        elder proves after younger's exchange)."""
        for seat in self.holders:
            if seat not in self.proved and opponent(seat) in self.discards:
                self.proved.append(seat)
                self._say(seat, speech.proof(self.dealt[seat]))

    def _leave_untaken(self, faced: bool) -> None:
        """"If younger takes fewer than are left, it is his choice whether the
        untaken cards be faced or left concealed"."""
        count = self._untaken_count()
        self.untaken_faced = faced
        self.untaken = tuple(self.talon[len(self.talon) - count:])
        self._say(self.younger, speech.untaken(faced, count))
        self._prove_claims()
        if len(self.discards) == len(PLAYERS):
            self._start_declarations()
        else:
            self.step = EXCHANGE

    def _untaken_count(self) -> int:
        still = (self.claims.get(self.elder) or 0) if self.elder not in self.discards else 0
        return len(self.talon) - still

    def _start_declarations(self) -> None:
        """"After the exchange, the eight cards not held in the players' hands
        remain unused"; "If either player had a carte blanche he announces his
        score as 10 before declarations begin"."""
        if self.untaken_faced is None:
            self.untaken = tuple(self.talon)
        for seat in self.holders:
            self._score(seat, "carte blanche", scoring.CARTE_BLANCHE, order=0)
        self.step = DECLARE
        self.class_index = 0

    # DECLARATIONS

    def _elder_announces(self, text: str | None) -> None:
        dialogue = self.dialogues[CLASSES[self.class_index]]
        dialogue.spoken = True
        if text is None:
            self._say(self.elder, speech.no_class(dialogue.kind))
            # Younger may declare this class after the lead, unanswered.
            dialogue.outcome = "younger"
            self.class_index += 1
            return
        combo = combos.parse(text, self.hands[self.elder])
        assert combo is not None
        dialogue.announced = combo
        self.declared.append(Declared(self.elder, combo, {"size"}))
        self._say(self.elder, speech.announcement(combo, {"size"}, capital=True) + ".")
        self.step = ANSWER

    def _answer(self, answer: str) -> None:
        dialogue = self.dialogues[CLASSES[self.class_index]]
        dialogue.answers.append(answer)
        self._say(self.younger, speech.answer(answer))
        declared = self._declared_of(self.elder, dialogue.announced)
        if answer == "equal" and len(dialogue.answers) < dialogue.stages:
            # "If younger replies 'equal', elder then declares the combined pip-value";
            # an equal sequence goes to "the one with the higher top card".
            told = "value" if dialogue.kind == POINT else "top"
            declared.told.add(told)
            self._say(self.elder, speech.next_stage(declared.combo, told))
            return
        if answer == "good":
            dialogue.outcome = "elder"
            declared.scored = True
            order = CLASSES.index(dialogue.kind) + 1
            self._score(self.elder, dialogue.kind, declared.combo.score(), order=order,
                        combo=declared.combo)
        elif answer == "not good":
            dialogue.outcome = "younger"
        else:
            # "If younger can equalize on this basis, neither player will score";
            # "If there is still equality, neither player may score for any sequences."
            dialogue.outcome = "equal"
        self.class_index += 1
        self.step = DECLARE

    def _declared_of(self, seat: Seat, combo: Combination | None) -> Declared:
        return next(d for d in self.declared if d.seat == seat and d.combo == combo)

    def _declare_extra(self, seat: Seat, text: str) -> None:
        combo = combos.parse(text, self.hands[seat])
        assert combo is not None
        told = {"size"}
        self.declared.append(Declared(seat, combo, told, scored=True, extra=True))
        self._say(seat, "And " + speech.announcement(combo, told) + ".")
        self._score(seat, combo.kind, combo.score(), order=CLASSES.index(combo.kind) + 1,
                    combo=combo)

    def _younger_declares(self, text: str) -> None:
        """"Before replying to that card, younger scores for any combinations he may
        hold which are better than those announced by elder"."""
        combo = combos.parse(text, self.hands[self.younger])
        assert combo is not None
        dialogue = self.dialogues[combo.kind]
        # He tells as much as the comparison needed: the count (and value), the
        # length (and top card), the set.
        told = {"size"}
        if dialogue.announced is not None and len(dialogue.answers) > 1:
            told.add("value" if combo.kind == POINT else "top")
        self.declared.append(Declared(self.younger, combo, told, scored=True))
        self.reply_class = CLASSES.index(combo.kind)
        self.reply_declared.add(combo.kind)
        self._say(self.younger, speech.announcement(combo, told, capital=True) + ".")
        self._score(self.younger, combo.kind, combo.score(), order=self.reply_class + 1,
                    combo=combo)

    def _ask(self, seat: Seat, word: str, number: int) -> None:
        declared = self._sequences_of(opponent(seat))[number - 1]
        declared.told.add(word)
        self._say(seat, speech.question(word, declared.combo))
        self._say(declared.seat, speech.reply_to_question(word, declared.combo))

    # TRICKS

    def _play(self, seat: Seat, card: Card) -> None:
        if self.play is None:
            self._lead_first(card)
            return
        if self.step == REPLY:
            self._close_declarations()
        number = len(self.play.tricks) + 1
        leading = not self.play.current.cards
        trick = self.play.play(seat, card)
        # PIQUE: elder "reaches 30 during the trick play": at whichever point
        # brings him there, a lead's (classical count) or a trick's, in the
        # order they are scored (docs/decisions/0741).
        if leading:
            points = scoring.lead_points(number, self.rules.counting)
            if points:
                self._score(seat, "lead", points)
                self._check_pique()
        if trick is not None:
            winner = trick.winner(None)
            for who, points in scoring.trick_points(trick.leader.value, winner.value, number,
                                                    self.rules.counting).items():
                if points:
                    self._score(Seat.from_str(who), "trick", points)
                    self._check_pique()
        if self.play.is_over():
            self._finish()

    def _lead_first(self, card: Card) -> None:
        """"Having made his announcements and totalled his score so far (if any),
        elder leads any card face up to the table and adds one point 'for leading'"."""
        self.play = TrickPlay({s: self.hands[s] for s in PLAYERS}, PLAYERS, self.elder,
                              _NO_TRUMPS)
        self.play.play(self.elder, card)
        self._score(self.elder, "lead", scoring.lead_points(1, self.rules.counting))
        self.step = REPLY
        self.reply_class = 0

    def _close_declarations(self) -> None:
        """"After elder has led his first card, and younger has replied, neither
        player can score repique": it is decided now, reading the declarations
        "strictly in order: carte blanche, point, sequence, set"; then elder's
        lead may have brought him to 30 for pique."""
        self.step = PLAY
        declared = sorted((e for e in self.entries if e.order is not None),
                          key=lambda e: e.order)  # type: ignore[arg-type, return-value]
        winner = scoring.repique([(e.seat.value, e.points) for e in declared])
        if winner is not None:
            self.repique = Seat.from_str(winner)
            self._score(self.repique, "repique", scoring.REPIQUE)
        self._check_pique()

    def _check_pique(self) -> None:
        """PIQUE: "Elder, however, can score 30 for pique if he reaches 30 during
        the trick play and younger still has yet to score." Younger cannot."""
        if self.pique is not None or self.repique is not None or self.step != PLAY:
            return
        if scoring.pique_reached(self.total(self.elder), self.total(self.younger)):
            self.pique = self.elder
            self._score(self.elder, "pique", scoring.PIQUE)

    def _finish(self) -> None:
        """THE CARDS, CAPOT: "If one player takes more than six tricks he counts a
        bonus of 10 'for the cards'", 40 for capot; neither counts toward pique."""
        assert self.play is not None
        won = {s.value: n for s, n in self.play.won.items()}
        who, bonus, name = scoring.cards_bonus(won)
        seat = Seat.from_str(who) if who else None
        self.bonus = (seat, bonus, name)
        if seat is not None and name is not None:
            self._score(seat, name, bonus)
        self.step = OVER

    # -- the count -------------------------------------------------------------------------

    def _score(self, seat: Seat, kind: str, points: int, order: int | None = None,
               combo: Combination | None = None) -> None:
        total = self.total(seat) + points
        # The action being applied is logged once it is done: it is the next one.
        self.entries.append(ScoreEntry(seat, kind, points, total,
                                       speech.count(kind, points, total, combo), order,
                                       action=len(self.log) + 1))

    def total(self, seat: Seat) -> int:
        """What ``seat`` has scored in this deal so far."""
        return sum(e.points for e in self.entries if e.seat == seat)

    def _say(self, seat: Seat, words: str) -> None:
        self.dialogue.append({"seat": seat.value, "says": words})

    # -- what is seen -----------------------------------------------------------------------

    def current_hands(self) -> dict[Seat, tuple[Card, ...]]:
        if self.play is not None:
            return {s: tuple(self.play.hands[s]) for s in PLAYERS}
        return {s: tuple(self.hands[s]) for s in PLAYERS}

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Where every card of the deal is now, each in exactly one place: the
        hands (cards put aside still in them), the talon, the discards, the
        cards played."""
        places = {f"{s.value} hand": self.current_hands()[s] for s in PLAYERS}
        places["talon"] = tuple(self.talon)
        for seat in PLAYERS:
            places[f"{seat.value} discards"] = self.discards.get(seat, ())
        places["played"] = self._played()
        return places

    def _played(self) -> tuple[Card, ...]:
        if self.play is None:
            return ()
        cards = [c for trick in self.play.tricks for _, c in trick.cards]
        return tuple(cards + [c for _, c in self.play.current.cards])

    def known_cards(self, seat: Seat | None) -> frozenset[Card]:
        """Every card ``seat`` legitimately knows of (``None``: an onlooker): the
        cards played, untaken cards faced, a proved carte blanche, and declared
        combinations named in full (a sequence whose suit and top card were
        told, a quatorze); and for a player also his own hand, his discards and
        draws, the cards elder looked at, and concealed untaken cards he was
        shown."""
        known: set[Card] = set(self._played())
        if self.untaken_faced:
            known |= set(self.untaken)
        for holder in self.proved:
            known |= set(self.dealt[holder])
        for declared in self.declared:
            known |= set(declared.known_cards())
        if seat is None:
            return frozenset(known)
        known |= set(self.current_hands()[seat])
        known |= set(self.discards.get(seat, ()))
        known |= set(self.drawn.get(seat, ()))
        if seat == self.elder:
            known |= set(self.peeked)
        known |= set(self._untaken_seen(seat))
        return frozenset(known)

    def _untaken_seen(self, seat: Seat) -> tuple[Card, ...]:
        """The untaken cards ``seat`` has seen: all when faced; when concealed,
        those elder looked at, which younger sees too ("it is not permitted for
        one player to see them and not the other")."""
        if self.untaken_faced is None:
            return ()
        if self.untaken_faced:
            return self.untaken
        return tuple(c for c in self.untaken if c in self.peeked)

    def view(self, seat: Seat | None) -> SeatView:
        """What ``seat`` may see: his own hand and exchange, elder's look at the
        cards he left, the untaken cards if faced, everything declared and
        said, the count, the cards played. Never the other hand, the talon, the
        other's discards or anything he sank."""
        return self._seat_view(seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every card open (the teacher's view): both hands, the talon in order,
        both exchanges, the untaken cards."""
        return self._seat_view(None, open_hands=True)

    def _seat_view(self, seat: Seat | None, open_hands: bool) -> SeatView:
        from games.piquet.view import seat_view

        return seat_view(self, seat, open_hands)

    # -- the end of the deal ------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == OVER

    def result(self) -> dict[str, Any]:
        """The deal's score by player, with how it was made: each class's
        outcome, repique, pique, the cards or capot, tricks won, and the count
        in the order it was made."""
        if not self.is_over():
            raise IllegalActionError("The deal is not over yet.")
        assert self.play is not None
        seat, bonus, name = self.bonus
        return {
            "scores": {s.value: self.total(s) for s in PLAYERS},
            "elder": self.elder.value,
            "younger": self.younger.value,
            "carte_blanche": [s.value for s in self.holders],
            "classes": {kind: _outcome(self, kind) for kind in CLASSES},
            "repique": self.repique.value if self.repique else None,
            "pique": self.pique.value if self.pique else None,
            "bonus": {"seat": seat.value if seat else None, "points": bonus, "name": name},
            "tricks_won": {s.value: self.play.won[s] for s in PLAYERS},
            "count": [e.as_data() for e in self.entries],
        }


def _outcome(game: Piquet, kind: str) -> str | None:
    """Who scored a class: a seat letter, "equal", or ``None`` when nobody did."""
    outcome = game.dialogues[kind].outcome
    if outcome == "elder":
        return game.elder.value
    if outcome == "younger":
        scored = any(d.seat == game.younger and d.combo.kind == kind for d in game.declared)
        return game.younger.value if scored else None
    return outcome
