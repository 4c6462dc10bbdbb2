"""Alice sets MiniBridge's Law 18 set and the tricks-only scoring on Robins' class page
(issue 14); bad values are refused with the reason and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.registry import game_entry
from teaching.models import Classroom

pytestmark = pytest.mark.django_db


def _form(**chosen: Any) -> dict[str, str]:
    """The options form as posted: each option's place in its list, defaults but ``chosen``."""
    data = {}
    for option in game_entry("minibridge").options:
        values = [value for value, _ in option.choices]
        value = chosen.get(option.key, option.default)
        data[f"option_{option.key}"] = str(values.index(value))
    return data


def test_alice_sets_a_set_of_six_deals_scored_by_tricks(alice_client: Client,
                                                       robins: Classroom) -> None:
    text = alice_client.get(f"/classes/{robins.pk}/").text
    for key in ("score_tricks", "set_deals", "set_target"):
        assert f'name="option_{key}"' in text

    response = alice_client.post(f"/classes/{robins.pk}/options/",
                                 _form(lesson=4, score_tricks=True, set_deals=6), follow=True)

    assert "Deals in a set: 6 deals" in response.text
    robins.refresh_from_db()
    assert robins.options["set_deals"] == 6 and robins.options["score_tricks"] is True
    assert robins.options["set_target"] is None


@pytest.mark.parametrize(("data", "error"), [
    ({**_form(), "option_set_deals": "99"}, "Choose deals in a set from the list."),
    ({**_form(), "option_set_target": "-1"}, "Choose play to a total from the list."),
    (_form(score_tricks=True, set_target=500), "A target score needs points"),
    (_form(lesson=2, set_target=1000), "A target score needs points"),
])
def test_bad_set_options_are_refused_and_change_nothing(
    alice_client: Client, robins: Classroom, data: dict[str, str], error: str
) -> None:
    robins.refresh_from_db()
    before = (robins.game, dict(robins.options))

    response = alice_client.post(f"/classes/{robins.pk}/options/", data)

    assert response.status_code == 200
    assert error in response.text
    robins.refresh_from_db()
    assert (robins.game, robins.options) == before
