"""The class page's panel of locked logins: who has typed wrong secrets today, who is
locked out, and the teacher's unlock buttons (teaching.accounts.throttle)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from teaching.accounts.throttle import class_locks
from teaching.classes.selectors import active_pupils
from teaching.models import Classroom

register = template.Library()


def logins_context(classroom: Classroom) -> dict[str, Any]:
    """What the panel shows of ``classroom`` now."""
    return {"classroom": classroom,
            "locks": class_locks(classroom, active_pupils(classroom), timezone.now())}


@register.inclusion_tag("accounts/_logins.html", takes_context=True)
def login_locks(context: template.Context, classroom: Classroom) -> dict[str, Any]:
    """``{% login_locks classroom %}``: the panel, with the page's CSRF token."""
    return {**logins_context(classroom), "csrf_token": context.get("csrf_token"),
            "request": context.get("request")}
