"""The Jinja2 environment of the table frames (templates/jinja2/, see teaching.tables.frames).

The websocket sends every seat a fresh table after each card, so rendering it must be
cheap; Jinja compiles a template to Python once, where Django's engine walks its node
tree on every render. The output is the HTML the Django templates gave, character for
character once whitespace between tags is set aside (Django's escaping of quotes too).
Benchmark: bench/table_frames.py (docs/benchmarks.md: a frame took 0.62 ms with Django's
templates, 0.11 ms in Jinja2).
"""

from __future__ import annotations

import html
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from django.conf import settings
from django.dispatch import receiver
from django.template import defaultfilters
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import autoreload
from django.utils.safestring import SafeString

from teaching.templatetags.table_tags import FILTERS, card, cards, term


def _finalize(value: Any) -> Any:
    """Escape quotes as Django does (``&#x27;``, ``&quot;``), not as markupsafe
    (``&#39;``, ``&#34;``), so a name like O'Neil reads the same in both engines'
    pages. Plain strings without quotes go to markupsafe's escaping unchanged."""
    if value.__class__ is str and ("'" in value or '"' in value):
        return SafeString(html.escape(value))
    return value


def url(name: str, *args: Any) -> str:
    """``{% url name arg %}``: the path of a named URL, reversed once per table: the
    after-hand buttons of every seat's frame ask for the same two paths again."""
    return _reversed(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, args)


@lru_cache(maxsize=4096)
def _reversed(prefix: str, urlconf: Any, name: str, args: tuple[Any, ...]) -> str:
    # The prefix and urlconf in force are part of the key: reverse() reads both.
    return reverse(name, urlconf=urlconf, args=args)


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
    options.setdefault("finalize", _finalize)
    env = jinja2.Environment(**options)
    env.filters.update(FILTERS)
    env.filters.update(
        pluralize=defaultfilters.pluralize,
        title=defaultfilters.title,
        capfirst=defaultfilters.capfirst,
    )
    env.filters.update(card=card, cards=cards)
    from teaching.tables.frames import kept, seat_html, trick_html

    env.globals.update(url=url, seat_html=seat_html, trick_html=trick_html, kept=kept,
                       term=term)
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
