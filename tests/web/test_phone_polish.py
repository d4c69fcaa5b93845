"""What a new player on a 390x844 phone tripped over (headless Chromium against the real
server): the lobby's Rules select and the sentence under it, the tables' lines, the moment's
words during card resolution beside the train, and Colt Super Express's figures and panels.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from coltexpress.server.kinds import table_game
from coltexpress.superexpress.game import SuperGame
from coltexpress.superexpress.options import SuperOptions

from .helpers import CHROMIUM, DESKTOP, PHONE, api, horizontal_overflow, play_one

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")



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
    watch = new_page(PHONE)
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


# At each frame a phone's table draws: whether the moment's words are on screen (the banner
# itself, or its copy at the top of the screen with the same words), and where the figure
# of the bandit whose card it is stands (its centre, in screen pixels, from where it is
# going) between the foot of that copy and the foot of the screen.
MOMENTS = """
window.__moments = [];
addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const b = document.body;
    const ann = document.getElementById('announce');
    const bar = document.getElementById('moment');
    const r = ann.getBoundingClientRect();
    const inSight = (q) => q.top >= 0 && q.bottom <= innerHeight && q.height > 0;
    const head = ann.querySelector('.headline');
    const shown = Boolean(bar) && !bar.hidden;  // (a page without the copy: never shown)
    const barHead = shown ? bar.querySelector('.headline') : null;
    const top = shown ? bar.getBoundingClientRect().bottom : 0;
    const svg = document.getElementById('train');
    let figure = null;
    const who = (head ? head.innerText : '').match(/^Card \\d+ of \\d+: (.+?)'s /);
    if (who) {
      const piece = [...svg.querySelectorAll('.piece:not(.gone)')].find(
        (p) => (p.querySelector('title').textContent || '').startsWith(who[1]));
      if (piece) {
        const at = new DOMPoint(+piece.dataset.x, +piece.dataset.y)
          .matrixTransform(svg.getScreenCTM());
        figure = { name: who[1], y: at.y, top, bottom: innerHeight };
      }
    }
    const t = svg.getBoundingClientRect();
    window.__moments.push({
      kind: b.dataset.kind, myturn: b.dataset.myturn, status: b.dataset.status,
      words: ann.innerText.trim(), bannerSeen: Boolean(head) && inSight(r),
      copySeen: Boolean(barHead) && inSight(barHead.getBoundingClientRect())
        && bar.innerText.trim() === ann.innerText.trim(),
      trainSeen: Math.min(t.bottom, innerHeight) - Math.max(t.top, top),
      figure,
    });
  }).observe(document.body, {attributes: true, attributeFilter: ['data-frame']});
});
"""


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [("colt-express", "standard", 4), ("super-express", "reflex-horse", 5)],
    ids=["colt-express", "super-express"],
)
def test_the_moments_words_and_the_train_are_on_screen_while_cards_resolve(
    browser: Any, base: str, game: str, preset: str, players: int
) -> None:
    """A whole game on a phone, played by taps: every moment of card resolution (a card,
    an event, the end of a round's summary) is shown with its words on screen and the train
    in view, the figure of the bandit whose card it is between those words and the foot of
    the screen, though each decision scrolled the page to the player's own bandit."""
    bots = {str(s): "easy" for s in range(1, players)}
    made = api(base, "/api/tables", {"game": game, "preset": preset, "players": players,
                                    "bots": bots, "seed": 11, "host_seat": 0})
    context = browser.new_context(**PHONE)
    context.add_init_script(MOMENTS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + made["seats"][0]["invite"])
    page.wait_for_function("window.colt && window.colt.seat === 0")
    page.select_option("#pace", "300")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    rng = random.Random(3)
    n = 0
    while play_one(page, rng, n, touch=True):
        n += 1
    moments = page.evaluate("window.__moments")
    context.close()
    assert not errors, errors
    watched = [m for m in moments if m["kind"] not in ("play", "welcome") and m["words"]
               and m["myturn"] != "1" and m["status"] != "over"]
    assert len(watched) > 20 and any(m["kind"] == "summary" for m in watched)
    unseen = [m for m in watched if not (m["bannerSeen"] or m["copySeen"])]
    assert not unseen, unseen[:3]
    no_train = [m for m in watched if m["trainSeen"] < 120]
    assert not no_train, no_train[:3]
    figures = [m for m in watched if m["figure"]]
    assert figures
    away = [m for m in figures if not m["figure"]["top"] <= m["figure"]["y"]
            <= m["figure"]["bottom"]]
    assert not away, away[:3]
