"""Forms of the account pages: they read what was typed into the right types; the rules
live in the services (ServiceErrorsMixin puts a service's refusal on its field)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.http import HttpRequest

from teaching.accounts.services import AccountError
from teaching.models import User


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
        widget=forms.TextInput(attrs={"autocomplete": "name"}))
    password = forms.CharField(
        label="Password", strip=False,
        help_text="At least 8 characters; not a common password and not only digits.",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))


class TeacherLoginForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email",
                                                            "autofocus": True}))
    password = forms.CharField(label="Password", strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete":
                                                                 "current-password"}))

    def __init__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user: User | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        teacher = User.objects.filter(role=User.Role.TEACHER,
                                      email__iexact=data["email"]).first()
        user = teacher and authenticate(self.request, username=teacher.username,
                                        password=data["password"])
        if not user:
            raise forms.ValidationError("That e-mail address and password do not match "
                                        "a teacher's account. Check both and try again.")
        self.user = user
        return data


class ClassCodeForm(forms.Form):
    code = forms.CharField(label="Class code", max_length=20, widget=forms.TextInput(attrs={
        "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
        "autofocus": True, "class": "code-input"}))


class SecretForm(forms.Form):
    secret = forms.CharField(label="Your secret word", max_length=40, widget=forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
               "autofocus": True, "class": "secret-input"}))
