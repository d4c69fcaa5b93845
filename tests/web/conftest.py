"""The browser tests' server and Chromium, one of each per test module; pages and
contexts of a test, none of which may raise a script error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, running_server


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in their own contexts (a desktop unless a device is given); none may raise a
    script error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(device: dict[str, Any] | None = None) -> Any:
        context = browser.new_context(**(device or DESKTOP))
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


@pytest.fixture
def new_context(browser: Any) -> Iterator[Any]:
    """Browser contexts (each a separate browser profile); no page may raise a script
    error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(device: dict[str, Any]) -> Any:
        context = browser.new_context(**device)
        context.on("weberror", lambda e: errors.append(str(e.error)))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors
