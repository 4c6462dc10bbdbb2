"""The ASGI entry point daphne serves: HTTP pages and the pupils' websockets."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
# Set up Django before importing anything that may touch models (channels' auth does).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from teaching.routing import websocket_urlpatterns  # noqa: E402
from teaching.runtime import (  # noqa: E402
    collector,
    layer_watch,
    request_connections,
    warm_up,
)
from teaching.runtime.database_outage import HandshakeWithoutDatabase  # noqa: E402
from teaching.sockets import SameOriginValidator  # noqa: E402

# `make run` starts daphne directly, not through runserver, so nothing else serves static files
# in development; in production they are collected (collectstatic) and served by the proxy.
http_app = ASGIStaticFilesHandler(django_asgi_app) if settings.DEBUG else django_asgi_app

application = ProtocolTypeRouter(
    {
        "http": http_app,
        # Scheme, host and port of the page must be this site's (teaching/sockets.py).
        # PostgreSQL away at the handshake: "try again later", not a traceback
        # (docs/decisions/0505-postgresql-restarted.md).
        "websocket": SameOriginValidator(HandshakeWithoutDatabase(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        )),
    }
)

# A request's thread is made for it and ends with it: so do its database connections.
request_connections.close_at_request_end()

# With Redis restarting, a line in the log rather than a traceback a second
# (teaching.runtime.layer_watch says why).
layer_watch.quiet_redis_away()

# Ready before the first hand ends (a class's tables end theirs in the same second), but
# only once the port is open and the first cards are shown: the double-dummy solver's
# process started, every game loaded, the table templates compiled (teaching.runtime.warm_up
# says why). Daphne opens its port when this module is imported: the sooner, the better.
warm_up.start()

# The garbage collector: Python's own collections off, a full one on a schedule
# (teaching/runtime/collector.py says why). Management commands never import this
# module and keep Python's defaults; the test run imports it and collects the same way.
collector.tune_for_server()
