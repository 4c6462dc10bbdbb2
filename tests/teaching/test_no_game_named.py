"""The site plays any registered game, so none of its own code names one (issue 12):
"no module of the site outside a game's own templates (and the demo loader) names a game".

A game's own templates are ``templates/jinja2/games/<name>/`` (its table) and
``templates/games/<name>/`` (its how-to pages); migrations are history; the demo
loader sets up a demo class of particular games on purpose.
"""

from __future__ import annotations

import re
from pathlib import Path

from games.registry import catalogue

ROOT = Path(__file__).resolve().parents[2]
#: Words that name a game without being an entry's name or title.
OTHER_WORDS = ("MiniLesson", "MiniBridge", "spades2")
DEMO_LOADER = (
    "teaching/management/commands/load_demo.py",
    "teaching/classes/demo.py",
)


def _game_words() -> list[str]:
    words = set(OTHER_WORDS)
    for entry in catalogue():
        words.update((entry.name, entry.title))
    return sorted(words, key=str.lower)


def _site_files() -> list[Path]:
    names = {entry.name for entry in catalogue()}
    own_templates = [ROOT / "templates" / "jinja2" / "games" / name for name in names] + [
        ROOT / "templates" / "games" / name for name in names]
    files = [p for p in (ROOT / "teaching").rglob("*.py")
             if "migrations" not in p.relative_to(ROOT).parts
             and str(p.relative_to(ROOT)) not in DEMO_LOADER]
    files += [p for p in (ROOT / "templates").rglob("*.html")
              if not any(folder in p.parents for folder in own_templates)]
    files += list((ROOT / "static" / "js").rglob("*.js"))
    return sorted(files)


def test_the_site_knows_every_game_only_through_the_registry():
    words = _game_words()
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, words)) + r")(?!\w)",
                         re.IGNORECASE)
    found = []
    for path in _site_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = pattern.search(line)
            if match:
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in "
                             f"{line.strip()[:100]}")
    assert not found, "the site names a game:\n" + "\n".join(found)


def test_the_search_covers_the_sites_code_and_templates():
    files = {str(p.relative_to(ROOT)) for p in _site_files()}
    assert "teaching/models.py" in files
    assert "templates/classes/classroom.html" in files
    assert not any(f.startswith("teaching/migrations/") for f in files)
    assert not any(f.startswith("templates/jinja2/games/") for f in files)
    assert {"MiniBridge", "minibridge", "spades2"} <= set(_game_words())
