"""CSV files that a spreadsheet opens as data, never as formulas.

A teacher opens an export in a spreadsheet; a cell that begins with ``=``,
``+``, ``-`` or ``@`` is read there as a formula, so a pupil named
``=HYPERLINK("http://...","Click")`` became a link on the teacher's screen
(issue 13). As OWASP's advice on CSV injection says, such a cell is written
with a single quote in front, which the spreadsheet shows as text; a tab or a
carriage return at the start is treated the same way. Numbers stay numbers: a
negative score (``-420``) is data, not a formula.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO, Any

#: What a spreadsheet may take for the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet should show it: text that could start a formula
    gets a leading single quote; numbers, and text that is just a number, are kept."""
    if isinstance(value, int | float) or value is None:
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


class SafeWriter:
    """``csv.writer`` whose every cell goes through :func:`safe_cell`."""

    def __init__(self, out: IO[str], **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(cell) for cell in row])
