"""Steps that several browser tests take through the pages."""

from __future__ import annotations

from playwright.sync_api import Page


def teacher_logs_in(page: Page, url: str, email: str, password: str) -> None:
    """Open ``url`` (a teacher's page, which asks to log in first) and log in there."""
    page.goto(url)
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
