"""``obj.attr`` in a frame's template reads what Jinja's own ``environment.getattr`` read:
the attribute, else the key, else an undefined that shows nothing and chains
(teaching.runtime.jinja._CodeGenerator, docs/decisions/0920-attributes-read-by-python.md).
Each case is rendered by our environment and by a plain Jinja environment of the same
options, and the two must agree."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import jinja2
import pytest
from django.template import engines

from games.protocol import FrozenDict


@dataclass
class Seat:
    word: str
    name: str


class Shy:
    """A property that says it is not there: Jinja then looks for the key."""

    @property
    def hidden(self) -> str:
        raise AttributeError("hidden")

    def __getitem__(self, key: str) -> str:
        return f"item {key}"


CASES: list[tuple[str, dict[str, Any]]] = [
    ("{{ seat.word }} ({{ seat.name }})", {"seat": Seat("North", "Bob")}),
    ("{{ info.lesson }}/{{ info.items }}", {"info": {"lesson": 5}}),  # the method, not a key
    ("{{ info.board }}", {"info": {"board": 7}}),
    ("[{{ tv.view.contract.goal }}]", {}),
    ("[{{ tv.view.contract.goal }}]", {"tv": {"view": None}}),
    ("[{{ seat.missing.deeper }}]", {"seat": Seat("East", "Carol")}),
    ("{{ shy.hidden }}", {"shy": Shy()}),
    ("{% for p in places %}{{ p.word }}{% if not loop.last %}, {% endif %}{% endfor %}",
     {"places": [Seat("North", "Bob"), Seat("South", "Dora")]}),
    ("{% macro tag(p) %}<b>{{ p.name }}</b>{% endmacro %}{{ tag(seat) }}{{ tag(seat).x }}",
     {"seat": Seat("West", "Ed")}),
    ("{% if seat.name == 'Bob' %}yes{% else %}no{% endif %}", {"seat": Seat("North", "Bob")}),
    ("{{ (seat.word ~ seat.name).upper() }}", {"seat": Seat("North", "Bob")}),
    # Calls: a function of the context, a built-in's method, nested, with keywords, in loops.
    ("{% for k, n in info|dictsort %}{{ k }}={{ n }};{% endfor %}{{ info.items()|list }}",
     {"info": {"b": 2, "a": 1}}),
    ("{{ join(join('a', 'b'), sep='+', last=join('c', 'd')) }}",
     {"join": lambda *words, sep="-", last="": sep.join(words) + last}),
    ("{% for w in words %}{{ up(w) }}{% if loop.last %}{{ up('!') }}{% endif %}{% endfor %}",
     {"words": ["a", "b"], "up": str.upper}),
    ("{% macro box(x) %}[{{ x }}{{ caller() if caller }}]{% endmacro %}"
     "{% for w in words %}{% call box(w) %}{{ w|upper }}{% endcall %}{% endfor %}",
     {"words": ["a", "b"]}),
    # d['key'] beside them, as Jinja reads it (the key, else the attribute, else undefined).
    ("{{ info['lesson'] }}|{{ info['none'] }}|[{{ info['missing'] }}]",
     {"info": {"lesson": 5, "none": None}}),
    ("{{ frozen['NS'] }}-{{ frozen['EW'] }}[{{ frozen['N'] }}]",
     {"frozen": FrozenDict(NS=3, EW=2)}),
    ("{{ words[1] }}[{{ words[9] }}]{{ words[-1] }}", {"words": ["contract", "game", "NT"]}),
    ("{{ seat['word'] }}", {"seat": Seat("North", "Bob")}),  # no key: the attribute
    ("{{ counts['S'] }}[{{ counts['N'] }}]", {"counts": Counter(S=4)}),  # __missing__: 0
    ("{{ shy['hidden'] }}", {"shy": Shy()}),
    ("[{{ nothing['a']['b'] }}]", {}),
    ("{% for k in keys %}{{ info[k] }}{% endfor %}", {"keys": ["a", "b"], "info": {"a": 1}}),
]


@pytest.mark.parametrize(("source", "context"), CASES, ids=[source for source, _ in CASES])
def test_an_attribute_reads_as_jinja_reads_it(source: str, context: dict[str, Any]) -> None:
    ours = engines["jinja2"].env
    plain = jinja2.Environment(autoescape=True, undefined=jinja2.ChainableUndefined)
    assert ours.code_generator_class is not jinja2.compiler.CodeGenerator
    assert (ours.from_string(source).render(context)
            == plain.from_string(source).render(context))


def test_every_template_compiles_with_attributes_read_by_python() -> None:
    from teaching.tables import frames

    assert frames.compile_all() > 0


def test_our_own_functions_are_called_straight_and_as_before() -> None:
    """``kept`` and the other functions the frames' environment gives its templates are called
    from the compiled code itself; a ``{% call kept(...) %}`` in a loop still gets its body."""
    from teaching.runtime import jinja as frames_jinja

    source = ("{% for w in words %}{% call shout(w, end='!') %}{{ w }}{% endcall %}"
              "{% endfor %}|{{ shout('x', end='?') }}")

    def shout(word: str, end: str = "", caller: Any = None) -> str:
        return (caller() if caller else word).upper() + end

    frames_jinja._PLAIN.add(shout)
    try:
        assert "_plain_calls" in engines["jinja2"].env.compile(source, raw=True)
        shown = engines["jinja2"].env.from_string(source).render({"words": ["a", "b"],
                                                                  "shout": shout})
    finally:
        frames_jinja._PLAIN.discard(shout)
    assert shown == "A!B!|X?"


def test_a_call_block_that_takes_arguments_still_gets_jinjas_macro() -> None:
    """The body's bare function goes to our own functions only when it takes nothing: a
    ``{% call(n) ... %}`` body is called with its argument through Jinja's ``Macro``."""
    from jinja2.runtime import Macro

    from teaching.runtime import jinja as frames_jinja

    given: list[Any] = []

    def twice(caller: Any) -> str:
        given.append(caller)
        return str(caller(1)) + str(caller(2))

    frames_jinja._PLAIN.add(twice)
    try:
        shown = engines["jinja2"].env.from_string(
            "{% call(n) twice() %}<{{ n }}>{% endcall %}").render({"twice": twice})
    finally:
        frames_jinja._PLAIN.discard(twice)
    assert shown == "<1><2>" and isinstance(given[0], Macro)
