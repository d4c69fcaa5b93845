// The replay page: GET /api/tables/{t}/record (options, seed, actions) stepped through move
// by move. The engine runs only on the server: GET /api/tables/{t}/replay/{k} gives the
// spectator's view after k moves and that move's narration; the whole narration comes from
// the table's spectator welcome on /ws/{t}.

import { h } from "./dom.js";
import { banditSentences, label, scoreRows } from "./labels.js";
import { TrainDrawing } from "./train.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let actions = [];
let at = 0; // how many actions have been played at this step (0..n)
let drawing = null;
let asked = 0; // the latest step asked for, so late answers are dropped

function safeLabel(a) {
  try {
    return label(a);
  } catch {
    return a;
  }
}

function step(to) {
  at = Math.max(0, Math.min(actions.length, to));
  const items = $("actions").children;
  for (let i = 0; i < items.length; i += 1) {
    items[i].className = i === at - 1 ? "current" : i >= at ? "future" : "";
    if (i === at - 1) items[i].setAttribute("aria-current", "step");
    else items[i].removeAttribute("aria-current");
  }
  if (at > 0) items[at - 1].scrollIntoView({ block: "nearest" });
  $("where").textContent = at === 0
    ? `Before the first move (${actions.length} moves).`
    : `Move ${at} of ${actions.length}: ${actions[at - 1]} — ${safeLabel(actions[at - 1])}.`;
  showStep(at);
}

async function showStep(k) {
  asked = k;
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/replay/${k}`);
  if (!r.ok || asked !== k) return;
  const body = await r.json();
  if (!drawing) drawing = new TrainDrawing($("train"));
  drawing.render(body.view);
  $("train-text").replaceChildren(...banditSentences(body.view).map((s) => h("p", {}, s)));
  $("step-events").replaceChildren(...body.events.map((t) => h("li", {}, t)));
  document.body.dataset.step = String(k);
}

function finalView(view, log) {
  $("log").replaceChildren(...log.map((t) => h("li", {}, typeof t === "string" ? t : t.text)));
  if (view.result) {
    $("scores").replaceChildren(
      h("h3", {}, "Final scores"),
      h("table", { class: "scores-table" },
        h("thead", {}, h("tr", {}, ["Seat", "Bandits", "Loot", "Gunslinger", "Total", "Bullets received", ""].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, scoreRows(view).map((r) =>
          h("tr", { class: r.winner ? "winner" : "" }, h("td", {}, String(r.seat)), h("th", { scope: "row" }, r.bandits),
            h("td", {}, `$${r.loot}`), h("td", {}, r.gunslinger ? "$1000" : "—"), h("td", {}, `$${r.total}`),
            h("td", {}, String(r.received)), h("td", {}, r.winner ? "Winner" : ""))))));
  }
}

function narration() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello" })));
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "welcome") {
      finalView(msg.view, msg.log || []);
      document.body.dataset.narration = "1";
      ws.close(1000);
    }
  });
}

async function main() {
  $("title").textContent = `Replay of table ${table}`;
  $("download").href = `/api/tables/${encodeURIComponent(table)}/record`;
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/record`);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("status").textContent = `No record: ${body.message || r.status}`;
    return;
  }
  actions = body.actions || [];
  const o = body.options || {};
  const pairs = [
    ["Players", o.players],
    ["Characters", o.characters ? o.characters.join(", ") : "drawn from the seed"],
    ["Advanced rules", `${o.powers ? "powers" : "no powers"}, ${o.events ? "events" : "no events"}`],
    ["Round deck", (o.round_deck ?? (o.events ? "station" : "first-game")) === "station"
      ? "4 round cards on a train station" : "5 round cards"],
    ["Variants", [o.two_bandits && "2 bandits per player", o.expert && "Expert Variant", o.mei && "Mei"].filter(Boolean).join(", ") || "none"],
    ["Edition", o.edition],
    ["Seed", body.seed],
    ["Rules version", body.rules_version],
    ["Moves", actions.length],
  ];
  $("summary").replaceChildren(...pairs.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]));
  $("actions").replaceChildren(...actions.map((a) => h("li", {}, h("code", {}, a), ` — ${safeLabel(a)}`)));
  $("status").textContent = `${actions.length} moves recorded.`;
  document.body.dataset.ready = "1";
  step(actions.length);
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(at - 1));
  $("next").addEventListener("click", () => step(at + 1));
  $("last").addEventListener("click", () => step(actions.length));
  document.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: actions.length };
    if (e.key in keys && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      step(keys[e.key]);
    }
  });
  narration();
}

main();
