"""The Jinja2 environment of the table frames (templates/jinja2/, see teaching.tables.frames).

The websocket sends every seat a fresh table after each card, so rendering it must be
cheap; Jinja compiles a template to Python once, where Django's engine walks its node
tree on every render. The output is the HTML the Django templates gave, character for
character once whitespace between tags is set aside (Django's escaping of quotes too), but
in ASCII: every character beyond it written as a character reference (:class:`_AsciiText`).
Benchmark: bench/table_frames.py (docs/benchmarks.md: a frame took 0.62 ms with Django's
templates, 0.11 ms in Jinja2).
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Callable, MutableMapping
from functools import lru_cache
from pathlib import Path
from types import BuiltinMethodType, CodeType, FunctionType
from typing import Any

import jinja2
import jinja2.compiler
import jinja2.ext
import jinja2.lexer
import jinja2.nodes
import jinja2.runtime
import markupsafe
from django.conf import settings
from django.dispatch import receiver
from django.template import defaultfilters
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import autoreload
from django.utils.safestring import SafeString
from markupsafe import Markup

from teaching.runtime.markup import escaped_markup, in_ascii
from teaching.tables.card_html import card, cards
from teaching.templatetags.table_tags import FILTERS, term


def _escape(value: Any) -> Markup:
    """``{{ value }}`` in a template: markupsafe's ``escape``, less its detours, and quotes
    escaped as Django does (``&#x27;``, ``&quot;``, not ``&#39;``, ``&#34;``), so a name like
    O'Neil reads the same in both engines' pages.

    Jinja writes ``escape(environment.finalize(value))`` for every value a template
    shows, and markupsafe's ``escape`` makes a new ``Markup`` even of one (a kept piece,
    a macro's output): three Python calls a value, about a tenth of a frame's bytecode
    (issue 30). Here a ``Markup`` (or Django's ``SafeString``) comes back as it is, a
    string is looked up among those escaped before, by the cache's C code, and escaped once
    when new (teaching.runtime.markup.escaped_markup), and anything else (numbers, an
    undefined value) goes to markupsafe's ``escape``, as before.
    Put in place of Jinja's ``escape`` in every compiled template (:class:`_Template`),
    with no ``finalize`` left to call."""
    kind = value.__class__
    if kind is Markup or kind is SafeString:  # escaped HTML already: a kept piece, a card
        return value  # type: ignore[no-any-return]
    if kind is str:
        # A suit symbol, a name beyond English: as references, the frame stays ASCII
        # (:class:`_AsciiText`).
        return escaped_markup(value)
    return markupsafe.escape(value)


class _AsciiText(jinja2.ext.Extension):
    """The templates' own text outside ASCII (a middle dot, a suit in a heading) written as
    character references once, as a template compiles; with :func:`_escape` doing the same
    for the values shown, a frame is all ASCII. One suit symbol in a frame (a contract "in
    ♣") made Python hold all of its five thousand characters at two bytes each, and every
    step after paid for it: the join of its pieces, the Redis layer's packing and unpacking,
    daphne's encoding for the wire, where an ASCII text is copied as it is
    (docs/decisions/0890). The text inside tags (a string compared) is left as it is."""

    def filter_stream(self, stream: jinja2.lexer.TokenStream) -> Any:
        for token in stream:
            if token.type == jinja2.lexer.TOKEN_DATA and not token.value.isascii():
                token = jinja2.lexer.Token(token.lineno, token.type, in_ascii(token.value))
            yield token


class _Template(jinja2.Template):
    """A compiled template whose output goes through :func:`_escape`."""

    @classmethod
    def from_code(cls, environment: jinja2.Environment, code: CodeType,
                  globals: MutableMapping[str, Any],  # noqa: A002 (Jinja's own name)
                  uptodate: Callable[[], bool] | None = None) -> jinja2.Template:
        template = super().from_code(environment, code, globals, uptodate)
        # The template's module namespace, where its render functions and macros find
        # the ``escape`` the compiled code imported from jinja2.runtime.
        namespace = template.root_render_func.__globals__
        namespace["escape"] = _escape
        # Our own functions, called straight (:meth:`_CodeGenerator.visit_Call`).
        namespace["_function"], namespace["_plain_calls"] = FunctionType, _PLAIN
        return template


def url(name: str, *args: Any) -> str:
    """``{% url name arg %}``: the path of a named URL, reversed once per table: the
    after-hand buttons of every seat's frame ask for the same two paths again."""
    return _reversed(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, args)


@lru_cache(maxsize=4096)
def _reversed(prefix: str, urlconf: Any, name: str, args: tuple[Any, ...]) -> str:
    # The prefix and urlconf in force are part of the key: reverse() reads both.
    return reverse(name, urlconf=urlconf, args=args)


class _Context(jinja2.runtime.Context):
    """A template's context whose calls of this module's own functions (``kept``,
    ``seat_html``, ``trick_html``...) and of built-in methods (``line.startswith(...)``,
    ``info.items()``) go straight to them: Jinja's ``Context.call`` first asks each
    callable, twice, whether it wants the context passed, about a dozen Python calls for
    each of a frame's seven calls, and for each line of a game's story
    (docs/decisions/0870-a-frame-without-jinjas-detours.md)."""

    def call(__self, __obj: Callable[..., Any], *args: Any,  # noqa: N805 (Jinja's own names)
             **kwargs: Any) -> Any:
        kind = __obj.__class__
        # Functions hash as themselves; a bound method would hash its object, which may
        # not be hashable. A built-in's method (a string's ``startswith``, a dict's ``items``)
        # can carry no request for the context either, nor a template's own macro (the Top
        # Game's ``who``, a dozen calls a frame).
        if ((kind is FunctionType and __obj in _PLAIN) or kind is BuiltinMethodType
                or kind is jinja2.runtime.Macro):
            if kwargs:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return __obj(*args, **kwargs)
        return super().call(__obj, *args, **kwargs)


#: The globals that take no context: called directly (:class:`_Context`).
_PLAIN: set[Any] = set()


class _CodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code generator, with ``obj.attr`` read by Python's own ``getattr``, and our
    own functions called by the compiled template itself (:meth:`visit_Call`,
    :meth:`visit_CallBlock`).

    Jinja writes ``environment.getattr(obj, "attr")`` for every ``tv.over`` a template
    reads, a Python method that tries ``getattr`` and then ``obj["attr"]``: about thirty
    calls a frame, and the Python frame each costs more than the look-up it wraps. Here the
    compiled template asks ``getattr(obj, "attr", missing)`` itself, by C, and goes to
    Jinja's method only when that finds nothing (a dict's key read as ``info.lesson``, an
    undefined name), which then does just what it did before: the same value or the same
    undefined, every time (docs/decisions/0920-attributes-read-by-python.md). The object,
    the value and a callee are held in locals by assignment expressions, ``_o``, ``_v`` and
    ``_f``, names Jinja's own code never uses (its are ``l_``, ``t_`` and a few words)."""

    @jinja2.compiler.optimizeconst
    def visit_Getattr(self, node: jinja2.nodes.Getattr, frame: jinja2.compiler.Frame) -> None:
        if self.environment.is_async:
            super().visit_Getattr(node, frame)
            return
        attr = repr(node.attr)
        self.write("(_v if (_v := getattr((_o := ")
        self.visit(node.node, frame)
        self.write(f"), {attr}, missing)) is not missing else environment.getattr(_o, {attr}))")

    def visit_Call(self, node: jinja2.nodes.Call, frame: jinja2.compiler.Frame,
                   forward_caller: bool = False) -> None:
        """``seat_at(tv, "top")``: one of our own functions (:data:`_PLAIN`) called straight
        from the compiled template, anything else through ``context.call`` as Jinja calls it
        (which our :class:`_Context` sends straight on too, one Python call later)."""
        if self.environment.is_async or self.environment.sandboxed:
            super().visit_Call(node, frame, forward_caller)
            return
        extra = {"caller": "caller"} if forward_caller else None
        full = dict(extra or {})
        if frame.loop_frame:
            full["_loop_vars"] = "_loop_vars"
        if frame.block_frame:
            full["_block_vars"] = "_block_vars"
        callee = self._written(lambda: self.visit(node.node, frame))
        plain = self._written(lambda: self.signature(node, frame, extra))
        jinjas = self._written(lambda: self.signature(node, frame, full or None))
        self.write(f"(_f({plain[2:]}) if (_f := {callee}).__class__ is _function"
                   f" and _f in _plain_calls else context.call(_f{jinjas}))")

    def visit_CallBlock(self, node: jinja2.nodes.CallBlock,
                        frame: jinja2.compiler.Frame) -> None:
        """``{% call kept(tv, ...) %}body{% endcall %}``: Jinja wraps the body's function in a
        ``Macro`` for the callee's ``caller()``, at every render, called or not. When the
        callee is one of ours (by name) and the body takes nothing (no arguments, no
        ``caller``, ``varargs`` or ``kwargs`` of its own), ours get the body's function
        itself: ``kept`` calls it only when the piece is not kept, and makes the text it
        returns markup as a ``Macro`` would have. Anything else gets the ``Macro``."""
        call_frame, macro_ref = self.macro_body(node, frame)
        self.writeline("caller = ")
        takes_nothing = not (node.args or macro_ref.accesses_caller
                             or macro_ref.accesses_kwargs or macro_ref.accesses_varargs)
        if (takes_nothing and isinstance(node.call.node, jinja2.nodes.Name)
                and not self.environment.is_async and not self.environment.sandboxed):
            callee = self._written(lambda: self.visit(node.call.node, frame))
            self.write(f"macro if ({callee}).__class__ is _function"
                       f" and ({callee}) in _plain_calls else ")
        self.macro_def(macro_ref, call_frame)
        self.start_write(frame, node)
        self.visit_Call(node.call, frame, forward_caller=True)
        self.end_write(frame)

    def _written(self, write: Callable[[], None]) -> str:
        """What ``write()`` writes, taken aside rather than into the module's code."""
        stream, self.stream = self.stream, io.StringIO()
        try:
            write()
            return self.stream.getvalue()
        finally:
            self.stream = stream


class _Environment(jinja2.Environment):
    """Jinja's environment, with a template's globals in a plain dict: Jinja keeps them
    in a ``ChainMap`` over the environment's (so that globals added later are seen), and
    each render copies that map into its context through a dozen of ``ChainMap``'s Python
    lookups. Ours are all set before any template loads (:func:`environment`)."""

    context_class = _Context
    template_class = _Template
    code_generator_class = _CodeGenerator

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def environment(**options: Any) -> jinja2.Environment:
    """The environment of Django's Jinja2 backend (settings.TEMPLATES)."""
    options.setdefault("autoescape", True)
    # Compiled templates stay until the process ends: the backend's auto_reload (on under
    # DEBUG) would stat every template file on every render, about a tenth of a frame's
    # time. Under the development server an edited template is picked up all the same
    # (_template_changed below).
    options["auto_reload"] = False
    # Missing keys and attributes render as "" (as in Django), also along a chain
    # such as tv.view.contract.goal; the backend would pick DebugUndefined under DEBUG.
    options["undefined"] = jinja2.ChainableUndefined
    # No finalize: Django's quotes are :func:`_escape`'s (docs/decisions/0870).
    options["extensions"] = [*options.get("extensions", ()), _AsciiText]
    env = _Environment(**options)
    env.filters.update(FILTERS)
    env.filters.update(
        pluralize=defaultfilters.pluralize,
        title=defaultfilters.title,
        capfirst=defaultfilters.capfirst,
    )
    env.filters.update(card=card, cards=cards)
    # ``tv.choices|tuple``: a list as part of a kept piece's key (frames.kept), hashable and
    # made in C; Jinja's ``join`` costs about seventy bytecodes a call.
    env.filters["tuple"] = tuple
    from teaching.tables.frames import kept, seat_at, seat_html, trick_html

    env.globals.update(url=url, seat_html=seat_html, seat_at=seat_at, trick_html=trick_html,
                       kept=kept, term=term)
    _PLAIN.update((url, seat_html, seat_at, trick_html, kept, term))
    _ENVIRONMENTS.add(env)
    return env


_ENVIRONMENTS: weakref.WeakSet[jinja2.Environment] = weakref.WeakSet()


@receiver(autoreload.file_changed, dispatch_uid="teaching.runtime.jinja.template_changed")
def _template_changed(sender: Any, file_path: Path, **kwargs: Any) -> bool | None:
    """The development server's reloader saw a file change: when it is one of our Jinja
    templates, forget the compiled templates (no restart, as for Django's templates)."""
    if file_path.suffix == ".py":
        return None
    for env in list(_ENVIRONMENTS):
        dirs = getattr(env.loader, "searchpath", [])
        if any(Path(d).resolve() in file_path.resolve().parents for d in dirs):
            if env.cache is not None:
                env.cache.clear()
            from teaching.tables.frames import forget_kept

            forget_kept()
            return True
    return None
