"""The class page's panel of locked logins: who has typed wrong secrets today, who is
locked out, the teacher's unlock buttons (teaching.accounts.throttle), and whether the
browser she is using is one of her school devices, with the button that makes it one."""

from __future__ import annotations

from typing import Any

from django import template
from django.http import HttpRequest
from django.utils import timezone

from teaching.accounts import services
from teaching.accounts.throttle import class_locks, client_of
from teaching.classes.selectors import active_pupils
from teaching.models import Classroom

register = template.Library()


def logins_context(classroom: Classroom, request: HttpRequest | None) -> dict[str, Any]:
    """What the panel shows of ``classroom`` now, to the teacher sending ``request``."""
    here = None
    if request is not None and request.user.is_authenticated:
        device = client_of(request).device
        here = next((d for d in services.school_devices(request.user)
                     if device and d.device == device), None)
    return {"classroom": classroom,
            "locks": class_locks(classroom, active_pupils(classroom), timezone.now()),
            "school_device": here}


@register.inclusion_tag("accounts/_logins.html", takes_context=True)
def login_locks(context: template.Context, classroom: Classroom) -> dict[str, Any]:
    """``{% login_locks classroom %}``: the panel, with the page's CSRF token."""
    request = context.get("request")
    return {**logins_context(classroom, request), "csrf_token": context.get("csrf_token"),
            "request": request}
