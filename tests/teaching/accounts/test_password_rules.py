"""The rules a teacher's password must pass, as settings.AUTH_PASSWORD_VALIDATORS puts them
(teaching/accounts/password_rules.py, docs/decisions/0711-teacher-password-rules.md): what
each refuses, the words it says so in, and what passes."""

from __future__ import annotations

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from teaching.accounts.password_rules import password_help_text
from teaching.models import User

SAM = User(email="sam.oakes@example.org", display_name="Samantha Oakes", role="teacher")


def _refusal(password: str) -> str:
    with pytest.raises(ValidationError) as refused:
        validate_password(password, SAM)
    return " ".join(refused.value.messages)


def test_minibridge_is_refused_as_a_word_of_cards() -> None:
    assert _refusal("minibridge") == ("This password is a word of cards, bridge or school, "
                                      "the first a pupil would try: choose another.")


def test_passw0rd_is_refused_as_a_common_password_disguised() -> None:
    assert "a common one with a few characters changed or added" in _refusal("Passw0rd!")


@pytest.mark.parametrize("password", [
    "MiniBridge2025", "m1n1br1dg3!", "Mini-Bridge", "  minibridge  ", "Cardclass123",
    "!!Spades!!", "queen of hearts", "Headteacher1"])
def test_the_usual_disguises_of_a_word_of_cards_or_school_are_refused(password: str) -> None:
    assert "a word of cards, bridge or school" in _refusal(password)


@pytest.mark.parametrize("password", ["P@ssw0rd2024", "Sunshine!!!", "1qwertyuiop1",
                                      "Dr4gon-2025"])
def test_the_usual_disguises_of_a_common_password_are_refused(password: str) -> None:
    assert "a common one with a few characters changed or added" in _refusal(password)


def test_a_password_on_the_common_list_as_typed_is_refused_once() -> None:
    assert _refusal("password123") == ("This password is one of the most common ones, the "
                                       "first tried by anyone guessing: choose another.")


def test_nine_characters_are_too_few_and_ten_enough() -> None:
    validate_password("tea & owls", SAM)
    assert _refusal("tea & owl").startswith(
        "This password is too short: use at least 10 characters.")


@pytest.mark.parametrize(("password", "detail"), [
    ("sam.oakes@example.org", "your e-mail address"), ("Samantha Oakes!", "your name")])
def test_her_own_name_or_address_is_refused_by_its_name_on_the_form(
        password: str, detail: str) -> None:
    assert _refusal(password) == (f"This password is too like {detail}, which anyone who "
                                  "knows you can guess: choose another.")


@pytest.mark.parametrize("password", [
    "a long enough password 7", "tea cup owl", "bridge on a wet tuesday",
    "my spades are always trumps", "Tr0mb0ne-Lamp-Owl", "kP9#xL2!mQ4&vz"])
def test_words_of_her_own_and_generated_passwords_pass(password: str) -> None:
    validate_password(password, SAM)


def test_the_help_text_says_each_rule_in_force_after_the_advice() -> None:
    assert password_help_text() == (
        "At least 10 characters. Three or four words you will remember, with spaces between "
        "them, make a good one. Not like your name or e-mail address. Not a common password. "
        "Not only digits. Not a word of cards, bridge or school.")
