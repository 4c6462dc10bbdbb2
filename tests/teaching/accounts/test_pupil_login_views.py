"""A pupil logs in: class code, then their name from big buttons, then their secret; and
their own page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from teaching.accounts.throttle import (
    CLASS_PER_DAY,
    CODES_PER_HOUR,
    DEVICE_COOKIE,
    PUPIL_ON_A_CLIENT,
    PUPIL_PER_DAY,
)
from teaching.classes import services as classes
from teaching.models import Classroom, LoginFailure, Pupil, User

pytestmark = pytest.mark.django_db


def test_the_class_code_leads_to_the_class_names(visitor: Client, robins: Classroom) -> None:
    typed = f" {robins.code[:3].lower()} {robins.code[3:]} "

    response = visitor.get("/join/", {"code": typed})

    assert response["Location"] == f"/join/{robins.code}/"


def test_a_wrong_class_code_says_so_and_keeps_what_was_typed(visitor: Client,
                                                             robins: Classroom) -> None:
    response = visitor.get("/join/", {"code": "ZZZZ99"})

    assert response.status_code == 200
    assert "No class has that code." in response.text
    assert 'value="ZZZZ99"' in response.text


def test_an_empty_class_code_asks_for_one(visitor: Client) -> None:
    assert "This field is required" in visitor.get("/join/", {"code": ""}).text
    assert "This field is required" not in visitor.get("/join/").text


def test_the_names_page_shows_the_active_pupils_as_big_buttons(
    visitor: Client, alice: User, robins: Classroom, bob: Pupil, carol: Pupil, dave: Pupil
) -> None:
    classes.pupil_archive(pupil=carol, by=alice)

    text = visitor.get(f"/join/{robins.code}/").text

    assert f'<a class="name-button" href="/join/{robins.code}/{bob.pk}/">Bob</a>' in text
    assert "Carol" not in text
    assert "Dave" not in text
    assert bob.secret not in text


def test_a_made_up_code_in_the_address_is_404(visitor: Client) -> None:
    assert visitor.get("/join/ZZZZ99/").status_code == 404


def test_the_right_secret_logs_the_pupil_in_and_lands_on_their_page(
    visitor: Client, robins: Classroom, bob: Pupil
) -> None:
    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert response["Location"] == "/me/"
    page = visitor.get("/me/").text
    assert "Hello, Bob!" in page


def test_a_wrong_secret_says_so_and_is_counted(visitor: Client, robins: Classroom,
                                               bob: Pupil) -> None:
    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": "nope222"})

    assert response.status_code == 200
    assert "That secret is not right." in response.text
    assert "_auth_user_id" not in visitor.session
    assert LoginFailure.objects.filter(pupil=bob).count() == 1


def test_a_locked_pupil_is_told_how_long_to_wait(visitor: Client, robins: Classroom,
                                                 bob: Pupil) -> None:
    for _ in range(PUPIL_ON_A_CLIENT.allowed + 1):
        visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": "nope222"})

    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert response.status_code == 429
    assert "Too many wrong secrets for Bob. Wait 10 minutes" in response.text
    assert "_auth_user_id" not in visitor.session


def test_a_strangers_wrong_secrets_from_elsewhere_do_not_lock_bob_out(
    visitor: Client, robins: Classroom, bob: Pupil
) -> None:
    stranger = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(PUPIL_ON_A_CLIENT.allowed + 1):
        stranger.post(f"/join/{robins.code}/{bob.pk}/", {"secret": "nope222"})
    assert stranger.post(f"/join/{robins.code}/{bob.pk}/",
                         {"secret": bob.secret}).status_code == 429

    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert response["Location"] == "/me/"


def test_a_browser_bob_logged_in_from_is_spared_a_day_of_strangers_guesses(
    visitor: Client, robins: Classroom, bob: Pupil
) -> None:
    visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
    visitor.post("/accounts/logout/")
    assert visitor.cookies[DEVICE_COOKIE].value
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom=robins, pupil=bob, client=f"address:192.0.2.{n % 5}")
        for n in range(PUPIL_PER_DAY.allowed + 1))

    new_browser = Client().post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
    again = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert new_browser.status_code == 429
    assert "Ask your teacher to unlock your login" in new_browser.text
    assert again["Location"] == "/me/"


def test_a_locked_class_says_so_on_a_new_computer(visitor: Client, robins: Classroom,
                                                  bob: Pupil) -> None:
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom=robins, client=f"address:192.0.2.{n}")
        for n in range(CLASS_PER_DAY.allowed + 1))

    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert response.status_code == 429
    assert "Too many wrong secrets in this class today" in response.text


# -- class codes ------------------------------------------------------------------------------

def test_guessing_class_codes_is_stopped_even_at_a_right_one(visitor: Client,
                                                             robins: Classroom) -> None:
    for n in range(CODES_PER_HOUR.allowed + 1):
        visitor.get("/join/", {"code": f"ZZZZ{n:02d}"})

    response = visitor.get("/join/", {"code": robins.code})

    assert response.status_code == 429
    assert "Too many class codes that did not fit. Wait 60 minutes" in response.text
    assert Client(REMOTE_ADDR="203.0.113.9").get("/join/", {"code": robins.code}).status_code == 302


def test_codes_guessed_in_the_address_count_too(visitor: Client, robins: Classroom,
                                                bob: Pupil) -> None:
    for n in range(CODES_PER_HOUR.allowed + 1):
        assert visitor.get(f"/join/ZZZZ{n:02d}/").status_code == 404

    names = visitor.get(f"/join/{robins.code}/")
    secret = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    assert (names.status_code, secret.status_code) == (429, 429)
    assert "Too many class codes that did not fit" in names.text
    assert "_auth_user_id" not in visitor.session


def test_fresh_logins_buy_no_more_class_codes_from_one_address(robins: Classroom,
                                                               bob: Pupil) -> None:
    # Bob has his own card: each round he logs in from a browser with no cookies, which
    # gives him a new device, then types class codes.
    answered = 0
    for round_ in range(4):
        browser = Client()
        browser.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
        for n in range(CODES_PER_HOUR.allowed + 1):
            response = browser.get("/join/", {"code": f"ZZZ{round_}{n:02d}"})
            answered += "No class has that code" in response.text

    assert answered == CODES_PER_HOUR.allowed + 1
    assert Client().get(f"/join/{robins.code}/").status_code == 429  # his classmates wait too


def test_a_browser_reaches_its_own_class_past_its_networks_code_lock(
    visitor: Client, robins: Classroom, owls: Classroom, bob: Pupil
) -> None:
    visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
    visitor.post("/accounts/logout/")
    classmate = Client()
    for n in range(CODES_PER_HOUR.allowed + 1):
        classmate.get("/join/", {"code": f"ZZZZ{n:02d}"})

    assert visitor.get("/join/", {"code": robins.code})["Location"] == f"/join/{robins.code}/"
    assert visitor.post(f"/join/{robins.code}/{bob.pk}/",
                        {"secret": bob.secret})["Location"] == "/me/"
    assert visitor.get("/join/", {"code": owls.code}).status_code == 429
    assert Client().get("/join/", {"code": robins.code}).status_code == 429


def test_a_right_code_is_not_counted(visitor: Client, robins: Classroom) -> None:
    visitor.get("/join/", {"code": robins.code})
    visitor.get(f"/join/{robins.code}/")

    assert not LoginFailure.objects.exists()


def test_a_pupil_cannot_log_in_through_another_class_code(visitor: Client, robins: Classroom,
                                                          owls: Classroom, bob: Pupil) -> None:
    assert visitor.get(f"/join/{owls.code}/{bob.pk}/").status_code == 404
    assert visitor.post(f"/join/{owls.code}/{bob.pk}/", {"secret": bob.secret}).status_code == 404


def test_an_archived_class_is_closed_to_pupils(visitor: Client, alice: User, robins: Classroom,
                                               bob: Pupil) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    assert "This class is closed" in visitor.get(f"/join/{robins.code}/").text
    response = visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
    assert "cannot log in to this class any more" in response.text


def test_an_archived_pupil_is_logged_out_and_cannot_come_back(
    bob_client: Client, alice: User, robins: Classroom, bob: Pupil
) -> None:
    assert bob_client.get("/me/").status_code == 200

    classes.pupil_archive(pupil=bob, by=alice)

    assert bob_client.get("/me/")["Location"].startswith("/join/")
    assert bob_client.get(f"/join/{robins.code}/{bob.pk}/").status_code == 404


def test_a_new_secret_logs_the_pupil_out_everywhere(bob_client: Client, alice: User,
                                                    bob: Pupil) -> None:
    classes.pupil_reset_secret(pupil=bob, by=alice)

    assert bob_client.get("/me/").status_code == 302


def test_the_login_returns_to_the_page_the_pupil_asked_for(visitor: Client, robins: Classroom,
                                                           bob: Pupil) -> None:
    assert visitor.get("/me/")["Location"] == "/join/?next=/me/"

    response = visitor.post(f"/join/{robins.code}/{bob.pk}/?next=/games/minibridge/lesson-3/",
                            {"secret": bob.secret, "next": "/games/minibridge/lesson-3/"})

    assert response["Location"] == "/games/minibridge/lesson-3/"


# -- the pupil's page ----------------------------------------------------------------------------

def test_the_pupils_page_shows_their_game_and_a_practise_button(
    bob_client: Client, alice: User, bob: Pupil
) -> None:
    classes.pupil_set_options(pupil=bob, options={"lesson": 5}, by=alice)

    text = bob_client.get("/me/").text

    assert 'href="/games/minibridge/lesson-5/"' in text
    assert "MiniBridge · MiniLesson Five: part-score or game" in text
    assert 'action="/practise/"' in text
    assert ">Practise</button>" in text
    assert "has not seated you at a table yet" in text


def test_a_seated_pupil_sees_a_link_to_their_table(bob_client: Client, robins: Classroom,
                                                   bob: Pupil) -> None:
    from teaching.models import Table, TableSeat

    table = Table.objects.create(classroom=robins, name="Table 1", seed="s")
    TableSeat.objects.create(table=table, seat="S", pupil=bob)

    text = bob_client.get("/me/").text

    assert f'href="/tables/{table.pk}/"' in text
    assert "Go to Table 1" in text
    table.closed = True
    table.save()
    assert "has not seated you" in bob_client.get("/me/").text


def test_a_teacher_on_the_pupils_page_goes_to_the_dashboard(alice_client: Client) -> None:
    assert alice_client.get("/me/")["Location"] == "/dashboard/"


def test_the_header_names_the_pupil(bob_client: Client) -> None:
    text = bob_client.get("/me/").text

    assert '<span class="who" title="Bob">Bob</span>' in text
    assert 'href="/me/">My page</a>' in text


def test_logging_in_records_when(visitor: Client, robins: Classroom, bob: Pupil) -> None:
    before = timezone.now()

    visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})

    bob.user.refresh_from_db()
    assert bob.user.last_login >= before
