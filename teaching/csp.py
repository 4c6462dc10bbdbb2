"""The Content-Security-Policy every page is sent with.

A page may run only the site's own script files and use only its own style
sheets, images and fonts: no inline script, no inline event handler, no inline
style, nothing from another site (static/vendor/README.md: htmx and its
websocket extension are served from here). So text that slipped through into a
page, a pupil's name for one, cannot run there. The pages live with it: their
behaviours are in static/js/, htmx is told not to add its own style element
(``htmx-config`` in base.html; its indicator rules are in site.css), the cards
are SVG files named by the style sheets. The table's websocket goes back to the
page's own host; 'self' covers it in current browsers, and the host is named as
well for the older ones that do not match ws: and wss: against 'self'.
(docs/decisions/0318-content-security-policy.md)
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"

POLICY = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)


def policy_for(request: HttpRequest) -> str:
    """The policy, with the page's own host named for its websocket."""
    try:
        host = request.get_host()
    except DisallowedHost:  # answered 400 already: no socket to allow
        return "; ".join((*POLICY, "connect-src 'self'"))
    socket = f"{'wss' if request.is_secure() else 'ws'}://{host}"
    return "; ".join((*POLICY, f"connect-src 'self' {socket}"))


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every response that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = policy_for(request)
        return response
