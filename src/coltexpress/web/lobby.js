// The lobby: tables (GET /api/tables) and a form to create one (POST /api/tables). The host
// sits at the seat they pick: the host token and the other seats' invite links are kept in
// this browser's localStorage, and the host goes straight to the table, where the links are
// shown with Copy buttons until the game starts.

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const LEVELS = [
  ["human", "A player"],
  ["easy", "Bot: easy"],
  ["medium", "Bot: medium"],
  ["hard", "Bot: hard"],
];
const MAX_NAME = 24;
const MARSHAL_PRESETS = ["marshal-prisoners", "both-expansions"]; // Player 1 plays the Marshal

function seatRows() {
  const n = Number($("players").value);
  const old = [...document.querySelectorAll("#seats .seat-row")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input[type=text]").value,
    host: row.querySelector("input[type=radio]").checked,
  }));
  const rows = Array.from({ length: n }, (_, i) => {
    const was = old[i] ?? { kind: i === 0 ? "human" : "medium", name: "", host: i === 0 };
    const kind = h("select", { "data-seat": i, "aria-label": `Player ${i + 1}: who plays` },
      LEVELS.map(([v, t]) => h("option", { value: v, selected: was.kind === v }, t)));
    const name = h("input", {
      type: "text", maxlength: MAX_NAME, value: was.name, placeholder: "name (optional)",
      "data-seat": i, "aria-label": `Player ${i + 1}: name`, autocomplete: "off",
    });
    const host = h("input", { type: "radio", name: "host", value: i, checked: was.host });
    const marshal = i === 0 && MARSHAL_PRESETS.includes($("preset").value);
    const row = h("div", { class: "seat-row" },
      h("strong", {}, `Player ${i + 1}`, marshal ? h("span", { class: "seat-role" }, " (the Marshal)") : ""), kind, name,
      h("label", { class: "host-pick" }, host, "I sit here"));
    const sync = () => {
      const bot = kind.value !== "human";
      name.disabled = bot;
      host.disabled = bot;
      if (bot && host.checked) host.checked = false;
    };
    kind.addEventListener("change", sync);
    sync();
    return row;
  });
  const watchOnly = h("input", { type: "radio", name: "host", value: "none", checked: old.length > 0 && !old.some((o) => o.host) });
  $("seats").replaceChildren(...rows, h("label", { class: "host-pick" }, watchOnly, "I do not play: I only watch and start the game"));
}

const presetName = (slug) => [...$("preset").options].find((o) => o.value === slug)?.textContent ?? slug;

async function api(path, options = {}) {
  const r = await fetch(path, options);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || `${r.status} ${r.statusText}`);
  return body;
}

async function create(e) {
  e.preventDefault();
  $("create-error").textContent = "";
  const bots = {};
  const names = {};
  let hostSeat = null;
  for (const row of document.querySelectorAll("#seats .seat-row")) {
    const seat = row.querySelector("select").dataset.seat;
    const kind = row.querySelector("select").value;
    if (kind !== "human") bots[seat] = kind;
    else if (row.querySelector("input[type=text]").value.trim()) names[seat] = row.querySelector("input[type=text]").value;
    if (row.querySelector("input[type=radio]").checked) hostSeat = Number(seat);
  }
  const body = { players: Number($("players").value), preset: $("preset").value, bots, names };
  if (hostSeat !== null) body.host_seat = hostSeat;
  if ($("seed").value) body.seed = Number($("seed").value);
  let answer;
  try {
    answer = await api("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    $("create-error").textContent = `Could not create the table: ${err.message}`;
    return;
  }
  localStorage.setItem(`colt-host-${answer.table}`, answer.host_token);
  const humans = answer.seats.filter((s) => s.kind === "human");
  localStorage.setItem(`colt-invites-${answer.table}`, JSON.stringify(humans));
  const mine = humans.find((s) => s.seat === answer.host_seat);
  location.assign(mine ? mine.invite : `/t/${encodeURIComponent(answer.table)}`);
}

function entry(t) {
  const id = encodeURIComponent(t.table);
  const links = [h("a", { href: `/t/${id}` }, t.status === "over" ? "Final table" : "Watch")];
  if (t.status === "over") links.push(" · ", h("a", { href: `/replay/${id}` }, "Replay"));
  const who = t.names.length ? `Players: ${t.names.join(", ")}.` : "";
  const status = { open: "Waiting for the start", playing: "Playing", over: "Finished" }[t.status] ?? t.status;
  return h("li", { "data-table": t.table },
    h("p", {}, h("span", { class: "status" }, status), ` · table ${t.table} · ${t.players} players · ${presetName(t.preset)}`),
    h("p", { class: "small" }, `${t.seats_claimed} of ${t.seats_human} player seats taken. ${t.host ? `Host: ${t.host}. ` : ""}${who}`),
    h("p", {}, links));
}

async function refresh() {
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (err) {
    $("tables").replaceChildren(h("li", {}, `Could not list the tables: ${err.message}`));
    return;
  }
  const live = tables.filter((t) => t.status !== "over");
  const over = tables.filter((t) => t.status === "over");
  $("tables").replaceChildren(...(live.length ? live.map(entry) : [h("li", {}, "No table is open: create one.")]));
  $("finished").replaceChildren(...(over.length ? over.map(entry) : [h("li", {}, "No finished game yet.")]));
}

$("players").addEventListener("change", seatRows);
$("preset").addEventListener("change", seatRows);
$("create").addEventListener("submit", create);
$("refresh").addEventListener("click", refresh);
seatRows();
refresh();
setInterval(refresh, 10000);
