"""Shared by the browser tests and make_screenshot: a server subprocess, browser pages and
the checks made on them (horizontal scrolling, choices in view, contrast, words).

The server is the real one (``colt serve`` on a temporary SQLite file). Chromium is Debian's
``/usr/bin/chromium`` (scripts/setup.sh installs it); Playwright never downloads a browser.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from coltexpress import Game, Options
from coltexpress.engine import names

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(tmp: Path) -> Iterator[str]:
    """Start ``colt serve`` on a free port and a temporary database; yields its base URL."""
    port = free_port()
    colt = Path(sys.executable).with_name("colt")
    cmd = [str(colt), "serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'colt.db'}"]
    cmd += ["--bot-delay", "0.02", "--chosen-seeds", "any"]  # the tests replay known deals
    # a module's tests create many tables, and ask for many lobby pages and replays, from
    # one address
    cmd += ["--create-limit", "0", "--lobby-limit", "0", "--replay-limit", "0"]
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
MY_TURN = "document.body.dataset.myturn === '1' || document.body.dataset.status === 'over'"

# Every frame the table shows, recorded as it is drawn (the page numbers them in data-frame).
RECORDER = """
window.__frames = [];
addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const b = document.body;
    const cur = document.querySelector('#pile .current');
    window.__frames.push({
      n: Number(b.dataset.frame), kind: b.dataset.kind, t: performance.now(),
      version: Number(b.dataset.version), current: cur ? Number(cur.dataset.index) : null,
      currentText: cur ? cur.innerText : null,
      cards: document.querySelectorAll('#pile .card').length,
      announce: document.getElementById('announce').innerText,
      endHidden: document.getElementById('end').hidden,
    });
  }).observe(document.body, {attributes: true, attributeFilter: ['data-frame']});
});
"""


def seed_where(players: int, preset: str, first: int) -> int:
    """A seed whose first round starts with seat ``first``."""
    for seed in range(1, 500):
        if Game.new(Options.preset(preset, players=players), seed=seed).current_seat == first:
            return seed
    raise AssertionError("no such seed")


def play_one(page: Any, rng: random.Random, n: int, *, touch: bool = False) -> bool:
    """Wait for our turn and make one choice (a hand card, a key, Enter on a focused choice,
    a click or a tap); False when the game is over."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    if page.evaluate("document.body.dataset.status") == "over":
        return False
    version = page.evaluate("document.body.dataset.version")
    buttons = page.locator(ENABLED)
    count = buttons.count()
    pick = rng.randrange(count)
    hand = page.locator("#hand button.card:not([disabled])")
    style = n % 4
    if touch:
        target = hand.nth(rng.randrange(hand.count())) if style == 0 and hand.count() else None
        (target or buttons.nth(pick)).tap()
    elif style == 0 and hand.count():
        hand.nth(rng.randrange(hand.count())).click()
    elif style == 1:
        key = buttons.nth(pick).get_attribute("data-key")
        page.keyboard.press(key)
    elif style == 2:
        buttons.nth(pick).focus()
        page.keyboard.press(rng.choice(["Enter", " "]))
    else:
        buttons.nth(pick).click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.status === 'over'",
        timeout=60_000,
    )
    return True


def horizontal_overflow(page: Any) -> int:
    """How far the page scrolls sideways (0 when it does not)."""
    return int(page.evaluate("document.scrollingElement.scrollWidth - innerWidth"))


def in_viewport(page: Any, selector: str) -> bool:
    """The first element matching ``selector`` lies wholly inside the viewport."""
    return bool(
        page.evaluate(
            """(sel) => { const e = document.querySelector(sel); if (!e) return false;
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
              && r.right <= innerWidth; }""",
            selector,
        )
    )


def _slugs() -> list[str]:
    table = names.names()
    keys = [*table["round_cards"], *table["events"], *table["powers"], *table["variants"]]
    return sorted({k for k in keys if "-" in k})


# What a player must never read: internal names, seat numbers, token numbers, notation
# words for face-down cards, pronouns for bandits.
INTERNAL = re.compile(
    r"\b(?:" + "|".join(map(re.escape, _slugs())) + r")\b"
    r"|\bseat \d|#\d|\(down\)|\b(?:he|him|his)\b|@",
    re.IGNORECASE,
)


def internal_words(text: str) -> list[str]:
    return sorted({m.group(0) for m in INTERNAL.finditer(text)})


# The contrast of every visible piece of text against what it is drawn on: the first opaque
# background among its ancestors (gradients: each colour in them), an SVG text's outline
# (paint-order stroke) or the piece it is written on. Opacity below 1 on the way counts.
CONTRAST_JS = """
() => {
  const rgba = (s) => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const colours = (s) => (s.match(/rgba?\\([^)]+\\)/g) || []).map(rgba);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const over = (top, bottom) =>
    top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3]));
  function backgrounds(node) {
    let alpha = 1;
    const layers = [];
    for (let e = node; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      alpha *= Number(cs.opacity);
      if (e.matches('.piece')) {
        const shape = e.querySelector('circle, rect');
        return { list: [rgba(getComputedStyle(shape).fill)], alpha };
      }
      const img = cs.backgroundImage;
      if (img && img !== 'none') return { list: colours(img), alpha, layers };
      const bg = rgba(cs.backgroundColor);
      if (bg && bg[3] > 0) {
        if (bg[3] >= 1) return { list: [bg], alpha, layers };
        layers.push(bg);
      }
    }
    return { list: [[255, 255, 255, 1]], alpha, layers };
  }
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const e = t.parentElement;
    if (!e || e.closest('.sr, [hidden], title, desc, option, script, style')) continue;
    if (e.closest('.skip') && document.activeElement !== e) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    const svg = e instanceof SVGElement;
    let ink = rgba(svg ? cs.fill : cs.color);
    let { list, alpha, layers } = backgrounds(e);
    if (svg && cs.paintOrder.startsWith('stroke') && parseFloat(cs.strokeWidth) >= 3) {
      list = [rgba(cs.stroke)];
    }
    for (let bg of list) {
      for (const layer of (layers || []).reverse()) bg = over(layer, bg);
      const text = over([...ink.slice(0, 3), ink[3] * alpha], bg);
      const value = ratio(text, bg);
      const where = `${e.tagName.toLowerCase()}.${e.getAttribute('class') || ''}`;
      const said = t.textContent.trim().slice(0, 40);
      if (value < 4.5) bad.push(`${said} (${where}): ${value.toFixed(2)}`);
    }
  }
  return bad;
}
"""


def contrast_failures(page: Any) -> list[str]:
    return list(page.evaluate(CONTRAST_JS))
