"""The class page and its actions, for the cast: Alice teaches Robins (Bob, Carol); Eve and
her pupil Dave must see nothing of it; pupils never see a teacher's page; a visitor is
asked to log in."""

from __future__ import annotations

import pytest
from django.test import Client

from games.registry import catalogue, game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db


def _pages(robins: Classroom, bob: Pupil) -> list[tuple[str, str]]:
    """Every teacher's page and action of Robins, as (method, url)."""
    c, p = f"/classes/{robins.pk}", f"/classes/{robins.pk}/pupils/{bob.pk}"
    return [
        ("get", f"{c}/"), ("get", f"{c}/cards/"), ("post", f"{c}/rename/"),
        ("post", f"{c}/game/"), ("post", f"{c}/options/"), ("post", f"{c}/robots/"),
        ("post", f"{c}/archive/"),
        ("post", f"{c}/restore/"),
        ("post", f"{c}/co-teachers/"), ("post", f"{c}/co-teachers/{robins.owner_id}/remove/"),
        ("post", f"{c}/pupils/add/"), ("post", f"{p}/rename/"), ("post", f"{p}/secret/"),
        ("post", f"{p}/archive/"), ("post", f"{p}/move/"), ("post", f"{p}/options/"),
    ]


def _state(robins: Classroom) -> tuple:
    robins.refresh_from_db()
    return (robins.name, robins.game, robins.options, robins.robot_pause_ms,
            robins.robot_level, robins.archived, list(robins.co_teachers.all()),
            sorted((p.name, p.secret, p.archived, str(p.options_override))
                   for p in robins.pupils.all()))


# -- access ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("who", ["eve_client", "dave_client", "bob_client", "carol_client"])
def test_everyone_but_the_teachers_gets_404_on_every_page_and_action(
    request: pytest.FixtureRequest, who: str, robins: Classroom, bob: Pupil
) -> None:
    client: Client = request.getfixturevalue(who)
    before = _state(robins)

    for method, url in _pages(robins, bob):
        data = {"name": "Hacked", "choice": "spades2", "variant": "lesson-6",
                "email": "eve@example.org", "names": "X", "pause_ms": "0", "level": "expert"}
        response = getattr(client, method)(url, data)
        assert response.status_code == 404, (who, method, url)

    assert _state(robins) == before


def test_a_visitor_is_sent_to_log_in_from_every_page_and_action(
    visitor: Client, robins: Classroom, bob: Pupil
) -> None:
    before = _state(robins)

    for method, url in _pages(robins, bob):
        response = getattr(visitor, method)(url, {"name": "Hacked", "pause_ms": "0",
                                                  "level": "expert"})
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/?next="), url

    assert _state(robins) == before


def test_a_class_that_does_not_exist_is_404(alice_client: Client) -> None:
    assert alice_client.get("/classes/999/").status_code == 404


def test_another_class_pupil_is_404_through_alices_class(
    alice_client: Client, robins: Classroom, dave: Pupil
) -> None:
    for action in ("rename", "secret", "archive", "options"):
        url = f"/classes/{robins.pk}/pupils/{dave.pk}/{action}/"
        assert alice_client.post(url, {"name": "X"}).status_code == 404
    dave.refresh_from_db()
    assert (dave.name, dave.archived) == ("Dave", False)


def test_actions_answer_only_post(alice_client: Client, robins: Classroom, bob: Pupil) -> None:
    for method, url in _pages(robins, bob):
        if method == "post":
            assert alice_client.get(url).status_code == 405, url


# -- the page ------------------------------------------------------------------------------------

def test_the_class_page_shows_the_code_the_game_and_the_pupils(
    alice_client: Client, robins: Classroom, bob: Pupil, carol: Pupil
) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text

    assert '<p class="big-code"' in text and f">{robins.code}</p>" in text
    assert 'href="/games/minibridge/lesson-3/"' in text
    assert "MiniBridge · MiniLesson Three: dummy and high card points" in text
    assert "http://testserver/join/" in text
    assert f'href="/classes/{robins.pk}/cards/"' in text
    for pupil in (bob, carol):
        assert pupil.name in text
        assert pupil.secret in text


def test_an_empty_class_says_how_to_add_pupils(alice_client: Client, robins: Classroom) -> None:
    assert "No pupils yet" in alice_client.get(f"/classes/{robins.pk}/").text


def test_a_co_teacher_sees_the_class_but_no_archive_button(
    alice: User, robins: Classroom, eve: User, eve_client: Client
) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=eve.email, by=alice)

    text = eve_client.get(f"/classes/{robins.pk}/").text

    assert "shared by Alice" in text
    assert "Archive the class" not in text
    assert eve_client.post(f"/classes/{robins.pk}/archive/").status_code == 403
    robins.refresh_from_db()
    assert not robins.archived


# -- class settings ------------------------------------------------------------------------------

def test_renaming_and_setting_the_game_redirect_back_with_a_message(
    alice_client: Client, robins: Classroom
) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/rename/", {"name": "Robins A"},
                                 follow=True)
    assert "The class is now called Robins A." in response.text

    response = alice_client.post(f"/classes/{robins.pk}/game/",
                                 {"choice": "minibridge:lesson-5"}, follow=True)
    assert "The class plays MiniBridge · MiniLesson Five: part-score or game now." \
        in response.text
    robins.refresh_from_db()
    assert (robins.name, robins.options) == ("Robins A", {"lesson": 5})


def test_the_game_list_offers_every_registered_game_and_variant(
    alice_client: Client, robins: Classroom
) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text

    for entry in catalogue():
        assert f'<optgroup label="{entry.title}">' in text
        for variant in entry.variants:
            assert f'value="{entry.name}:{variant.key}"' in text
    assert 'value="minibridge:lesson-3" selected' in text


def test_a_teacher_puts_the_class_on_another_game_from_the_class_page(
    alice_client: Client, robins: Classroom
) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/game/", {"choice": "spades2:nil"},
                                 follow=True)

    assert "The class plays Two-handed Spades · With nil bids now." in response.text
    robins.refresh_from_db()
    assert (robins.game, robins.options) == ("spades2", {"nil": True})


def test_the_options_form_shows_each_option_of_the_classs_game(
    alice_client: Client, robins: Classroom, alice: User
) -> None:
    entry = game_entry(robins.game)
    text = alice_client.get(f"/classes/{robins.pk}/").text
    for option in entry.options:
        assert f'name="option_{option.key}"' in text
        assert option.title in text
    if not entry.options:
        assert 'action="/classes/{robins.pk}/options/"' not in text


def test_setting_an_option_keeps_the_others(alice_client: Client, robins: Classroom,
                                            alice: User) -> None:
    classes.classroom_set_game(classroom=robins, game="spades2", options={"nil": True},
                               by=alice)
    entry = game_entry("spades2")
    data = {}
    for option in entry.options:
        values = [value for value, _ in option.choices]
        data[f"option_{option.key}"] = str(values.index(option.default))
    response = alice_client.post(f"/classes/{robins.pk}/options/", data, follow=True)

    assert response.status_code == 200
    robins.refresh_from_db()
    assert robins.game == "spades2"
    assert robins.options == {"nil": True, **{o.key: o.default for o in entry.options}}


@pytest.mark.parametrize(("url", "data", "error"), [
    ("rename/", {"name": "  "}, "This field is required"),
    ("rename/", {"name": "x" * 81}, "Keep the class name to 80 characters (this one has 81)"),
    ("game/", {"choice": "chess"}, "Choose a game from the list."),
    ("game/", {"choice": "minibridge:lesson-9"}, "Choose a game from the list."),
    ("game/", {}, "This field is required"),
    ("co-teachers/", {"email": "nobody@example.org"}, "Ask them to sign up first"),
    ("co-teachers/", {"email": "not an address"}, "Enter a valid email address"),
])
def test_bad_input_shows_the_error_on_the_page_and_changes_nothing(
    alice_client: Client, robins: Classroom, url: str, data: dict, error: str
) -> None:
    before = _state(robins)

    response = alice_client.post(f"/classes/{robins.pk}/{url}", data)

    assert response.status_code == 200
    assert error in response.text
    assert _state(robins) == before


# -- robots (issue 3) ------------------------------------------------------------------------------

def test_the_robots_form_shows_the_current_pause_and_level(
    alice: User, alice_client: Client, robins: Classroom
) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text

    assert f'action="/classes/{robins.pk}/robots/"' in text
    assert '<option value="800" selected>0.8 s, the usual</option>' in text
    assert '<option value="0">None (0 s)</option>' in text
    assert 'value="beginner" id="id_level_0" required checked' in text
    assert "looks ahead" in text

    classes.classroom_set_robots(classroom=robins, pause_ms=1200, level="expert", by=alice)
    text = alice_client.get(f"/classes/{robins.pk}/").text

    assert '<option value="1200" selected>1.2 s</option>' in text
    assert 'value="expert" id="id_level_1" required checked' in text


@pytest.mark.parametrize(("data", "message"), [
    ({"pause_ms": "1000", "level": "expert"},
     "Robots now wait 1 s between cards. They play at the expert level."),
    ({"pause_ms": "500", "level": "beginner"},
     "Robots now wait 0.5 s between cards. They play at the beginner level."),
    ({"pause_ms": "0", "level": "beginner"},
     "Robots now play their cards without a pause. They play at the beginner level."),
])
def test_alice_sets_the_robots_and_reads_what_changed(
    alice_client: Client, robins: Classroom, data: dict, message: str
) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/robots/", data, follow=True)

    assert response.redirect_chain == [(f"/classes/{robins.pk}/", 302)]
    assert message in response.text
    robins.refresh_from_db()
    assert (robins.robot_pause_ms, robins.robot_level) == (int(data["pause_ms"]), data["level"])
    assert f'<option value="{data["pause_ms"]}" selected>' in response.text


@pytest.mark.parametrize(("data", "error"), [
    ({"pause_ms": "-500", "level": "expert"}, "Choose a pause from 0 to 5 seconds."),
    ({"pause_ms": "99999", "level": "expert"}, "Choose a pause from 0 to 5 seconds."),
    ({"pause_ms": "fast", "level": "expert"}, "Choose a pause from 0 to 5 seconds."),
    ({"level": "expert"}, "Choose a pause from 0 to 5 seconds."),
    ({"pause_ms": "1000", "level": "grandmaster"}, "Choose the robots&#x27; level from the list."),
    ({"pause_ms": "1000"}, "Choose the robots&#x27; level."),
])
def test_bad_robot_settings_show_a_message_and_change_nothing(
    alice_client: Client, robins: Classroom, bob: Pupil, data: dict, error: str
) -> None:
    table = seat_table(robins, {Seat.SOUTH: bob})
    before = _state(robins)

    response = alice_client.post(f"/classes/{robins.pk}/robots/", data)

    assert response.status_code == 200
    assert error in response.text
    assert "Robots now" not in response.text
    assert _state(robins) == before
    assert set(table.seats.filter(pupil__isnull=True).values_list("robot_level", flat=True)) \
        == {"beginner"}


def test_eve_cannot_set_the_robots_of_alices_class(
    eve_client: Client, robins: Classroom, owls: Classroom
) -> None:
    before = _state(robins)

    assert eve_client.get(f"/classes/{robins.pk}/").status_code == 404
    assert eve_client.post(f"/classes/{robins.pk}/robots/",
                           {"pause_ms": "0", "level": "expert"}).status_code == 404

    assert _state(robins) == before
    assert eve_client.post(f"/classes/{owls.pk}/robots/",
                           {"pause_ms": "0", "level": "expert"}).status_code == 302


def test_setting_the_level_changes_the_robots_of_open_tables_only(
    alice_client: Client, robins: Classroom, bob: Pupil, carol: Pupil
) -> None:
    open_table = seat_table(robins, {Seat.SOUTH: bob}, name="Open")
    closed_table = seat_table(robins, {Seat.SOUTH: carol}, name="Closed")
    closed_table.closed = True
    closed_table.save(update_fields=["closed"])

    alice_client.post(f"/classes/{robins.pk}/robots/", {"pause_ms": "800", "level": "expert"})

    def robots(table):
        return set(table.seats.filter(pupil__isnull=True).values_list("robot_level", flat=True))
    assert robots(open_table) == {"expert"}
    assert robots(closed_table) == {"beginner"}


def test_archiving_goes_to_the_dashboard_and_restore_brings_it_back(
    alice_client: Client, robins: Classroom
) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/archive/", follow=True)
    assert "is archived" in response.text
    assert "Archived classes (1)" in response.text

    page = alice_client.get(f"/classes/{robins.pk}/").text
    assert "This class is archived" in page

    alice_client.post(f"/classes/{robins.pk}/restore/")
    robins.refresh_from_db()
    assert not robins.archived


def test_adding_and_removing_a_co_teacher(alice_client: Client, robins: Classroom,
                                          eve: User) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/co-teachers/",
                                 {"email": "eve@example.org"}, follow=True)
    assert "Eve teaches Robins with you now." in response.text

    response = alice_client.post(f"/classes/{robins.pk}/co-teachers/{eve.pk}/remove/",
                                 follow=True)
    assert "Eve no longer teaches Robins." in response.text
    assert not robins.co_teachers.exists()


def test_a_co_teacher_who_leaves_goes_to_their_dashboard(
    alice: User, robins: Classroom, eve: User, eve_client: Client
) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=eve.email, by=alice)

    response = eve_client.post(f"/classes/{robins.pk}/co-teachers/{eve.pk}/remove/")

    assert response["Location"] == "/dashboard/"
    assert eve_client.get(f"/classes/{robins.pk}/").status_code == 404


# -- creating a class ---------------------------------------------------------------------------

def test_a_teacher_creates_a_class_and_lands_on_its_page(alice_client: Client) -> None:
    response = alice_client.post("/classes/new/", {"name": "Wrens",
                                                   "choice": "minibridge:lesson-2"})

    wrens = Classroom.objects.get(name="Wrens")
    assert response["Location"] == f"/classes/{wrens.pk}/"
    assert (wrens.game, wrens.options) == ("minibridge", {"lesson": 2})


def test_a_new_class_may_start_on_any_game(alice_client: Client) -> None:
    form = alice_client.get("/classes/new/").text
    assert 'value="spades2:automatic"' in form

    alice_client.post("/classes/new/", {"name": "Spades club", "choice": "spades2:automatic"})

    club = Classroom.objects.get(name="Spades club")
    assert (club.game, club.options) == ("spades2", {"deal_method": "automatic"})


def test_a_class_without_a_name_is_not_created(alice_client: Client) -> None:
    response = alice_client.post("/classes/new/", {"name": "", "choice": "minibridge:lesson-2"})

    assert "This field is required" in response.text
    assert not Classroom.objects.exists()


def test_pupils_cannot_create_classes(bob_client: Client) -> None:
    assert bob_client.get("/classes/new/").status_code == 404
    assert bob_client.post("/classes/new/", {"name": "Mine"}).status_code == 404


# -- pupils -------------------------------------------------------------------------------------

def test_pasting_names_adds_pupils_and_returns_to_the_list(alice_client: Client,
                                                           robins: Classroom) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/pupils/add/",
                                 {"names": "Amira\n\nBen\n"}, follow=True)

    assert "2 pupils added, each with a secret word." in response.text
    assert [p.name for p in robins.pupils.all()] == ["Amira", "Ben"]


def test_with_htmx_only_the_pupils_region_comes_back(alice_client: Client,
                                                     robins: Classroom) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/pupils/add/", {"names": "Amira"},
                                 HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section class="panel" id="pupils"')
    assert "<html" not in response.text
    assert "1 pupil added" in response.text
    assert "Amira" in response.text


def test_a_refused_list_keeps_what_was_typed_and_names_the_duplicates(
    alice_client: Client, robins: Classroom, bob: Pupil
) -> None:
    before = _state(robins)

    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = alice_client.post(f"/classes/{robins.pk}/pupils/add/",
                                     {"names": "Zara\nBOB\nYves"}, **headers)

        assert response.status_code == 200
        assert "These pupils are in the class already: Bob. Nobody was added." in response.text
        assert "Zara\nBOB\nYves</textarea>" in response.text
    assert _state(robins) == before


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}])
def test_each_pupil_action_says_what_it_did(
    alice_client: Client, alice: User, robins: Classroom, bob: Pupil, carol: Pupil,
    headers: dict
) -> None:
    wrens = classes.classroom_create(owner=alice, name="Wrens")
    base = f"/classes/{robins.pk}/pupils"

    def post(url: str, data: dict | None = None) -> str:
        response = alice_client.post(url, data or {}, follow=not headers, **headers)
        assert response.status_code == 200
        return response.text

    assert "Bob is now called Bobby." in post(f"{base}/{bob.pk}/rename/", {"name": "Bobby"})
    assert "Bobby is on MiniBridge · MiniLesson Five: part-score or game now." in post(
        f"{base}/{bob.pk}/options/", {"variant": "lesson-5"})
    assert "Bobby is on the class&#x27;s variant now." in post(f"{base}/{bob.pk}/options/",
                                                                {"variant": ""})
    text = post(f"{base}/{bob.pk}/secret/")
    bob.refresh_from_db()
    assert f"Bobby&#x27;s new secret is {bob.secret}. Print a new card." in text
    assert "Carol moved to Wrens." in post(f"{base}/{carol.pk}/move/", {"classroom": wrens.pk})
    assert "Bobby is archived" in post(f"{base}/{bob.pk}/archive/")
    assert not robins.pupils.filter(archived=False).exists()


def test_refused_pupil_actions_say_why_and_change_nothing(
    alice_client: Client, robins: Classroom, bob: Pupil, carol: Pupil, owls: Classroom
) -> None:
    base = f"/classes/{robins.pk}/pupils/{bob.pk}"
    before = _state(robins)

    cases = [
        ("rename/", {"name": "carol"}, "Could not rename Bob: Another pupil in the class is "
                                       "called carol."),
        ("rename/", {"name": ""}, "Could not rename Bob: This field is required."),
        ("options/", {"variant": "lesson-8"}, "Could not change Bob&#x27;s variant: choose one "
                                              "from the list."),
        ("move/", {"classroom": owls.pk}, "Could not move Bob: choose one of your other classes."),
        ("move/", {"classroom": "x"}, "Could not move Bob"),
    ]
    for url, data, message in cases:
        response = alice_client.post(base + "/" + url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert message in response.text, url
        assert 'class="message message-error"' in response.text
    assert _state(robins) == before


def test_an_archived_pupil_is_gone_from_the_page_and_its_actions(
    alice_client: Client, alice: User, robins: Classroom, bob: Pupil
) -> None:
    classes.pupil_archive(pupil=bob, by=alice)

    assert "Bob" not in alice_client.get(f"/classes/{robins.pk}/").text
    assert alice_client.post(f"/classes/{robins.pk}/pupils/{bob.pk}/rename/",
                             {"name": "Bob2"}).status_code == 404
