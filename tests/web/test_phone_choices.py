"""Choosing on a 390x844 phone, in Debian's Chromium against the real server: whole games of
Colt Express and of Colt Super Express, and the first decisions with each expansion, a
human seat tapping its choices against bots.

On a phone the choices are a bar over the bottom of the screen. At every decision the page
must keep the player's own figure (the one deciding) in view above that bar, with the
choices, and say beside them where the player's bandits stand (and face, in Colt Super
Express). At the end, the banner tells each bandit's loot once.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from .helpers import CHROMIUM, ENABLED, MY_TURN, PHONE, api, horizontal_overflow

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

# What the player sees at a decision: "ok", or what is wrong. The figure is measured as
# drawn (its move's animation over: the check is waited for).
SEEN = """
() => {
  const inView = (r) => r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight && r.right <= innerWidth;
  const buttons = [...document.querySelectorAll('#legal button.choice:not([disabled])')];
  if (!buttons.length || !inView(buttons[0].getBoundingClientRect())) return 'no choice in view';
  const bar = document.getElementById('choices').getBoundingClientRect();
  const pieces = [...document.querySelectorAll('#train .piece.mine:not(.gone)')];
  const figure = pieces.find((p) => p.classList.contains('acting')) || pieces[0];
  if (!figure) {  // only a bandit not on the train yet (or any more) is not drawn
    const c = window.colt;
    const placed = c.view.bandits.filter((b) => b.seat === c.seat && (b.car !== null || b.coach));
    if (placed.length) return 'your figure is not drawn';
  } else {
    const r = figure.getBoundingClientRect();
    const at = `${Math.round(r.top)}..${Math.round(r.bottom)}, choices from ${Math.round(bar.top)}`;
    if (!inView(r)) return `your figure is out of view: ${at}`;
    if (r.bottom > bar.top) return `the choices cover your figure: ${at}`;
  }
  const where = document.getElementById('whereami');
  if (!where || where.hidden || !inView(where.getBoundingClientRect())) return 'no where you stand';
  return 'ok';
}
"""


# The words of the train drawing (loot counts, car names) cut off by its edge.
CUT = """
() => {
  const svg = document.getElementById('train').getBoundingClientRect();
  return [...document.querySelectorAll('#train text')].filter((t) => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && (r.left < svg.left - 0.5 || r.right > svg.right + 0.5);
  }).map((t) => `${t.textContent} at ${t.closest('[data-space]')?.dataset.space ?? ''}`);
}
"""


def _table(base: str, game: str, preset: str, seed: int) -> Any:
    """A 4-player table: the player at seat 0 hosts it, easy bots at the other seats."""
    return api(
        base,
        "/api/tables",
        {
            "game": game, "preset": preset, "players": 4, "seed": seed, "host_seat": 0,
            "bots": {"1": "easy", "2": "easy", "3": "easy"}, "names": {"0": "Anna"},
        },
    )


def _sit(browser: Any, base: str, made: dict[str, Any]) -> tuple[Any, list[str]]:
    """Seat 0's page on a phone, the game started; the script errors it raises."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + made["seats"][0]["invite"])
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.select_option("#pace", "0")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    return page, errors


def _check_decision(page: Any) -> None:
    """Our figure and the words of where we stand, with the choices, in view."""
    try:
        page.wait_for_function(f"({SEEN})() === 'ok'", timeout=10_000)
    except Exception:
        raise AssertionError(page.evaluate(SEEN)) from None
    said = page.inner_text("#whereami")
    mine = page.evaluate(
        "window.colt.view.bandits.filter((b) => b.seat === window.colt.seat)"
        ".map((b) => window.colt.captions.bandits.find((c) => c.character === b.character))"
    )
    # the round, the turn and the decision, in the server's words, above the choices
    assert page.inner_text("#prompt") == page.evaluate("window.colt.captions.situation")
    assert said.startswith("You: ")
    assert all(f"{b['name']}, {b['where']}" in said for b in mine), (said, mine)
    assert horizontal_overflow(page) <= 0
    cut = page.evaluate(CUT)
    assert not cut, f"cut off by the drawing's edge: {cut}"


def _play(page: Any, rng: random.Random, most: int) -> int:
    """Our decisions until the end (or ``most`` of them), each checked; their number."""
    decisions = 0
    while decisions < most:
        page.wait_for_function(MY_TURN, timeout=60_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        _check_decision(page)
        version = page.evaluate("document.body.dataset.version")
        buttons = page.locator(ENABLED)
        buttons.nth(rng.randrange(buttons.count())).tap()
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}'"
            " || document.body.dataset.status === 'over'",
            timeout=60_000,
        )
        decisions += 1
    return decisions


def _check_end_banner(page: Any) -> None:
    """The end banner tells what each bandit carried, once per bandit (the Marshal of
    Marshal & Prisoners is no bandit)."""
    page.wait_for_function(
        "document.body.dataset.status === 'over' && document.body.dataset.playing === '0'",
        timeout=60_000,
    )
    lines = [line.strip() for line in page.inner_text("#end").splitlines() if line.strip()]
    captions = page.evaluate("window.colt.captions")
    marshal = "marshal" if captions.get("mp") else None
    carried = [b for b in captions["bandits"] if b["character"] != marshal]
    assert carried
    for bandit in carried:
        told = [line for line in lines if bandit["name"] in line and bandit["loot"] in line]
        assert len(told) == 1, (bandit, lines)


@pytest.mark.parametrize(("game", "preset", "seed"), [
    ("colt-express", "standard", 5),
    ("super-express", "standard", 5),
])
def test_a_whole_phone_game_keeps_your_figure_above_the_choices(
    browser: Any, base: str, game: str, preset: str, seed: int
) -> None:
    page, errors = _sit(browser, base, _table(base, game, preset, seed))
    decisions = _play(page, random.Random(seed), 500)
    assert decisions > 5
    assert page.evaluate("document.body.dataset.status") == "over"
    _check_end_banner(page)
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("preset", ["marshal-prisoners", "horses-stagecoach", "two-player"])
def test_the_first_decisions_with_each_expansion_keep_your_figure_in_view(
    browser: Any, base: str, preset: str
) -> None:
    players = 2 if preset == "two-player" else 4
    bots = {str(s): "easy" for s in range(1, players)}
    made = api(
        base,
        "/api/tables",
        {"preset": preset, "players": players, "seed": 3, "host_seat": 0, "bots": bots},
    )
    page, errors = _sit(browser, base, made)
    assert _play(page, random.Random(3), 12) == 12
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize(("game", "preset"), [
    ("colt-express", "standard"),
    ("colt-express", "both-expansions"),
    ("super-express", "reflex-horse"),
])
def test_the_end_banner_tells_each_bandits_loot_once(
    browser: Any, base: str, game: str, preset: str
) -> None:
    """A game of bots only, watched to its end from a phone."""
    made = api(
        base,
        "/api/tables",
        {"game": game, "preset": preset, "players": 4,
         "bots": {str(s): "easy" for s in range(4)}},
    )
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{base}/t/{made['table']}")
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.select_option("#pace", "0")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    _check_end_banner(page)
    assert page.locator("#end").is_visible()
    context.close()


# The train drawing of a made-up view whose spaces hold every kind of loot (Marshal &
# Prisoners' mailbags, Horses & Stagecoach's flasks, full and half drunk): for each loot
# count, whether it stays inside its car and clear of the others.
CROWDED = """
async () => {
  const { TrainDrawing } = await import('/static/train.js');
  const holder = document.createElement('div');
  document.body.append(holder);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'probe';
  svg.classList.add('train-svg');
  holder.append(svg);
  const loot = ['purse', 'purse', 'jewel', 'strongbox', 'mailbag'].map((kind) => ({ kind }))
    .concat([{ kind: 'whiskey', half: false }, { kind: 'whiskey', half: true }]);
  const view = {
    cars: 4, mp: null, hs: null, marshal: 0, seat: null, bandits: [],
    spaces: [[1, false], [2, true], [4, false], [4, true]].map(([car, roof]) => (
      { car, roof, coach: false, loot })),
  };
  new TrainDrawing(svg).render(view, { bandits: [], train: [] });
  const wrong = [];
  for (const group of svg.querySelectorAll('.space-loot')) {
    const car = svg.querySelector(`.car[data-car="${group.dataset.space.split(':')[0]}"] .body`)
      .getBoundingClientRect();
    const counts = [...group.querySelectorAll('.loot-count')];
    if (counts.length !== 6) wrong.push(`${group.dataset.space}: ${counts.length} counts`);
    // each kind: its icon (drawn just before its count) and its count
    const items = counts.map((t) => {
      const [a, b] = [t.previousElementSibling.getBoundingClientRect(), t.getBoundingClientRect()];
      return { left: Math.min(a.left, b.left), right: Math.max(a.right, b.right),
        top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom), text: b };
    });
    items.forEach((r, i) => {
      if (r.text.left < car.left - 0.5 || r.text.right > car.right + 0.5) {
        wrong.push(`${group.dataset.space}: count ${i + 1} out of its car`);
      }
      items.slice(i + 1).forEach((o, j) => {
        const apart = r.right <= o.left + 0.5 || o.right <= r.left + 0.5
          || r.bottom <= o.top + 0.5 || o.bottom <= r.top + 0.5;
        if (!apart) wrong.push(`${group.dataset.space}: kinds ${i + 1} and ${i + j + 2} overlap`);
      });
    });
  }
  holder.remove();
  return wrong;
}
"""


@pytest.mark.parametrize("device", [PHONE, {"viewport": {"width": 1366, "height": 900}}])
def test_every_kind_of_loot_in_a_space_stays_readable_in_its_car(
    browser: Any, base: str, device: dict[str, Any]
) -> None:
    context = browser.new_context(**device)
    page = context.new_page()
    page.goto(base + "/")
    assert page.evaluate(CROWDED) == []
    context.close()
