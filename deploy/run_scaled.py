"""The scaled stack on one machine: nginx in front of N daphne workers on PostgreSQL + Redis.

``make run-scaled WORKERS=2`` runs this. It serves http://127.0.0.1:8080/ as a school's
server would (deploy/README.md), with production settings:

* PostgreSQL on 127.0.0.1:5432 (user postgres, trust authentication): a database of its
  own, ``cardclass_scaled``, created on the first run, migrated, the demo class loaded;
* Redis on 127.0.0.1:6379, as the channel layer every worker shares;
* N daphne workers on 127.0.0.1:8001.., with ``DEBUG=false``, a secret key made once and
  kept in ``run-scaled/secret_key`` (git-ignored), and ``--proxy-headers``;
* nginx from Debian's package (installed when missing and run as root), running
  deploy/nginx/cardclass.conf, the site file a school installs, with the workers' ports,
  the collected static files and port 8080 put in. It runs as a child, not as the
  system's service: its configuration, logs and temporary files are under ``run-scaled/``.

Ctrl-C (or SIGTERM) stops nginx, then the workers, and waits for them. A worker that dies
meanwhile is started again, as systemd would (deploy/systemd/cardclass-worker@.service).
Why it is built this way: docs/decisions/0500-the-scaled-stack-on-one-machine.md.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "run-scaled"
SITE_FILE = ROOT / "deploy" / "nginx" / "cardclass.conf"
PYTHON = Path(sys.executable)
DAPHNE = PYTHON.with_name("daphne")
POSTGRES_SERVER = "postgres://postgres@127.0.0.1:5432"
REDIS_URL = "redis://127.0.0.1:6379/0"
NGINX = "/usr/sbin/nginx"


class StackError(Exception):
    """Something the stack needs is missing; the text says what to do."""


# -- what the machine must have ---------------------------------------------------------------

def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def nginx_installed() -> str:
    """The nginx program, installed from Debian's package when missing (as root)."""
    found = shutil.which("nginx") or (NGINX if Path(NGINX).exists() else None)
    if found:
        return found
    if os.geteuid() != 0:
        raise StackError("nginx is not installed: run `sudo apt-get install nginx`, then again.")
    print("Installing nginx from Debian's packages...", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return NGINX


def servers_answer(postgres_url: str, redis_url: str) -> None:
    """PostgreSQL and Redis must already run: they hold the data, and are the machine's."""
    from urllib.parse import urlsplit

    for name, url, package in (("PostgreSQL", postgres_url, "postgresql"),
                               ("Redis", redis_url, "redis-server")):
        parts = urlsplit(url)
        if not answers(parts.hostname or "127.0.0.1", parts.port or 0):
            raise StackError(
                f"{name} does not answer at {parts.hostname}:{parts.port}. Install and start "
                f"it (`sudo apt-get install {package}`), then run this again.")


def database_created(server: str, name: str) -> str:
    """The stack's own database on ``server``, created when missing; its URL."""
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True, connect_timeout=5) as admin:
        found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            admin.execute(f'CREATE DATABASE "{name}"')
            print(f"Created the database {name}.", flush=True)
    return f"{server}/{name}"


def secret_key() -> str:
    """Made once, then read: sessions survive a restart of the stack."""
    path = RUN / "secret_key"
    if not path.exists():
        RUN.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


# -- the configuration ------------------------------------------------------------------------

def environment(database_url: str, redis_url: str, port: int,
                redis_prefix: str = "asgi") -> dict[str, str]:
    """The workers' settings: production ones, on this machine's plain HTTP."""
    return dict(
        os.environ, DJANGO_SETTINGS_MODULE="teaching.settings", DEBUG="false",
        SECRET_KEY=secret_key(), DATABASE_URL=database_url, REDIS_URL=redis_url,
        REDIS_PREFIX=redis_prefix,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        # Plain HTTP on the loopback: nothing to redirect to, and browsers keep secure
        # cookies for http://127.0.0.1 and localhost as for HTTPS.
        SECURE_SSL_REDIRECT="false",
        CSRF_TRUSTED_ORIGINS=f"http://127.0.0.1:{port},http://localhost:{port}",
    )


def site_config(ports: list[int], listen: int, static_root: Path) -> str:
    """deploy/nginx/cardclass.conf with this stack's workers, port and static folder."""
    text = SITE_FILE.read_text()
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=10s;\n" for p in ports)
    text, found = re.subn(r"(?:    server 127\.0\.0\.1:.*\n)+", lambda m: servers, text)
    text, listened = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", text)
    text, aliased = re.subn(r"alias /srv/cardclass/staticfiles/;", f"alias {static_root}/;", text)
    text = text.replace("server_name cards.example.school;", "server_name 127.0.0.1 localhost;")
    if (found, listened, aliased) != (1, 1, 1):
        raise StackError(f"{SITE_FILE} no longer has the lines this script fills in.")
    return text


def nginx_config(run: Path, site: Path) -> str:
    """nginx's own configuration: in the foreground, everything it writes under ``run``."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # its workers read our files
    temp = run / "nginx-temp"
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {run}/nginx.pid;\n"
        f"error_log {run}/nginx-error.log warn;\n"
        "events { worker_connections 4096; }\n"
        "http {\n"
        "    include /etc/nginx/mime.types;\n    default_type application/octet-stream;\n"
        f"    access_log {run}/nginx-access.log;\n"
        "    sendfile on;\n"
        + "".join(f"    {kind}_temp_path {temp}/{kind};\n"
                  for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        + f"    include {site};\n}}\n"
    )


# -- the processes ----------------------------------------------------------------------------

def _die_with_parent() -> None:
    """In each child: end when this script ends, however it ends (even kill -9), and
    leave Ctrl-C to this script, which stops the children in order."""
    os.setpgrp()
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([str(PYTHON), "manage.py", *args], cwd=ROOT, env=env, check=True)


def wait_for_port(port: int, process: subprocess.Popen[Any], what: str,
                  seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise StackError(f"{what} stopped at start (see {RUN}/).")
        if answers("127.0.0.1", port):
            return
        time.sleep(0.1)
    raise StackError(f"{what} did not open port {port} in {seconds:.0f} s.")


class Stack:
    """The running children: ``workers`` by port, and nginx."""

    def __init__(self, env: dict[str, str], ports: list[int], nginx: list[str]) -> None:
        self.env = env
        self.ports = ports
        self.nginx_command = nginx
        self.workers: dict[int, subprocess.Popen[bytes]] = {}
        self.nginx: subprocess.Popen[bytes] | None = None

    def start_worker(self, port: int) -> subprocess.Popen[bytes]:
        log = open(RUN / f"worker-{port}.log", "ab")  # noqa: SIM115 - the child keeps it
        with log:
            process = subprocess.Popen(
                [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), "--proxy-headers",
                 "teaching.asgi:application"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent)
        self.workers[port] = process
        return process

    def start(self) -> None:
        for port in self.ports:
            self.start_worker(port)
        for port, process in self.workers.items():
            wait_for_port(port, process, f"The worker on port {port}")
        self.nginx = subprocess.Popen(self.nginx_command, cwd=RUN, preexec_fn=_die_with_parent,
                                      stdout=subprocess.DEVNULL)

    def watch(self) -> None:
        """Until stopped: start again a worker that died; stop if nginx did."""
        while True:
            time.sleep(0.5)
            if self.nginx is not None and self.nginx.poll() is not None:
                raise StackError(f"nginx stopped (see {RUN}/nginx-error.log).")
            for port, process in list(self.workers.items()):
                if process.poll() is not None:
                    print(f"The worker on port {port} stopped ({process.returncode}); "
                          "starting it again.", flush=True)
                    self.start_worker(port)

    def stop(self) -> None:
        """nginx first (no new requests), then the workers; each waited for."""
        children = ([self.nginx] if self.nginx else []) + list(self.workers.values())
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGQUIT if child is self.nginx else signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def _stop_on_signals() -> None:
    """Ctrl-C and SIGTERM both stop the stack (Ctrl-C even where the shell that started
    this in the background told it to ignore SIGINT)."""
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def main(argv: list[str] | None = None) -> int:
    global RUN
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", 2)))
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (8080)")
    parser.add_argument("--first-worker-port", type=int, default=8001)
    parser.add_argument("--postgres", default=POSTGRES_SERVER,
                        help="the PostgreSQL server, without a database name")
    parser.add_argument("--database", default="cardclass_scaled")
    parser.add_argument("--redis", default=REDIS_URL)
    parser.add_argument("--redis-prefix", default="asgi",
                        help="starts the names of the stack's Redis channels")
    parser.add_argument("--run-dir", type=Path, default=RUN,
                        help="nginx's configuration, the logs and the secret key (run-scaled/)")
    args = parser.parse_args(argv)
    RUN = args.run_dir.resolve()
    if not 1 <= args.workers <= 32:
        parser.error("--workers is a number from 1 to 32")
    _stop_on_signals()
    stack: Stack | None = None
    try:
        nginx = nginx_installed()
        servers_answer(args.postgres + "/", args.redis)
        for port in (args.port, *range(args.first_worker_port,
                                       args.first_worker_port + args.workers)):
            if answers("127.0.0.1", port):
                raise StackError(f"Port {port} is taken: is the stack already running?")
        env = environment(database_created(args.postgres, args.database), args.redis, args.port,
                          args.redis_prefix)
        manage(env, "migrate", "--noinput")
        manage(env, "load_demo")
        manage(env, "tidy")
        manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        (RUN / "nginx-temp").mkdir(parents=True, exist_ok=True)
        ports = list(range(args.first_worker_port, args.first_worker_port + args.workers))
        site = RUN / "nginx-site.conf"
        site.write_text(site_config(ports, args.port, ROOT / "staticfiles"))
        conf = RUN / "nginx.conf"
        conf.write_text(nginx_config(RUN, site))
        stack = Stack(env, ports, [nginx, "-p", f"{RUN}/", "-c", str(conf),
                                   "-e", str(RUN / "nginx-error.log")])
        stack.start()
        wait_for_port(args.port, stack.nginx, "nginx")  # type: ignore[arg-type]
        print(f"\nServing http://127.0.0.1:{args.port}/ : nginx in front of {args.workers} "
              f"daphne worker(s) on ports {ports[0]}-{ports[-1]}, PostgreSQL database "
              f"{args.database}, Redis {args.redis}. Logs in {RUN}/. Ctrl-C stops it all.",
              flush=True)
        stack.watch()
    except KeyboardInterrupt:
        print("\nStopping nginx and the workers...", flush=True)
    except (StackError, subprocess.CalledProcessError) as exc:
        print(f"run-scaled: {exc}", file=sys.stderr, flush=True)
        return 1
    finally:
        if stack is not None:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C waits too
            stack.stop()
    print("Stopped.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
