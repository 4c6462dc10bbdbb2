"""Django settings, read from the environment (see README: embedded default vs scale-out)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from teaching.env import channel_layers, database_config, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)
# The dev key only exists so `make run` needs no setup; without DEBUG a real key is required.
SECRET_KEY = env_str("SECRET_KEY", default="dev-only-insecure-key" if DEBUG else None)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "testserver"])
# The public origin(s) behind a proxy that does not pass the browser's Host and port on:
# forms (Django's CSRF check) and websockets (teaching.sockets) accept them too.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "teaching",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "teaching.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so its answer to a database that cannot answer is the first one asked for.
    "teaching.runtime.database_outage.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "teaching.urls"
ASGI_APPLICATION = "teaching.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
    {
        # The table frames, rendered after every card for every seat (teaching.tables.frames).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "teaching.runtime.jinja.environment"},
    },
]

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        pool_size=env_int("DATABASE_POOL_SIZE", default=10),
        pool_timeout=env_int("DATABASE_POOL_TIMEOUT", default=5),
        # Off behind a transaction-mode pooler such as PgBouncer (decision 0517).
        prepared=env_bool("DATABASE_PREPARED", default=True),
    )
}
if DATABASES["default"]["ENGINE"] == "teaching.runtime.sqlite":
    # The test database is a file, as the real one is, not SQLite's shared in-memory cache:
    # there, two connections writing at once (a socket's on the event loop, the robots'
    # driver's on its thread) fail at once with "database table is locked" instead of
    # waiting for each other as they do on a file. One file per test process.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"cardclass-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CHANNEL_LAYERS = channel_layers(env_str("REDIS_URL", default=""),
                                prefix=env_str("REDIS_PREFIX", default="asgi"))
# Each worker on Redis sends itself a beat every second and, once Redis is back after a
# restart, sends its sockets their tables again (teaching/runtime/layer_watch.py, 0504).
LAYER_WATCH = env_bool("LAYER_WATCH", default=True)
# A worker more than this far behind answers moves "The table is busy, retrying…" instead
# of queueing them (teaching/runtime/load_shedding.py, 0511, 0513); SHED_LAG_MS=0 never sheds.
# A second: no further behind than the page's own wait before it sends a move again (0513).
SHED_LAG_SECONDS = env_int("SHED_LAG_MS", default=1000, minimum=0) / 1000
# Each page's socket takes a burst of a few messages and a few a second, as a pupil sends;
# more are dropped with "Slow down", and a page that keeps on is closed (teaching/runtime/
# pace.py, docs/decisions/0700-a-page-sends-a-few-messages-a-second.md). SOCKET_BUDGET=off
# lifts it (the test suite's own clients play at the machine's speed).
SOCKET_BUDGET = env_bool("SOCKET_BUDGET", default=True)

# A teacher's password, checked when she chooses it at her sign-up link, in words she acts
# on (teaching/accounts/password_rules.py, docs/decisions/0711-teacher-password-rules.md).
# Ten characters: three short words with spaces pass; a pupil's online guesses are
# throttled (0303), so the length stops the short guessable ones, the lists the rest.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "teaching.accounts.password_rules.NotLikeYourDetails",
     "OPTIONS": {"user_attributes": ("email", "display_name")}},
    {"NAME": "teaching.accounts.password_rules.LongEnough", "OPTIONS": {"min_length": 10}},
    {"NAME": "teaching.accounts.password_rules.NotCommon"},
    {"NAME": "teaching.accounts.password_rules.NotOnlyDigits"},
    {"NAME": "teaching.accounts.password_rules.NotADisguisedWord"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

if not DEBUG:
    # Off only where something in front already sends plain HTTP to HTTPS, or on a
    # loopback benchmark (bench/load.py) that never leaves 127.0.0.1.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31_536_000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # Only behind a proxy that terminates TLS and sets this header itself; otherwise a client
    # could claim HTTPS, and without it such a proxy would meet an endless redirect.
    if env_bool("TRUST_X_FORWARDED_PROTO", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Mail: a teacher confirms her address by a link mailed to it (teaching.accounts.mail). With
# EMAIL_HOST set it goes by SMTP; without, it is printed in the terminal that runs the site,
# so a teacher trying it with `make run` finds her link there.
EMAIL_HOST = env_str("EMAIL_HOST", default="")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", default=587)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
    EMAIL_TIMEOUT = 20
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", default="CardClass <cardclass@localhost>")

# Teachers and pupils are one user model with a role (teaching.models.User).
AUTH_USER_MODEL = "teaching.User"
# Django's backend, and a pupil only while they and their class are active: asked at every
# request and socket handshake (teaching.accounts.backends).
AUTHENTICATION_BACKENDS = ["teaching.accounts.backends.AccountBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# The end-of-hand double-dummy table is solved in a background thread, never on the
# thread that serves every table (teaching.tables.analysis.hand_analysis_or_start).
ANALYSE_IN_BACKGROUND = env_bool("ANALYSE_IN_BACKGROUND", default=True)
