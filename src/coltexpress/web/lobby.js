// The lobby: open tables (GET /api/tables) and a form to create one (POST /api/tables).
// The invite links and the host token are shown once; the host token is kept in this
// browser's localStorage so that the host can start the table from here or from the table.

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const LEVELS = [
  ["human", "Human (invite link)"],
  ["easy", "Bot: easy"],
  ["medium", "Bot: medium"],
  ["hard", "Bot: hard"],
];

function seatRows() {
  const n = Number($("players").value);
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("seats").replaceChildren(
    ...Array.from({ length: n }, (_, i) =>
      h("label", {}, `Seat ${i}`,
        h("select", { name: `seat-${i}`, "data-seat": i },
          LEVELS.map(([v, t]) => h("option", { value: v, selected: (old[i] ?? (i === 0 ? "human" : "medium")) === v }, t))))
    )
  );
}

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
  for (const s of document.querySelectorAll("#seats select")) {
    if (s.value !== "human") bots[s.dataset.seat] = s.value;
  }
  const body = { players: Number($("players").value), preset: $("preset").value, bots };
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
  showCreated(answer);
  refresh();
}

function showCreated(answer) {
  const base = location.origin;
  const items = answer.seats.map((s) =>
    s.kind === "human"
      ? h("li", {}, h("label", {}, `Seat ${s.seat} invite: `,
          h("input", { readonly: true, value: base + s.invite, class: "invite", "data-seat": s.seat, onfocus: (e) => e.target.select() })),
          " ", h("a", { href: s.invite, target: "_blank", rel: "noopener" }, "open"))
      : h("li", {}, `Seat ${s.seat}: bot (${s.level})`)
  );
  const start = h("button", { type: "button", class: "primary", id: "start" }, "Start the game");
  const status = h("p", { role: "status" });
  start.addEventListener("click", async () => {
    start.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(answer.table)}/start`, {
        method: "POST",
        headers: { Authorization: `Bearer ${answer.host_token}` },
      });
      status.textContent = "The game has started.";
      refresh();
    } catch (err) {
      status.textContent = `Could not start: ${err.message}`;
      start.disabled = false;
    }
  });
  $("created").replaceChildren(
    h("h3", {}, `Table ${answer.table} created`),
    h("p", {}, "Send each player their own link (shown only once; the token is the seat's key). Humans who have not joined when you start are played by bots until they do."),
    h("ul", { class: "invites" }, items),
    h("p", {}, "Watch as a spectator: ", h("a", { href: `/t/${answer.table}` }, `${base}/t/${answer.table}`)),
    start,
    status
  );
}

async function refresh() {
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (err) {
    $("tables").replaceChildren(h("tr", {}, h("td", { colspan: 6 }, `Could not list tables: ${err.message}`)));
    return;
  }
  if (!tables.length) {
    $("tables").replaceChildren(h("tr", {}, h("td", { colspan: 6 }, "No tables yet: create one.")));
    return;
  }
  $("tables").replaceChildren(
    ...tables.map((t) => {
      const links = [h("a", { href: `/t/${encodeURIComponent(t.table)}` }, t.status === "over" ? "final table" : "watch")];
      if (t.status === "over") links.push(" · ", h("a", { href: `/replay/${encodeURIComponent(t.table)}` }, "replay"));
      return h("tr", { "data-table": t.table },
        h("td", {}, t.table), h("td", {}, String(t.players)), h("td", {}, t.preset),
        h("td", {}, t.status), h("td", {}, `${t.seats_claimed} of ${t.seats_human}`), h("td", {}, links));
    })
  );
}

$("players").addEventListener("change", seatRows);
$("create").addEventListener("submit", create);
$("refresh").addEventListener("click", refresh);
seatRows();
refresh();
setInterval(refresh, 10000);
