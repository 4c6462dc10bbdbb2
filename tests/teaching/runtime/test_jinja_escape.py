"""What a frame shows of a value reads as a Django page shows it: the frames' own escaping
(teaching.runtime.jinja._escape) against Django's ``conditional_escape``, value by value."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import engines
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from markupsafe import Markup

VALUES: list[Any] = [
    "Bob",
    "O'Neil",
    'Say "pass"',
    "Tom & Jerry <script>alert(1)</script>",
    "",
    Markup("<strong>kept</strong>"),
    mark_safe("<em>safe</em>"),
    7,
    3.5,
    None,
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_in_a_frame_reads_as_in_a_django_page(value: Any) -> None:
    shown = engines["jinja2"].from_string("{{ value }}").render({"value": value})
    assert shown == str(conditional_escape(value))


def test_a_missing_value_shows_nothing() -> None:
    template = engines["jinja2"].from_string("[{{ tv.view.contract.goal }}]")
    assert template.render({}) == "[]"


def test_a_pupils_name_with_a_quote_is_escaped_in_a_macro_and_a_set_block() -> None:
    """The same escaping inside a macro and a captured block as at the top level."""
    template = engines["jinja2"].from_string(
        "{% macro tag(name) %}<b>{{ name }}</b>{% endmacro %}"
        "{% set line %}{{ tag(name) }} & {{ name }}{% endset %}{{ line }}")
    assert template.render({"name": "O'Neil"}) == "<b>O&#x27;Neil</b> & O&#x27;Neil"
