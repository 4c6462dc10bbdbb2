"""deploy/run_scaled.py's preparations: the nginx it configures, the settings it gives the
workers, the secret it keeps, and what it says when a server it needs is missing. (The
stack itself runs in tests/teaching/test_scaled.py.)"""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.teaching.scaled_helpers import _run_scaled, nginx_installed


@pytest.fixture
def run_scaled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    module = _run_scaled()
    monkeypatch.setattr(module, "RUN", tmp_path / "run-scaled")
    return module


def test_the_site_it_runs_is_the_school_site_file_with_its_workers_port_and_static_folder(
    run_scaled: Any,
) -> None:
    site = run_scaled.site_config([8001, 8002, 8003], 8080, Path("/repo/staticfiles"))

    assert site.count("    server 127.0.0.1:") == 3
    assert "server 127.0.0.1:8003 max_fails=1" in site and "127.0.0.1:8004" not in site
    assert "listen 127.0.0.1:8080;" in site and "listen 80;" not in site
    assert "alias /repo/staticfiles/;" in site
    # The rules a school's nginx runs, unchanged: websockets upgraded, the client's
    # address set (never appended to), the Host with its port, sockets kept open.
    school = run_scaled.SITE_FILE.read_text()
    for rule in ("proxy_set_header Upgrade $http_upgrade;",
                 "proxy_set_header Connection $connection_upgrade;",
                 "proxy_set_header X-Forwarded-For $remote_addr;",
                 "proxy_set_header Host $http_host;", "least_conn;",
                 "proxy_read_timeout 3600s;"):
        assert rule in school and rule in site
    assert "$proxy_add_x_forwarded_for" not in school


def test_nginx_runs_in_the_foreground_and_writes_only_under_its_run_folder(
    run_scaled: Any, tmp_path: Path,
) -> None:
    conf = run_scaled.nginx_config(tmp_path, tmp_path / "site.conf")

    assert "daemon off;" in conf
    assert f"pid {tmp_path}/nginx.pid;" in conf
    assert f"error_log {tmp_path}/nginx-error.log" in conf
    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        assert f"{kind}_temp_path {tmp_path}/nginx-temp/{kind};" in conf
    assert f"include {tmp_path}/site.conf;" in conf
    written = [line for line in conf.splitlines() if "/var/" in line or "/etc/nginx" in line]
    assert written == ["    include /etc/nginx/mime.types;"]


def test_the_workers_get_production_settings_and_a_secret_made_once(run_scaled: Any) -> None:
    env = run_scaled.environment("postgres://postgres@127.0.0.1:5432/x",
                                 "redis://127.0.0.1:6379/0", 8080)
    again = run_scaled.environment("postgres://postgres@127.0.0.1:5432/x",
                                   "redis://127.0.0.1:6379/0", 8080)

    assert env["DEBUG"] == "false" and env["ALLOWED_HOSTS"] == "127.0.0.1,localhost"
    assert env["DATABASE_URL"].endswith("/x") and env["REDIS_URL"].startswith("redis://")
    assert len(env["SECRET_KEY"]) >= 50 and env["SECRET_KEY"] == again["SECRET_KEY"]
    key = run_scaled.RUN / "secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_a_server_that_does_not_answer_is_named_with_the_package_to_install(
    run_scaled: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(run_scaled, "answers", lambda host, port: port != 9)

    with pytest.raises(run_scaled.StackError, match="apt-get install postgresql"):
        run_scaled.servers_answer("postgres://postgres@127.0.0.1:9/", "redis://127.0.0.1:6379/0")
    with pytest.raises(run_scaled.StackError, match="apt-get install redis-server"):
        run_scaled.servers_answer("postgres://postgres@127.0.0.1:5432/", "redis://127.0.0.1:9/0")
    run_scaled.servers_answer("postgres://postgres@127.0.0.1:5432/", "redis://127.0.0.1:6379/0")


def test_the_site_file_a_school_installs_passes_nginx_own_check(
    run_scaled: Any, tmp_path: Path,
) -> None:
    """`nginx -t` on deploy/nginx/cardclass.conf as it is, in an http block as Debian's
    nginx.conf includes sites-enabled/."""
    program = nginx_installed()
    conf = tmp_path / "nginx.conf"
    conf.write_text(run_scaled.nginx_config(tmp_path, run_scaled.SITE_FILE))
    (tmp_path / "nginx-temp").mkdir()

    checked = subprocess.run([program, "-t", "-p", f"{tmp_path}/", "-c", str(conf),
                              "-e", str(tmp_path / "error.log")],
                             capture_output=True, text=True, timeout=30)

    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
