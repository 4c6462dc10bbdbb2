"""The ASGI entry point daphne serves: HTTP pages and the pupils' websockets."""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
# Set up Django before importing anything that may touch models (channels' auth does).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from teaching.routing import websocket_urlpatterns  # noqa: E402

# `make run` starts daphne directly, not through runserver, so nothing else serves static files
# in development; in production they are collected (collectstatic) and served by the proxy.
http_app = ASGIStaticFilesHandler(django_asgi_app) if settings.DEBUG else django_asgi_app

application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# The garbage collector, tuned for a server that holds a thousand sockets' worth of
# long-lived objects and makes a burst of short-lived ones per card. With Python's
# defaults (700, 10, 10) a young collection ran every few cards and promoted objects
# that were about to die anyway, so a full collection (over 100 ms, every table
# waiting) came every few seconds: the p99 of a card at 100 tables was 50-80 ms.
# Letting 20,000 allocations pass between young collections lets those objects die
# first (reference counting frees them), and full collections become rare:
# p99 11 ms, and a quarter less CPU a card (docs/benchmarks.md). Only the server
# process is tuned; tests and commands keep the defaults.
gc.set_threshold(20_000, 50, 10)
# What is loaded by now (Django, the URL patterns, the engine) lives as long as the
# process: frozen, full collections no longer walk it, which shortens their pause.
gc.freeze()
