"""The teaching app's configuration."""

from __future__ import annotations

from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "teaching"
    verbose_name = "Teaching"

    def ready(self) -> None:
        # A duplicate session's tables deal its boards: the duplicate side tells the
        # tables so when it is loaded (teaching.tables.services.dealing.next_deal_decided_by),
        # which must happen before any table deals, whatever the process serves.
        # Both also say what their tables offer after a hand (teaching.tables.after_hand).
        from teaching.duplicate import services  # noqa: F401
        from teaching.league import services as league_services  # noqa: F401
