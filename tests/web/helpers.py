"""Shared by the browser tests and make_screenshot: a server subprocess and a browser.

The browser tests run against the real server (``colt serve`` on a temporary SQLite file)
when ``coltexpress.server`` exists, and against ``tests/web/fake_server.py`` otherwise.
Chromium is Debian's ``/usr/bin/chromium`` (scripts/setup.sh installs it); Playwright never
downloads a browser.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FAKE = Path(__file__).resolve().parent / "fake_server.py"
# COLT_WEB_SERVER=fake forces the fake (to check the pages against the contract alone).
REAL = (
    importlib.util.find_spec("coltexpress.server") is not None
    and os.environ.get("COLT_WEB_SERVER") != "fake"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(tmp: Path, *, real: bool = REAL) -> Iterator[str]:
    """Start a table server on a free port; yields its base URL."""
    port = free_port()
    if real:
        colt = Path(sys.executable).with_name("colt")
        cmd = [
            str(colt),
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp / 'colt.db'}",
            "--bot-delay",
            "0.02",
        ]
    else:
        cmd = [sys.executable, str(FAKE), "--port", str(port)]
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(base + "/api/tables", timeout=1):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"server did not start: {(tmp / 'server.log').read_text()}"
                    ) from None
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def api(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    method = "GET" if body is None and token is None else "POST"
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


ENABLED = "#legal button.choice:not([disabled])"
READY = (
    f"document.body.dataset.status === 'over' || document.querySelectorAll('{ENABLED}').length > 0"
)


def play_one(page: Any, rng: random.Random, n: int) -> bool:
    """Wait for our turn and make one choice, by mouse or keyboard; False when over."""
    page.wait_for_function(READY, timeout=30_000)
    if page.evaluate("document.body.dataset.status") == "over":
        return False
    version = page.evaluate("document.body.dataset.version")
    buttons = page.locator(ENABLED)
    count = buttons.count()
    hand = page.locator("#hand button.card:not([disabled])")
    style = n % 4
    if style == 0 and hand.count():
        hand.nth(rng.randrange(hand.count())).click()  # a card from the hand
    elif style == 1:
        page.keyboard.press(str(rng.randrange(min(count, 9)) + 1))  # its number key
    elif style == 2:
        buttons.nth(rng.randrange(count)).focus()
        page.keyboard.press(rng.choice(["Enter", " "]))
    else:
        buttons.nth(rng.randrange(count)).click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.status === 'over'",
        timeout=30_000,
    )
    return True
