"""The robots' choices before the play, and their claims: what a pupil is taught.

* Law 5: announce the true high card points of the hand.
* MiniLesson 3: a tied pair chooses its declarer.
* MiniLessons 4-5 and Law 9: the contract. "The magic number is EIGHT trumps
  between declarer's hand and dummy's"; "play their longest combined suit as
  trumps, assuming they have an eight-card fit, whenever they are NOT
  announcing game"; "try for a 'game' whenever they have 25 or more points";
  "often it is better to try for a no trump game when they have a long minor
  suit fit". The slam variant: slam with 33 or more points.
* Law 14: claims, made and answered only when they are sure.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bridge.robots.cardtext import SUITS, fit_lengths, hcp

#: Points for a game try (MiniLesson 5) and for a slam (our reading of the
#: booklet's slam variant: 33 of the 40 points leave the defenders at most an ace).
GAME_POINTS = 25
SLAM_POINTS = 33
MAJORS = "SH"


def announce(hand: Sequence[str]) -> str:
    """Law 5: the player states his high card points."""
    return f"hcp {hcp(hand)}"


def choose_declarer(me: str, partner: str, hand: Sequence[str], legal: Sequence[str]) -> str:
    """MiniLesson 3: "If both of the players on the declaring side have the
    same point count the players can choose who is to be declarer."

    A robot sees only its own hand here. With a five-card suit it declares
    (the long suit is where the tricks are); without one it lets partner,
    who is then more likely to hold the longer suit.
    """
    longest = max(sum(1 for c in hand if c[0] == s) for s in SUITS)
    wanted = f"declarer {me}" if longest >= 5 else f"declarer {partner}"
    return wanted if wanted in legal else legal[0]


def best_fit(hand: Sequence[str], dummy: Sequence[str], suits: str = SUITS) -> str | None:
    """The longest combined suit with at least eight cards; majors first on a
    tie, then the stronger suit. None without an eight-card fit."""
    lengths = fit_lengths(hand, dummy)
    both = list(hand) + list(dummy)
    fits = [s for s in suits if lengths[s] >= 8]
    if not fits:
        return None
    return max(fits, key=lambda s: (lengths[s], s in MAJORS,
                                    hcp(c for c in both if c[0] == s)))


def parse_contract(text: str) -> tuple[str | None, str]:
    """``"contract game NT"`` -> ("game", "NT"); ``"contract S"`` -> (None, "S")."""
    words = text.split()[1:]
    return (words[0] if len(words) == 2 else None), words[-1]


def choose_contract(hand: Sequence[str], dummy: Sequence[str], side_points: int,
                    legal: Sequence[str]) -> str:
    """Declarer's contract by the lessons' advice (see the module docstring)."""
    options = {parse_contract(t): t for t in legal if t.startswith("contract")}
    levels = {level for level, _ in options}
    wanted: list[tuple[str | None, str]]
    fit = best_fit(hand, dummy)
    major_fit = best_fit(hand, dummy, MAJORS)
    if "slam" in levels and side_points >= SLAM_POINTS:
        wanted = [("slam", fit or "NT"), ("slam", "NT")]
    elif "game" in levels and side_points >= GAME_POINTS:
        # A minor-suit game needs eleven tricks: no trumps needs only nine.
        wanted = [("game", major_fit or "NT"), ("game", "NT")]
    elif "part" in levels:
        wanted = [("part", fit or "NT"), ("part", "NT")]
    else:
        wanted = [(None, fit or "NT"), (None, "NT")]
    for choice in wanted:
        if choice in options:
            return options[choice]
    return legal[0]
