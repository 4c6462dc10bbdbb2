"""Settings come from the environment and refuse values that cannot be meant."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from teaching.env import (
    channel_layers,
    database_config,
    env_bool,
    env_int,
    env_list,
    env_str,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("value", ["1", "true", "True", "YES", "on"])
def test_env_bool_reads_yes(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("DEBUG", value)

    assert env_bool("DEBUG", default=False) is True


@pytest.mark.parametrize("value", ["0", "false", "No", "OFF"])
def test_env_bool_reads_no(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("DEBUG", value)

    assert env_bool("DEBUG", default=True) is False


def test_env_bool_falls_back_to_its_default_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DEBUG", raising=False)

    assert env_bool("DEBUG", default=True) is True


@pytest.mark.parametrize("value", ["maybe", "ture", "2", "debug"])
def test_env_bool_fails_loudly_on_anything_else(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("DEBUG", value)

    with pytest.raises(ImproperlyConfigured, match=f"DEBUG='{value}' is not a yes/no value"):
        env_bool("DEBUG", default=True)


def test_env_str_without_a_default_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "")

    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        env_str("SECRET_KEY")


def test_env_list_splits_on_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLOWED_HOSTS", " example.org, www.example.org ,,")

    assert env_list("ALLOWED_HOSTS", default=["localhost"]) == ["example.org", "www.example.org"]


def test_env_list_falls_back_to_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)

    assert env_list("ALLOWED_HOSTS", default=["localhost"]) == ["localhost"]


def test_a_postgres_database_url_selects_postgresql() -> None:
    config = database_config("postgres://teacher:pw@db.example.org:5433/cardclass")

    # Django's backend with a quieter pool check (teaching/runtime/postgresql, decision 0521).
    assert config["ENGINE"] == "teaching.runtime.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example.org", 5433, "cardclass")
    assert config["USER"] == "teacher"


def test_on_postgresql_only_the_hot_path_prepares_and_a_pooler_can_turn_it_off() -> None:
    url = "postgres://teacher:pw@db.example.org:5433/cardclass"

    # A threshold psycopg never reaches by itself: only what asks (decision 0517).
    assert database_config(url)["OPTIONS"]["prepare_threshold"] >= 2**31 - 1
    # Behind a transaction-mode pooler: no prepared statements at all, as Django's default.
    assert database_config(url, prepared=False)["OPTIONS"]["prepare_threshold"] is None


def test_an_sqlite_database_url_waits_for_the_write_lock(tmp_path: Path) -> None:
    config = database_config(f"sqlite:///{tmp_path / 'db.sqlite3'}")

    assert config["ENGINE"] == "teaching.runtime.sqlite"  # Django's, beginning directly (0940)
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_an_sqlite_database_writes_ahead_and_syncs_at_checkpoints(tmp_path: Path) -> None:
    import sqlite3

    config = database_config(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    connection = sqlite3.connect(config["NAME"])
    try:
        # What Django runs on every new connection (the backend's init_command).
        connection.executescript(config["OPTIONS"]["init_command"])
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
    finally:
        connection.close()


def test_sqlite_connections_are_kept_between_calls(tmp_path: Path) -> None:
    config = database_config(f"sqlite:///{tmp_path / 'db.sqlite3'}")

    assert config["CONN_MAX_AGE"] == 600 and config["CONN_HEALTH_CHECKS"] is True


def test_postgresql_connections_come_from_a_bounded_pool_and_go_back_after_each_use() -> None:
    config = database_config("postgres://t:pw@db.example.org/c", pool_size=7)

    assert config["CONN_MAX_AGE"] == 0 and config["CONN_HEALTH_CHECKS"] is True
    assert config["OPTIONS"]["pool"]["max_size"] == 7


def test_env_int_reads_a_whole_number_or_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_POOL_SIZE", " 12 ")
    assert env_int("DATABASE_POOL_SIZE", default=10) == 12
    monkeypatch.delenv("DATABASE_POOL_SIZE")
    assert env_int("DATABASE_POOL_SIZE", default=10) == 10


@pytest.mark.parametrize("value", ["0", "-3", "ten", "2.5"])
def test_env_int_refuses_what_is_not_a_count(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("DATABASE_POOL_SIZE", value)

    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_SIZE"):
        env_int("DATABASE_POOL_SIZE", default=10)


def test_an_unknown_database_url_fails_loudly() -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL='mongo://x' is not usable"):
        database_config("mongo://x")


def test_a_redis_url_selects_the_redis_channel_layer() -> None:
    layers = channel_layers("redis://127.0.0.1:6379/2")

    assert layers["default"]["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert layers["default"]["CONFIG"]["hosts"] == [
        {"address": "redis://127.0.0.1:6379/2", "max_connections": 1000}
    ]


def test_no_redis_url_keeps_the_channel_layer_in_process() -> None:
    assert (
        channel_layers("")["default"]["BACKEND"]
        == "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"
    )


def test_a_redis_url_that_is_not_redis_fails_loudly() -> None:
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL='localhost:6379'"):
        channel_layers("localhost:6379")


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a fresh process, with this environment on top of a clean one."""
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "teaching.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = _manage("check", DEBUG="false", SECRET_KEY="", ALLOWED_HOSTS="example.org")

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_a_bad_debug_value_stops_the_site_from_starting() -> None:
    result = _manage("check", DEBUG="yes please")

    assert result.returncode != 0
    assert "DEBUG='yes please' is not a yes/no value" in result.stderr


def test_production_settings_pass_the_deployment_checklist() -> None:
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="example.org",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr
