"""CSV cells a spreadsheet reads as data (teaching.csv_export)."""

from __future__ import annotations

import csv
import io

import pytest

from teaching.csv_export import SafeWriter, safe_cell


@pytest.mark.parametrize("typed", ['=HYPERLINK("http://example.org","x")', "+1+1", "-2+3",
                                   "@SUM(A1)", "\t=1", "\r=1", "=", "-"])
def test_text_that_could_start_a_formula_is_written_as_text(typed: str) -> None:
    assert safe_cell(typed) == "'" + typed


@pytest.mark.parametrize("value", [-420, 3.5, "-420", "+7", "-1.5", "Bob", "", None, "a=b"])
def test_numbers_and_plain_text_are_kept(value: object) -> None:
    assert safe_cell(value) == value


def test_the_writer_neutralises_every_cell_and_still_quotes_as_csv_does() -> None:
    out = io.StringIO()
    SafeWriter(out, lineterminator="\n").writerow(["=1+1", 'say "hi"', -3, "@x, y"])

    assert next(csv.reader(io.StringIO(out.getvalue()))) == ["'=1+1", 'say "hi"', "-3",
                                                              "'@x, y"]
