"""What a new player on a 390x844 phone tripped over (headless Chromium against the real
server): the lobby's Rules select and the sentence under it, the tables' lines, the moment's
words during card resolution beside the train, and Colt Super Express's figures and panels.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from coltexpress.server.kinds import table_game
from coltexpress.superexpress.game import SuperGame
from coltexpress.superexpress.options import SuperOptions

from .helpers import CHROMIUM, DESKTOP, PHONE, api, horizontal_overflow

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in their own contexts; none may raise a script error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(device: dict[str, Any] | None = None) -> Any:
        context = browser.new_context(**(device or PHONE))
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


# The room a select's chosen option has: its width less its padding, border and arrow.
SELECT_FITS = """(sel) => {
  const s = document.querySelector(sel);
  const cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const text = s.options[s.selectedIndex].text;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
  return { text, width: ctx.measureText(text).width, room };
}"""


def test_the_rules_select_and_the_sentence_under_it_are_readable_on_a_phone(
    new_page: Any, base: str
) -> None:
    page = new_page(PHONE)
    page.goto(base + "/")
    for game in page.locator("#game option").evaluate_all("os => os.map((o) => o.value)"):
        page.select_option("#game", game)
        for entry in table_game(game).presets:
            page.select_option("#preset", entry["preset"])
            fit = page.evaluate(SELECT_FITS, "#preset")
            assert fit["width"] <= fit["room"], (game, fit)  # the whole label shows
            about = page.inner_text("#preset-about")
            # the sentence explains the rules: more than the label it stands under
            assert about != fit["text"] and about.removeprefix(fit["text"]).count(" ") >= 8, about
            assert "Rules: " + entry["text"] not in about
    assert horizontal_overflow(page) <= 0


def test_a_tables_line_shows_its_own_player_count(new_page: Any, base: str) -> None:
    """A finished 4-player table of a preset for 3 to 8 players: "4 players", no range."""
    bots = {str(s): "easy" for s in range(4)}
    made = api(base, "/api/tables", {"players": 4, "preset": "marshal-prisoners", "bots": bots})
    watch = new_page()
    watch.goto(f"{base}/t/{made['table']}")
    watch.select_option("#pace", "0")
    watch.wait_for_function("document.body.dataset.version !== undefined")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    watch.wait_for_function("document.body.dataset.status === 'over'", timeout=120_000)
    lobby = new_page(PHONE)
    lobby.goto(base + "/")
    line = lobby.locator(f"#finished li[data-table='{made['table']}'] p").first
    line.wait_for()
    text = line.inner_text()
    assert "4 players" in text and "Marshal & Prisoners" in text, text
    assert " to 8 players" not in text, text


def _watch_to_the_end(new_page: Any, base: str, body: dict[str, Any]) -> tuple[Any, str]:
    """A table of bots only, watched on a phone to its end."""
    made = api(base, "/api/tables", body)
    watch = new_page(PHONE)
    watch.goto(f"{base}/t/{made['table']}")
    watch.select_option("#pace", "0")
    watch.wait_for_function("document.body.dataset.version !== undefined")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    watch.wait_for_function(
        "document.body.dataset.status === 'over' && document.body.dataset.playing === '0'",
        timeout=120_000,
    )
    return watch, str(made["table"])


def test_super_express_round_panel_says_the_game_is_over(new_page: Any, base: str) -> None:
    body = {"game": "super-express", "players": 4, "preset": "reflex-horse", "seed": 3,
            "bots": {str(s): "easy" for s in range(4)}}
    watch, _ = _watch_to_the_end(new_page, base, body)
    panel = watch.inner_text("#round-card")
    assert "The game is over" in panel, panel
    assert "comes off" not in panel and "Each player programs" not in panel, panel
    end = watch.evaluate("window.colt.view.result")
    view = watch.evaluate("window.colt.view.bandits")
    stayed = [b for b in view if end["aboard"][b["seat"]]]
    assert stayed, "a game of Colt Super Express ends with a bandit on the train"
    names = watch.locator("#players .bandit-name strong").all_inner_texts()
    on_train = [n for n, b in zip(names, view, strict=True) if end["aboard"][b["seat"]]]
    assert all(n in panel for n in on_train), (panel, on_train)


def _off_train_moments(seed: int) -> list[dict[str, Any]]:
    """The public views of a game of Colt Super Express with both extensions around each
    moment a bandit falls off the train or goes out (the view before, the view then)."""
    game = SuperGame.new(SuperOptions.preset("reflex-horse", players=5), seed=seed)
    rng = random.Random(seed)
    views = [game.view(None)]
    while not game.is_over:
        views += [f.view(None) for f in game.apply_frames(rng.choice(game.legal_actions()))]
    off = [tuple((b["falling"], b["out"]) for b in v["bandits"]) for v in views]
    picked = sorted({j for i in range(1, len(views)) if off[i] != off[i - 1] for j in (i - 1, i)})
    return [views[i] for i in picked]


# Draws the views one after the other with the page's own drawing and, at every animation
# frame while its figures move, notes each figure's disc that covers a title of the drawing.
DRAW_AND_WATCH = """async (views) => {
  const { SuperTrainDrawing } = await import('/static/super_train.js');
  document.body.innerHTML =
    '<section class="panel train"><svg id="t" class="train-svg"></svg></section>';
  const drawing = new SuperTrainDrawing(document.getElementById('t'));
  const box = (e) => e.getBoundingClientRect();
  const hit = (a, b) =>
    a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  const bad = [];
  for (const [i, view] of views.entries()) {
    drawing.render(view, { bandits: [] });
    const t0 = performance.now();
    while (performance.now() - t0 < 900) {
      await new Promise((r) => requestAnimationFrame(r));
      const labels = [...document.querySelectorAll('#t .cars text')];
      for (const disc of document.querySelectorAll('#t .se-piece:not(.gone) .disc')) {
        for (const label of labels) {
          const where = disc.parentElement.dataset.space;
          if (hit(box(disc), box(label))) bad.push([i, label.textContent, where]);
        }
      }
    }
  }
  return bad;
}"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_figure_covers_a_title_of_the_super_express_train(
    new_page: Any, base: str, device: dict[str, Any]
) -> None:
    """A bandit falling off the train or going out lands in its box below the train
    without passing over the cars' or the boxes' titles ("F◁Do off the train")."""
    views = _off_train_moments(1)
    assert any(any(b["falling"] for b in v["bandits"]) for v in views)
    assert any(any(b["out"] for b in v["bandits"]) for v in views)
    page = new_page(device)
    page.goto(base + "/api/games")  # a page of the server's own, without scripts
    page.add_style_tag(url=base + "/static/style.css")
    covered = page.evaluate(DRAW_AND_WATCH, views)
    assert not covered, covered[:5]
