"""The target tricks for a declaring side's combined points (shared/rules/minibridge.txt,
"It's flexible and adaptable").

"Another option is to set declarer a target number of tricks which must be made
according to the combined points held by the declaring partnership." The same
table serves MiniBridge's target-tricks variant and the league's mini-matches
("each deal be scored simply as a win or loss for each side, according to whether
the declarer achieves the target or not"), so it lives in the bridge layer, where
the league reads it without importing a game (decision record 0770).

>>> target_tricks(25)
9
"""

from __future__ import annotations

# Target tricks by combined points: the lowest total of each band.
_TARGETS: tuple[tuple[int, int], ...] = (
    (37, 13), (33, 12), (29, 11), (27, 10), (25, 9), (23, 8), (21, 7),
)


def target_tricks(combined_hcp: int) -> int:
    """The target for the declaring side's combined points: 21-22 -> 7, 23-24 -> 8,
    25-26 -> 9, 27-28 -> 10, 29-32 -> 11, 33-36 -> 12, 37+ -> 13 (the booklet's table).
    A declaring side always holds 21 or more (Law 6 redeals at 20-20)."""
    for lowest, target in _TARGETS:
        if combined_hcp >= lowest:
            return target
    raise ValueError(f"a declaring side holds at least 21 points, not {combined_hcp}")
