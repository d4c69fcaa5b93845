// The lobby: tables (GET /api/tables, in pages: the live ones with "More tables", then the
// finished ones), each with the server's notes on how it is played, and a form to create one
// (POST /api/tables). The game is chosen first (the server writes the games, their presets
// with the player counts each allows, and bot levels into the page: GET /api/games), then
// its rules, players and turn clock; a chosen deal only for one player against bots. The
// host sits at the seat they pick: the host token and the other seats' invite links are kept
// in this browser's localStorage, and the host goes straight to the table, where the links
// are shown with Copy buttons, and who has arrived, until the game starts.

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const GAMES = JSON.parse($("games").textContent);
const LEVEL_NAMES = { human: "A player", easy: "Bot: easy", medium: "Bot: medium", hard: "Bot: hard" };
const MAX_NAME = 24;

const gameOf = (name) => GAMES.find((g) => g.game === name) || GAMES[0];
const chosen = () => gameOf($("game").value);
const presetOf = (game, slug) => game.presets.find((p) => p.preset === slug);

/** The game's presets, keeping the one chosen where the game has it; then its counts. */
function fillGame() {
  const game = chosen();
  const preset = $("preset").value;
  const has = presetOf(game, preset) ? preset : game.default_preset;
  // the short name in the select (a phone shows a select's first words only), the rules
  // in a sentence under the form
  $("preset").replaceChildren(...game.presets.map((p) => h("option", { value: p.preset, selected: p.preset === has }, p.name ?? p.text)));
  fillPlayers();
}

/** The player counts the chosen rules allow (the server lists them for each preset, from
 * the engine's own checks), keeping the count chosen where they allow it. */
function fillPlayers() {
  const preset = presetOf(chosen(), $("preset").value);
  $("preset-about").textContent = `${preset.name ?? preset.text}: ${preset.about ?? preset.text}`;
  const players = Number($("players").value);
  const keep = preset.players.includes(players) ? players : preset.default_players;
  $("players").replaceChildren(...preset.players.map((n) => h("option", { value: n, selected: n === keep }, String(n))));
  seatRows();
}

function seatRows() {
  const n = Number($("players").value);
  const old = [...document.querySelectorAll("#seats .seat-row")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input[type=text]").value,
    host: row.querySelector("input[type=radio]").checked,
  }));
  const rows = Array.from({ length: n }, (_, i) => {
    const was = old[i] ?? { kind: i === 0 ? "human" : "medium", name: "", host: i === 0 };
    const levels = ["human", ...chosen().levels];
    const kind = h("select", { "data-seat": i, "aria-label": `Player ${i + 1}: who plays` },
      levels.map((v) => h("option", { value: v, selected: was.kind === v }, LEVEL_NAMES[v] || `Bot: ${v}`)));
    const name = h("input", {
      type: "text", maxlength: MAX_NAME, value: was.name, placeholder: "name (optional)",
      "data-seat": i, "aria-label": `Player ${i + 1}: name`, autocomplete: "off",
    });
    const host = h("input", { type: "radio", name: "host", value: i, checked: was.host });
    const role = i === 0 ? presetOf(chosen(), $("preset").value)?.first_seat : null; // Marshal
    const row = h("div", { class: "seat-row" },
      h("strong", {}, `Player ${i + 1}`, role ? h("span", { class: "seat-role" }, ` (${role})`) : ""), kind, name,
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
  practice();
}

/** A chosen deal shows every hidden card to whoever knows it: only for one player against bots. */
function practice() {
  const people = [...document.querySelectorAll("#seats .seat-row select")].filter((s) => s.value === "human");
  $("seed").disabled = people.length > 1;
}

// a table's rules by their short name: its own player count stands beside them
const presetName = (game, slug) => { const p = presetOf(gameOf(game), slug); return p ? p.name ?? p.text : slug; };

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
  const body = { game: $("game").value, players: Number($("players").value), preset: $("preset").value, bots, names };
  if (hostSeat !== null) body.host_seat = hostSeat;
  if ($("seed").value && !$("seed").disabled) body.seed = Number($("seed").value);
  // the standard clock is the server's default (a clock where several people play); any
  // other choice is sent, Off as 0
  if ($("clock").value !== "standard") body.clock = Number($("clock").value);
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

/** When a table was created, in words ("created 5 min ago"). */
function since(created) {
  const minutes = Math.max(0, Math.round((Date.now() / 1000 - created) / 60));
  if (minutes < 1) return "created just now";
  if (minutes < 60) return `created ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `created ${hours} h ago` : `created ${Math.round(hours / 24)} days ago`;
}

function entry(t) {
  const id = encodeURIComponent(t.table);
  const links = [h("a", { href: `/t/${id}` }, t.status === "over" ? "Final table" : "Watch")];
  if (t.status === "over") links.push(" · ", h("a", { href: `/replay/${id}` }, "Replay"));
  const who = t.names.length ? `Players: ${t.names.join(", ")}.` : "";
  const status = { open: "Waiting for the start", playing: "Playing", over: "Finished" }[t.status] ?? t.status;
  return h("li", { "data-table": t.table },
    h("p", {}, h("span", { class: "status" }, status), ` · ${t.title || "Colt Express"} · ${t.players} players · ${presetName(t.game, t.preset)} · ${since(t.created)}`),
    h("p", { class: "small" }, `${t.seats_claimed} of ${t.seats_human} player seats taken. ${t.host ? `Host: ${t.host}. ` : ""}${who}`),
    (t.notes || []).map((note) => h("p", { class: "small note" }, note)),
    h("p", {}, links));
}

/** The live tables come a page at a time: `pages` is how many are shown ("More tables" adds
 * one); a refresh reads them again. The finished list is the 20 most recent games. */
let pages = 1;

async function liveTables() {
  const tables = [];
  let next = null;
  for (let page = 1; page <= pages; page += 1) {
    const answer = await api(`/api/tables?list=live&page=${page}`);
    tables.push(...answer.tables);
    next = answer.next_page;
    if (!next) break;
  }
  // pages may overlap as tables come and go: each table once
  return { tables: [...new Map(tables.map((t) => [t.table, t])).values()], next };
}

async function refresh() {
  try {
    const { tables, next } = await liveTables();
    $("tables").replaceChildren(...(tables.length ? tables.map(entry) : [h("li", {}, "No table is open: create one.")]));
    $("more").hidden = !next;
  } catch (err) {
    $("tables").replaceChildren(h("li", {}, `Could not list the tables: ${err.message}`));
  }
  try {
    const over = (await api("/api/tables?list=finished&per_page=20")).tables;
    $("finished").replaceChildren(...(over.length ? over.map(entry) : [h("li", {}, "No finished game yet.")]));
  } catch (err) {
    $("finished").replaceChildren(h("li", {}, `Could not list the finished games: ${err.message}`));
  }
}

async function more() {
  let answer;
  try {
    answer = await api(`/api/tables?list=live&page=${pages + 1}`);
  } catch (err) {
    $("tables").append(h("li", {}, `Could not list more tables: ${err.message}`));
    return;
  }
  pages += 1;
  const shown = new Set([...$("tables").children].map((li) => li.dataset.table));
  const added = answer.tables.filter((t) => !shown.has(t.table)).map(entry);
  $("tables").append(...added);
  $("more").hidden = !answer.next_page;
  if (!answer.next_page) added[0]?.querySelector("a")?.focus(); // the button is gone: go on from the first new table
}

$("game").replaceChildren(...GAMES.map((g) => h("option", { value: g.game }, g.title)));
$("game").addEventListener("change", fillGame);
$("players").addEventListener("change", seatRows);
$("preset").addEventListener("change", fillPlayers);
$("create").addEventListener("submit", create);
$("seats").addEventListener("change", practice);
$("refresh").addEventListener("click", refresh);
$("more").addEventListener("click", more);
fillGame();
refresh();
setInterval(refresh, 10000);
