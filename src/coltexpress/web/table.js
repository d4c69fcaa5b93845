// The table page: one WebSocket to /ws/{table} (docs/protocol.md), the view drawn as the
// server sends it. The browser decides no rule: the choices are view.legal, sent back as
// notation with the version they were seen at.

import { h } from "./dom.js";
import {
  banditSentences,
  banditWhere,
  cap,
  cardLabel,
  colour,
  lootSummary,
  optionLabel,
  scoreRows,
  situation,
  TURN_NAMES,
} from "./labels.js";
import { TrainDrawing } from "./train.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.hash.replace(/^#/, ""));

const state = {
  token: params.get("token") || null,
  seat: null,
  version: -1,
  view: null,
  status: null,
  log: [],
  ws: null,
  attempt: 0,
  waiting: null, // id of the act we sent and wait for
  ackVersion: null, // the version our accepted act made, until its update arrives
  nextId: 1,
  closedForGood: false,
  seats: null, // from the welcome: [{seat, kind, state}]
  welcomes: 0,
  pingTimer: null,
};
window.colt = state; // for debugging and tests

let drawing = null;

const titleCase = (name) => name.split("-").map(cap).join(" ");

function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  const v = state.view;
  const names = v ? v.players[seat].bandits.map(cap).join(" & ") : "";
  const you = seat === state.seat ? "you" : `seat ${seat}`;
  return names ? `${names} (${you})` : you;
}

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => {
    t.hidden = true;
  }, 6000);
}

function setConn(text, cls) {
  const c = $("conn");
  c.textContent = text;
  c.className = `conn ${cls}`;
}

// -- connection -------------------------------------------------------------------------

function connect() {
  if (state.closedForGood) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
  state.ws = ws;
  setConn(state.attempt ? `reconnecting (attempt ${state.attempt})` : "connecting", "wait");
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify(state.token ? { type: "hello", token: state.token } : { type: "hello" }));
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    handle(msg);
  });
  ws.addEventListener("close", (e) => {
    clearInterval(state.pingTimer);
    if (state.ws !== ws) return;
    state.ws = null;
    state.waiting = null;
    renderChoices();
    if (e.code === 4401) {
      toast("This seat's invitation link is not valid: watching as a spectator.");
      state.token = null;
      sessionStorage.removeItem(`colt-token-${table}`);
      history.replaceState(null, "", location.pathname);
    } else if (e.code === 4404 || e.code === 1008) {
      setConn(`closed: ${e.reason || "unknown table"}`, "bad");
      state.closedForGood = true;
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** state.attempt) * (0.75 + Math.random() / 2);
    state.attempt += 1;
    setConn(`disconnected; retrying in ${Math.round(delay / 1000)} s`, "bad");
    setTimeout(connect, delay);
  });
}

function send(msg) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function act(action) {
  if (state.waiting !== null || !state.view || !(state.view.legal || []).includes(action)) return;
  const id = state.nextId++;
  if (send({ type: "act", action, version: state.version, id })) {
    state.waiting = id;
    renderChoices();
  }
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      state.welcomes += 1;
      state.seats = msg.seats || null;
      state.attempt = 0;
      state.seat = msg.seat ?? null;
      state.status = msg.status ?? state.status;
      state.version = msg.version;
      state.log = (msg.log || []).map((t) => (typeof t === "string" ? t : t.text));
      state.waiting = null;
      state.ackVersion = null;
      setConn("connected", "ok");
      clearInterval(state.pingTimer);
      state.pingTimer = setInterval(() => send({ type: "ping" }), 25000);
      show(msg.view);
      break;
    case "update": {
      if (msg.version < state.version) break; // an old message after a sync
      const gap = state.version >= 0 && msg.version > state.version + 1;
      state.version = msg.version;
      // updates only come from a running table
      state.status = msg.status ?? (state.status === "open" ? "playing" : state.status);
      for (const ev of msg.events || []) state.log.push(typeof ev === "string" ? ev : ev.text);
      if (state.ackVersion === null || msg.version >= state.ackVersion) {
        state.waiting = null;
        state.ackVersion = null;
      }
      show(msg.view);
      if (gap) send({ type: "sync", version: state.version });
      break;
    }
    case "ack":
      if (msg.id === state.waiting) {
        if (msg.version > state.version) state.ackVersion = msg.version; // update on its way
        else state.waiting = null;
      }
      renderChoices();
      break;
    case "error":
      if (msg.id === undefined || msg.id === null || msg.id === state.waiting) {
        state.waiting = null;
        state.ackVersion = null;
      }
      if (msg.code === "stale") {
        send({ type: "sync", version: state.version });
      } else {
        toast(`${msg.code}: ${msg.message}`);
      }
      renderChoices();
      break;
    case "seat":
      for (const s of state.seats || []) if (s.seat === msg.seat) s.state = msg.state;
      if (state.view) renderPlayers();
      state.log.push(
        `Seat ${msg.seat} is ${msg.state === "bot" ? "now played by a bot" : "back in human hands"}.`
      );
      renderLog();
      break;
    case "pong":
    default:
      break;
  }
}

// -- drawing ----------------------------------------------------------------------------

function show(view) {
  if (!view) return;
  state.view = view;
  if (view.result) state.status = "over";
  else if (state.status === "open" && state.version > 0) state.status = "playing";
  document.body.dataset.status = state.status || "";
  document.body.dataset.version = String(state.version);
  renderWho();
  renderRound();
  drawing.render(view);
  const said = banditSentences(view);
  const before = new Set(state.said || []);
  const changes = state.said ? said.filter((t) => !before.has(t)) : [];
  state.said = said;
  if (changes.length) $("train-changes").textContent = changes.join(" ");
  $("train-text").replaceChildren(
    ...banditSentences(view).map((s) => h("p", {}, s)),
    ...view.spaces
      .filter((s) => s.loot.length)
      .map((s) => h("p", {}, `${s.roof ? "On the roof of" : "Inside"} ${s.car === 0 ? "the locomotive" : `car ${s.car}`}: ${lootSummary(s.loot, false)}.`))
  );
  renderChoices();
  renderHand();
  renderPile();
  renderPlayers();
  renderLog();
}

function renderWho() {
  const v = state.view;
  const who =
    state.seat === null
      ? `Table ${table}: watching as a spectator`
      : `Table ${table}: you are seat ${state.seat}, ${v.players[state.seat].bandits.map(cap).join(" & ")}`;
  $("who").textContent = who;
  document.title = `Colt Express — ${who}`;
}

function renderRound() {
  const v = state.view;
  const card = v.round_card;
  const box = $("round-card");
  if (!card) {
    box.replaceChildren(h("p", {}, "No round card yet."));
  } else {
    const turns = card.turns.map((t, i) =>
      h(
        "li",
        {
          class: `turn turn-${t}${v.turn === i ? " current" : ""}${v.turn !== null && i < v.turn ? " done" : ""}`,
          title: TURN_NAMES[t] ?? t,
          "aria-current": v.turn === i ? "step" : false,
        },
        h("span", { class: "sr" }, `turn ${i + 1}: `),
        t
      )
    );
    box.replaceChildren(
      h("p", { class: "card-name" }, `Round ${v.round} of ${v.rounds}: ${titleCase(card.name)}`, card.station ? " (station)" : ""),
      h("ol", { class: "turns", "aria-label": "turns of this round" }, turns),
      h("p", { class: "event" }, card.event ? `Event: ${titleCase(card.event)}` : "No event"),
      h("p", { class: "small" }, `Round cards left: ${v.round_deck_size}. First player: ${seatName(v.first_player)}. Neutral bullets: ${v.neutral_bullets}.`)
    );
  }
  $("situation").textContent = situation(v, seatName);
  const host = localStorage.getItem(`colt-host-${table}`);
  $("host-start").hidden = !(state.status === "open" && host);
}

function renderChoices() {
  const v = state.view;
  const list = $("legal");
  const prompt = $("prompt");
  if (!v) return;
  const legal = v.legal || [];
  const busy = state.waiting !== null || !state.ws;
  if (state.status === "open") prompt.textContent = "The host has not started the game yet.";
  else if (v.result) prompt.textContent = "The game is over.";
  else if (state.seat === null) prompt.textContent = `Spectating. ${seatName(v.actor)} to decide: ${v.decision}.`;
  else if (legal.length) prompt.textContent = busy ? "Sending…" : `Your turn to decide: ${v.decision}${v.actor_bandit ? ` for ${cap(v.actor_bandit)}` : ""}.`;
  else prompt.textContent = `Waiting for ${seatName(v.actor)} (${v.decision}).`;
  const inList = document.activeElement && list.contains(document.activeElement);
  const focused = inList ? document.activeElement.dataset.action : null;
  const wasIdle = inList || document.activeElement === document.body || !document.activeElement;
  const items = legal.map((action, i) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "choice",
          "data-action": action,
          disabled: busy,
          "aria-keyshortcuts": i < 9 ? String(i + 1) : false,
          onclick: () => act(action),
        },
        i < 9 ? h("kbd", { "aria-hidden": "true" }, String(i + 1)) : "",
        h("span", { class: "label" }, optionLabel(action, v)),
        h("code", { class: "notation" }, action)
      )
    )
  );
  list.replaceChildren(...items);
  const again = focused && list.querySelector(`[data-action="${CSS.escape(focused)}"]`);
  if (again) again.focus();
  else if (wasIdle && !busy && items.length) {
    // a keyboard player's focus follows the choices from one decision to the next
    list.querySelector("button.choice")?.focus({ preventScroll: true });
  }
  renderHand();
}

function renderHand() {
  const v = state.view;
  const box = $("hand");
  if (!v) return;
  if (state.seat === null) {
    box.replaceChildren(h("p", {}, "A spectator sees no hand."));
    $("kept").replaceChildren();
    return;
  }
  const legal = new Set(v.legal || []);
  const busy = state.waiting !== null || !state.ws;
  const hand = v.hand || [];
  box.replaceChildren(
    ...(hand.length
      ? hand.map((card) => {
          const action = `play ${card}`;
          const ok = legal.has(action) && !busy;
          return h(
            "button",
            {
              type: "button",
              class: `card face card-${card.split("@")[0]}`,
              disabled: !ok,
              "data-card": card,
              title: ok ? `Play ${cardLabel(card)}` : cardLabel(card),
              onclick: () => act(action),
            },
            cardLabel(card)
          );
        })
      : [h("p", {}, "Your hand is empty.")])
  );
  const kept = v.kept || [];
  $("kept").replaceChildren(
    ...(kept.length ? [h("p", {}, "Kept for next round: "), ...kept.map((c) => h("span", { class: "card face" }, cardLabel(c)))] : [])
  );
}

function renderPile() {
  const v = state.view;
  $("pile").replaceChildren(
    ...(v.pile.length
      ? v.pile.map((c, i) => {
          const current = v.resolving === i;
          const text = c.card ? cardLabel(c.card) : "face down";
          return h(
            "li",
            {
              class: `card ${c.card ? "face" : "back"}${c.resolved ? " resolved" : ""}${current ? " current" : ""}`,
              style: `--owner:${colour(c.bandit)}`,
              "aria-current": current ? "step" : false,
            },
            h("span", { class: "owner" }, cap(c.bandit)),
            h("span", { class: "what" }, text + (c.down && c.card ? " (face down)" : "")),
            c.resolved ? h("span", { class: "sr" }, " (resolved)") : ""
          );
        })
      : [h("li", { class: "empty" }, "No card played yet this round.")])
  );
}

function bulletsPips(n, total = 6) {
  return h("span", { class: "pips", "aria-label": `${n} bullets left` },
    ...Array.from({ length: total }, (_, i) => h("span", { class: i < n ? "pip on" : "pip", "aria-hidden": "true" })),
    h("span", { class: "num" }, String(n)));
}

function botSeat(seat) {
  const s = (state.seats || []).find((x) => x.seat === seat);
  return Boolean(s && s.state === "bot");
}

function renderPlayers() {
  const v = state.view;
  const rows = [];
  for (const p of v.players) {
    for (const b of v.bandits.filter((x) => x.seat === p.seat)) {
      const mine = p.seat === state.seat;
      rows.push(
        h(
          "tr",
          { class: `${mine ? "mine" : ""}${v.actor === p.seat && !v.result ? " acting" : ""}` },
          h("td", {}, `${p.seat}${mine ? " (you)" : botSeat(p.seat) ? " (bot)" : ""}`),
          h("th", { scope: "row" }, h("span", { class: "dot", style: `background:${colour(b.character)}`, "aria-hidden": "true" }), cap(b.character)),
          h("td", {}, banditWhere(b, v.cars)),
          h("td", {}, lootSummary(b.loot, mine || b.loot.some((t) => "value" in t))),
          h("td", {}, bulletsPips(b.bullets_left)),
          h("td", {}, String(b.bullets_received)),
          h("td", {}, `${p.hand_size} in hand, ${p.deck_size} in deck`)
        )
      );
    }
  }
  $("players").tBodies[0].replaceChildren(...rows);
  const scores = $("scores");
  if (v.result) {
    scores.hidden = false;
    scores.replaceChildren(
      h("h3", {}, "Final scores"),
      h(
        "table",
        { class: "scores-table" },
        h("thead", {}, h("tr", {}, ["Seat", "Bandits", "Loot", "Gunslinger", "Total", "Bullets received", ""].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, scoreRows(v).map((r) =>
          h("tr", { class: r.winner ? "winner" : "" },
            h("td", {}, String(r.seat)), h("th", { scope: "row" }, r.bandits), h("td", {}, `$${r.loot}`),
            h("td", {}, r.gunslinger ? "$1000" : "—"), h("td", {}, `$${r.total}`), h("td", {}, String(r.received)),
            h("td", {}, r.winner ? "Winner" : ""))))
      ),
      h("p", {}, h("a", { href: `/replay/${encodeURIComponent(table)}` }, "Replay this game"))
    );
  } else {
    scores.hidden = true;
  }
}

function renderLog() {
  const list = $("log");
  const have = list.children.length;
  if (have > state.log.length) list.replaceChildren();
  for (let i = list.children.length; i < state.log.length; i += 1) {
    list.append(h("li", {}, state.log[i]));
  }
  list.scrollTop = list.scrollHeight;
}

// -- keyboard and start -----------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  if (/^[1-9]$/.test(e.key)) {
    const buttons = $("legal").querySelectorAll("button.choice");
    const b = buttons[Number(e.key) - 1];
    if (b && !b.disabled) {
      e.preventDefault();
      b.click();
    }
  }
});

async function startGame() {
  const host = localStorage.getItem(`colt-host-${table}`);
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/start`, {
    method: "POST",
    headers: { Authorization: `Bearer ${host}` },
  });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    toast(`Cannot start: ${body.message || r.status}`);
  } else {
    state.status = "playing";
    send({ type: "sync", version: state.version });
  }
}

function main() {
  drawing = new TrainDrawing($("train"));
  $("start-btn").addEventListener("click", startGame);
  // The token is in the fragment so that it never reaches the server's logs. It stays there
  // (the link is the seat's key, to bookmark or open elsewhere) and is also kept for this tab,
  // so that "/t/{table}#seat=N" alone finds it again.
  const key = `colt-token-${table}`;
  if (state.token) sessionStorage.setItem(key, state.token);
  else state.token = sessionStorage.getItem(key) && params.has("seat") ? sessionStorage.getItem(key) : null;
  connect();
}

main();
