"""The teaching app's configuration."""

from __future__ import annotations

from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "teaching"
    verbose_name = "Teaching"
