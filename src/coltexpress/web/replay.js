// The replay page: a finished game stepped through move by move, from before the first move
// (no spoiler: the moves, the narration and the scores appear as they are reached).
// GET /api/tables/{t}/replay lists every move with who made it, its label and its public
// narration; GET /api/tables/{t}/replay/{k} gives the spectator's view after k moves and the
// words for it. The engine runs only on the server. The train and the panels are drawn by
// the front of the game (fronts.js).

import { COLOURS, MARSHAL } from "./colours.js";
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
let review = null; // GET /api/tables/{t}/review, once asked for
const SVG = "http://www.w3.org/2000/svg";
const W = 600, H = 150, TOP = 8; // the chart's drawing area (viewBox 600 x 170)

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
        h("span", { class: "n" }, `${x.n}.`), ` ${mover(x)}: ${x.label}`, markOf(x.n)))
  );
  cursor();
  const list = $("moves");
  list.scrollTop = list.scrollHeight;
  showStep(at);
}

// --- the review ---------------------------------------------------------------------

const decisionAt = (n) => (review ? review.decisions.find((d) => d.move === n) : null);

function markOf(n) {
  const d = decisionAt(n);
  if (!d || d.mark === "good" && d.verdict === "a good play") return "";
  const better = d.better ? `; better: ${d.better}` : "";
  return h("span", { class: "mark" }, ` (${d.verdict}: ${Math.round(100 * d.loss)} points${better})`);
}

const seatColour = (s) =>
  /marshal/i.test(s.bandits) ? MARSHAL : COLOURS[s.bandits.split(" ")[0].toLowerCase()] || "#4a4a4a";
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const xOf = (k) => (moves.length ? (k / moves.length) * W : 0);
const yOf = (p) => TOP + (1 - p) * (H - TOP);

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function drawChances() {
  const chart = $("chances");
  const parts = [];
  for (const p of [0, 0.5, 1]) {
    parts.push(svg("line", { class: "grid", x1: 0, x2: W, y1: yOf(p), y2: yOf(p) }));
    const label = svg("text", { class: "axis", x: 2, y: yOf(p) - 2 });
    label.textContent = `${Math.round(100 * p)}%`;
    parts.push(label);
  }
  for (const s of review.seats) {
    const points = review.chances.map((c, k) => `${xOf(k).toFixed(1)},${yOf(c[s.seat]).toFixed(1)}`);
    parts.push(svg("polyline", { points: points.join(" "), fill: "none", stroke: seatColour(s), "stroke-width": 2 }));
  }
  for (const d of review.decisions) {
    if (d.mark !== "mistake" && d.mark !== "blunder") continue;
    const c = review.chances[d.move];
    parts.push(svg("circle", { cx: xOf(d.move), cy: yOf(c[d.seat]), r: d.mark === "blunder" ? 4 : 3,
      fill: d.mark === "blunder" ? "#c00000" : "#e07000" }));
  }
  const axis = svg("text", { class: "axis", x: W - 2, y: 168, "text-anchor": "end" });
  axis.textContent = "move →";
  parts.push(axis, svg("line", { id: "cursor", class: "cursor", x1: 0, x2: 0, y1: TOP, y2: H }));
  chart.replaceChildren(...parts);
  chart.removeAttribute("hidden"); // (an SVG element has no .hidden)
  chart.addEventListener("click", (e) => {
    const box = chart.getBoundingClientRect();
    step(Math.round(((e.clientX - box.left) / box.width) * moves.length));
  });
  $("review-seats").replaceChildren(...review.seats.map((s) => h("li", {},
    h("span", { class: "swatch", style: `background:${seatColour(s)}` }),
    `${cap(s.name ? `${s.bandits} (${s.name})` : s.bandits)}: accuracy ${s.accuracy}%; ` +
    `${s.marks.inaccuracy} inaccuracies, ${s.marks.mistake} mistakes, ${s.marks.blunder} blunders`)));
}

function cursor() {
  const line = document.getElementById("cursor");
  if (line) {
    line.setAttribute("x1", xOf(at).toFixed(1));
    line.setAttribute("x2", xOf(at).toFixed(1));
  }
}

async function loadReview() {
  const button = $("review-btn");
  button.disabled = true;
  $("review-progress").hidden = false;
  const began = Date.now();
  const say = () => {
    const s = Math.round((Date.now() - began) / 1000);
    $("review-status").textContent = `The hard bot weighs every decision from what its player knew: ${s} s…`;
  };
  say();
  const ticking = setInterval(say, 500);
  const r = await fetch(api("/review")).catch(() => null);
  clearInterval(ticking);
  $("review-progress").hidden = true;
  const body = r ? await r.json().catch(() => ({})) : {};
  if (!r || !r.ok) {
    $("review-status").textContent = `No review: ${body.message || (r ? r.status : "the server did not answer")}.`;
    button.disabled = false;
    return;
  }
  review = body;
  button.hidden = true;
  $("review-status").textContent =
    "Each line is a player's chance to win after every move; the dots are mistakes and blunders. Choose a point to go to that move.";
  drawChances();
  step(at);
  document.body.dataset.review = "1";
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
  $("review-btn").addEventListener("click", loadReview);
  document.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: moves.length };
    if (e.key in keys && !e.altKey && !e.ctrlKey && !e.metaKey && e.target.type !== "range") {
      e.preventDefault();
      step(keys[e.key]);
    }
  });
  document.body.dataset.ready = "1";
  step(0);
  if (new URLSearchParams(location.search).has("review")) loadReview(); // the table's end link
}

main();
