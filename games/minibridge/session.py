"""Law 18: a session of MiniBridge at one table, as a set of deals.

"Each deal is scored independently and the game as a whole can be agreed to last for
a fixed number of deals or until a particular target total score is reached" (Outline
of MiniBridge). A teacher sets either or both (:class:`MiniBridgeRules` ``set_deals``,
``set_target``); the set ends at whichever comes first, and the next deal starts a new
set at 0-0, as a won game of Spades starts a new one (decision 0441).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.minibridge.rules import MiniBridgeRules

_SIDES = ("NS", "EW")


def standing(rules: MiniBridgeRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Where the table's set stands after its finished deals (results oldest first);
    empty when the table keeps no set (nothing to carry to the next deal).

    A redeal is not a deal played (Law 6: "the same dealer ... deals again"). The
    answer: the set's number, the deals counted in it and the totals by side; whether
    the last deal ended it and who won it (``None`` for a tie); and ``next_deal`` /
    ``next_totals``, where the deal being played stands (a new set after one ends).

    >>> from games.minibridge.rules import make_rules
    >>> s = standing(make_rules(5, set_deals=2), [{"score": {"NS": 120, "EW": 0}}])
    >>> s["totals"], s["over"], s["next_deal"]
    ({'NS': 120, 'EW': 0}, False, 2)
    """
    if not rules.keeps_a_set:
        return {}
    number, played, totals, over = 1, 0, dict.fromkeys(_SIDES, 0), False
    for result in results:
        score = result.get("score")
        if result.get("redeal") or not score:
            continue
        if over:
            number, played, totals, over = number + 1, 0, dict.fromkeys(_SIDES, 0), False
        played += 1
        for side in _SIDES:
            totals[side] += int(score.get(side) or 0)
        over = _set_over(rules, played, totals)
    winner = None
    if over and totals["NS"] != totals["EW"]:
        winner = "NS" if totals["NS"] > totals["EW"] else "EW"
    next_totals = dict.fromkeys(_SIDES, 0) if over else dict(totals)
    next_set, next_played = (number + 1, 0) if over else (number, played)
    return {
        "deals": rules.set_deals, "target": rules.set_target, "set": number,
        "played": played, "totals": totals, "over": over, "winner": winner,
        "next_deal": next_played + 1, "next_totals": next_totals,
        # The table deals its next hand with these: the deal in play shows the set.
        "next_options": {"set_so_far": [next_set, next_played, next_totals["NS"],
                                        next_totals["EW"]]},
    }


def deal_in_set(rules: MiniBridgeRules,
                score: Mapping[str, int] | None) -> dict[str, Any] | None:
    """The set as the table sees it during a deal: its number, this deal's number in
    it and the totals before it; once the deal is scored (``score``), the totals after
    it, whether it ended the set and who won it. ``None`` without a set."""
    if not rules.keeps_a_set:
        return None
    number, played, ns, ew = rules.set_so_far or (1, 0, 0, 0)
    shown: dict[str, Any] = {
        "set": number, "deal": played + 1, "deals": rules.set_deals,
        "target": rules.set_target, "totals": {"NS": ns, "EW": ew},
        "after": None, "over": False, "winner": None,
    }
    if score is not None:
        after = {"NS": ns + int(score.get("NS") or 0), "EW": ew + int(score.get("EW") or 0)}
        over = _set_over(rules, played + 1, after)
        shown.update(after=after, over=over)
        if over and after["NS"] != after["EW"]:
            shown["winner"] = "NS" if after["NS"] > after["EW"] else "EW"
    return shown


def _set_over(rules: MiniBridgeRules, played: int, totals: Mapping[str, int]) -> bool:
    """The set ends after its number of deals, or once a side has reached the target."""
    if rules.set_deals is not None and played >= rules.set_deals:
        return True
    return rules.set_target is not None and max(totals.values()) >= rules.set_target
