"""Forms of the account pages: they read what was typed into the right types; the rules
live in the services (ServiceErrorsMixin puts a service's refusal on its field)."""

from __future__ import annotations

from typing import Any

from django import forms

from teaching.accounts.password_rules import password_help_text
from teaching.accounts.services import AccountError


class ServiceErrorsMixin:
    """Put a service's :class:`AccountError` on the field it names (or the whole form)."""

    def add_service_error(self, error: AccountError) -> None:
        field = error.field if error.field in self.fields else None  # type: ignore[attr-defined]
        self.add_error(field, error.message)  # type: ignore[attr-defined]


class SignupForm(ServiceErrorsMixin, forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    display_name = forms.CharField(
        label="Your name", max_length=60, help_text="As your pupils know you, e.g. Mrs Patel.",
        error_messages={"max_length": "Keep your name to %(limit_value)d characters (this "
                                      "one has %(show_value)d)."},
        widget=forms.TextInput(attrs={"autocomplete": "name"}))


class SignupConfirmForm(ServiceErrorsMixin, forms.Form):
    """The password, chosen on the page of the link mailed to her (never on the sign-up
    form: docs/decisions/0710-the-password-is-chosen-at-the-link.md), typed twice so that
    a slip of the finger does not lock her out; the service checks the rules."""

    password = forms.CharField(
        label="Choose a password", strip=False,
        error_messages={"required": "Choose a password."},
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password", "autofocus": True}))
    password_again = forms.CharField(
        label="Type it again", strip=False,
        error_messages={"required": "Type the password again, to be sure of it."},
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password"].help_text = password_help_text()

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        first, again = cleaned.get("password"), cleaned.get("password_again")
        if first and again and first != again:
            self.add_error("password_again", "The two passwords are not the same: type them "
                                             "both again.")
        return cleaned


class TeacherLoginForm(forms.Form):
    """The address and password as typed; the service checks them (and throttles)."""

    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email",
                                                            "autofocus": True}))
    password = forms.CharField(label="Password", strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete":
                                                                 "current-password"}))


class ClassCodeForm(forms.Form):
    code = forms.CharField(label="Class code", max_length=20, widget=forms.TextInput(attrs={
        "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
        "autofocus": True, "class": "code-input"}))


class SecretForm(forms.Form):
    secret = forms.CharField(label="Your secret word", max_length=40, widget=forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
               "autofocus": True, "class": "secret-input"}))
