"""The mails of accounts: a sign-up's link, or the note that the address has an account.

Both go to the address typed on the sign-up page, one mail a sign-up, through Django's
mail API (the backend is settings.EMAIL_BACKEND: SMTP when EMAIL_HOST is set, otherwise
printed in the site's terminal). Plain text: a school's mail filters trust it most.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string


def _send(to: str, subject: str, template: str, context: dict[str, object]) -> None:
    body = render_to_string(template, context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [to])


def signup_confirm(*, to: str, link: str, hours: int) -> None:
    """The link that makes the account of a new address. Nothing typed on the form goes
    in but the address: anyone may type anyone's, and the mail must carry no words of
    theirs."""
    _send(to, "Finish signing up to CardClass", "accounts/mail/signup_confirm.txt",
          {"link": link, "hours": hours})


def signup_registered(*, to: str, login: str) -> None:
    """To an address that has an account: nothing is made, here is how to log in."""
    _send(to, "You already have a CardClass account", "accounts/mail/signup_registered.txt",
          {"email": to, "login": login})
