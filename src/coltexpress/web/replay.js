// The replay page: a finished game stepped through move by move, from before the first move
// (no spoiler: the moves, the narration and the scores appear as they are reached).
// GET /api/tables/{t}/replay lists every move with who made it, its label and its public
// narration; GET /api/tables/{t}/replay/{k} gives the spectator's view after k moves and the
// words for it. The engine runs only on the server. The train and the panels are drawn by
// the front of the game (fronts.js).

import { h } from "./dom.js";
import { frontOf, showGame } from "./fronts.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const api = (path) => `/api/tables/${encodeURIComponent(table)}${path}`;
let moves = [];
let at = 0; // how many moves have been played at this step (0..n)
let drawing = null;
let front = frontOf(null);
let asked = 0; // the latest step asked for, so late answers are dropped

const mover = (m) => (m.player ? `${m.who} (${m.player})` : m.who);

function step(to) {
  at = Math.max(0, Math.min(moves.length, to));
  $("slider").value = String(at);
  const m = at ? moves[at - 1] : null;
  $("where").textContent = m
    ? `Move ${m.n} of ${moves.length}: ${mover(m)}: ${m.label}.`
    : `Before the first move (${moves.length} moves to come).`;
  $("step-events").replaceChildren(...(m ? m.events.map((t) => h("li", {}, t)) : []));
  $("moves").replaceChildren(
    ...moves.slice(0, at).map((x) =>
      h("li", { class: x.n === at ? "current" : "", "aria-current": x.n === at ? "step" : false },
        h("span", { class: "n" }, `${x.n}.`), ` ${mover(x)}: ${x.label}`))
  );
  const list = $("moves");
  list.scrollTop = list.scrollHeight;
  showStep(at);
}

async function showStep(k) {
  asked = k;
  const r = await fetch(api(`/replay/${k}`));
  if (!r.ok || asked !== k) return;
  const body = await r.json();
  const c = body.captions;
  drawing.render(body.view, c);
  $("situation").textContent = c.situation;
  front.replay(body.view, c);
  const end = c.end || [];
  $("end").hidden = !(end.length && k === moves.length);
  if (!$("end").hidden) {
    $("end-winner").textContent = end[0];
    $("end-lines").replaceChildren(...end.slice(1).map((t) => h("li", {}, t)));
  }
  document.body.dataset.step = String(k);
}

function summary(record, listing) {
  const who = listing.players.map((p) => (p.name ? `${p.bandits} (${p.name})` : p.kind === "bot" ? `${p.bandits} (a bot)` : p.bandits));
  const pairs = [
    ["Game", listing.title || "Colt Express"],
    ["Players", who.join(", ")],
    ...(listing.options || []), // the game's options in the server's words
    ["Seed", record.seed],
    ["Moves", moves.length],
  ];
  $("summary").replaceChildren(...pairs.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]));
}

async function main() {
  document.body.classList.toggle("touch", matchMedia("(pointer: coarse)").matches);
  $("title").textContent = "Replay of a finished game";
  $("download").href = api("/record");
  const [r1, r2] = await Promise.all([fetch(api("/record")), fetch(api("/replay"))]);
  const record = await r1.json().catch(() => ({}));
  const listing = await r2.json().catch(() => ({}));
  if (!r1.ok || !r2.ok) {
    $("status").textContent = `No replay: ${record.message || listing.message || r1.status}`;
    return;
  }
  moves = listing.moves;
  front = frontOf(listing.game);
  showGame(listing.game || "colt-express");
  if (listing.title) {
    $("game-title").textContent = listing.title;
    document.title = `${listing.title} — replay`;
  }
  drawing = front.drawing($("train"));
  summary(record, listing);
  $("status").textContent = `${moves.length} moves recorded. Step through them from the start.`;
  $("slider").max = String(moves.length);
  $("slider").addEventListener("input", () => step(Number($("slider").value)));
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(at - 1));
  $("next").addEventListener("click", () => step(at + 1));
  $("last").addEventListener("click", () => step(moves.length));
  document.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: moves.length };
    if (e.key in keys && !e.altKey && !e.ctrlKey && !e.metaKey && e.target.type !== "range") {
      e.preventDefault();
      step(keys[e.key]);
    }
  });
  document.body.dataset.ready = "1";
  step(0);
}

main();
