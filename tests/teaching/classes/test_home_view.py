"""The home page: a single page listing the games and lessons the engine offers."""

from __future__ import annotations

import re

from django.contrib.staticfiles import finders
from django.test import Client
from django.utils.html import escape

from tests.teaching.fakes import FakeGame, FakeVariant


def test_it_lists_every_game_with_its_lessons(client: Client, catalogue: list[FakeGame]) -> None:
    response = client.get("/")

    assert response.status_code == 200
    for game in catalogue:
        assert f">{game.title}</h2>" in response.text
        assert game.summary in response.text
        for variant in game.variants:
            assert variant.title in response.text
            assert variant.summary in response.text


def test_it_keeps_the_engine_order(client: Client, catalogue: list[FakeGame]) -> None:
    text = client.get("/").text

    assert text.index("MiniBridge") < text.index("Two-handed Spades")


def test_it_says_how_many_players_each_game_needs(
    client: Client, catalogue: list[FakeGame]
) -> None:
    text = client.get("/").text

    assert "4 players" in text
    assert "2 players" in text


def test_it_escapes_text_from_the_engine(client: Client, catalogue: list[FakeGame]) -> None:
    catalogue.append(
        FakeGame("odd", "<b>Odd</b>", 3, "Tom & Jerry", (FakeVariant("x", "<i>X</i>", "a<b"),))
    )

    text = client.get("/").text

    assert "&lt;b&gt;Odd&lt;/b&gt;" in text
    assert "Tom &amp; Jerry" in text
    assert "<i>X</i>" not in text


def test_it_says_so_when_no_game_is_installed(
    client: Client, catalogue: list[FakeGame]
) -> None:
    catalogue.clear()

    assert "No games are installed yet." in client.get("/").text


def test_it_gives_htmx_the_csrf_token(client: Client, catalogue: list[FakeGame]) -> None:
    response = client.get("/")

    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", response.text)
    assert match, "the body carries the CSRF token for htmx requests"
    assert len(match.group(1)) >= 32


def test_every_asset_it_loads_is_one_of_our_static_files(
    client: Client, catalogue: list[FakeGame]
) -> None:
    text = client.get("/").text

    assets = re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', text)
    assert "/static/vendor/htmx-2.0.11.min.js" in assets
    assert "/static/vendor/htmx-ext-ws-2.0.4.min.js" in assets
    for asset in assets:
        assert asset.startswith("/static/"), f"{asset} is not served by us (no CDN)"
        assert finders.find(asset.removeprefix("/static/")), f"{asset} does not exist"


def test_it_answers_only_get(client: Client, catalogue: list[FakeGame]) -> None:
    assert client.post("/").status_code == 405


def test_it_lists_the_real_catalogue(client: Client) -> None:
    from games.registry import catalogue

    games = catalogue()
    text = client.get("/").text

    assert games
    for game in games:
        assert escape(game.title) in text
        for variant in game.variants:
            assert escape(variant.title) in text
