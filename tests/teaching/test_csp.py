"""Every page is sent with a Content-Security-Policy, and the pages need nothing it forbids
(teaching/csp.py; in a real browser: tests/browser/test_csp.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/join/", "/join/NOSUCHCLASS/"])
def test_a_page_may_run_only_the_sites_own_scripts_and_styles(client: Client, url: str) -> None:
    response = client.get(url)

    policy = _directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["connect-src"] == ["'self'", "ws://testserver"]


@pytest.mark.django_db
def test_a_page_over_https_lets_its_socket_back_to_its_own_host_only(client: Client) -> None:
    response = client.get("/", secure=True)

    assert _directives(response["Content-Security-Policy"])["connect-src"] == [
        "'self'", "wss://testserver"]


def test_there_are_templates_to_check() -> None:
    assert len(TEMPLATES) > 20


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_has_an_inline_script_style_or_event_handler(template: Path) -> None:
    text = template.read_text()

    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "an inline <script>"
    assert not re.search(r"<style\b", text), "a <style> element"
    assert not re.search(r"\son[a-z]+\s*=", text), "an inline event handler (onclick=...)"
    assert not re.search(r"\sstyle\s*=", text), "a style attribute"
    assert "javascript:" not in text
