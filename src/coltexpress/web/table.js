// The table page: one WebSocket to /ws/{table} (docs/protocol.md), each update played as
// the moments of its move (playback.js), drawn from the view and the server's words for it
// by the front of the table's game (fronts.js: colt.js, super.js). The browser decides no
// rule and words none: the choices are the captions' choices, sent back as notation with
// the version they were seen at.

import { TurnClock } from "./clock.js";
import { capital, copyItem, h } from "./dom.js";
import { frontOf, showGame } from "./fronts.js";
import { renderChoices, playerLabel } from "./panels.js";
import { wholeMoments } from "./patch.js";
import { framesOf, Playback } from "./playback.js";
import { loadRules } from "./rules.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.hash.replace(/^#/, ""));
const hostToken = () => localStorage.getItem(`colt-host-${table}`);
// A seat's own secret (the first welcome of its invite carries it): kept in this browser by
// table and seat, it opens the seat on every reload; the invite is refused once claimed.
const secretKey = (seat) => `colt-secret-${table}-${seat}`;

const state = {
  token: params.get("token") || null,
  seat: null,
  version: -1, // the newest version received
  shown: -1, // the version of the view on screen (older while a move plays)
  view: null,
  captions: null,
  frame: null,
  status: null,
  seats: null,
  host: null,
  ws: null,
  attempt: 0,
  waiting: null, // id of the act we sent and wait for
  ackVersion: null,
  nextId: 1,
  closedForGood: false,
  welcomes: 0,
  pingTimer: null,
  pile: [], // the pile as last seen, for its last cards once it is gathered up
  said: null,
  seen: null, // the newest moment received ({view, captions}): the next update's patches apply to it
  choicesShownFor: null, // the version whose choices were last brought into view
  game: null, // the table's game (welcome.game) and its title
  title: "Colt Express",
};
window.colt = state; // for debugging and tests

let drawing = null;
let front = frontOf(null);
const turnClock = new TurnClock(state);
const playback = new Playback(showFrame, () => {
  $("faster").disabled = true;
  document.body.dataset.playing = "0";
  renderTurn();
});

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

function log(texts) {
  const list = $("log");
  for (const t of texts) list.append(h("li", {}, t));
  list.scrollTop = list.scrollHeight;
}

// -- connection -------------------------------------------------------------------------

function connect() {
  if (state.closedForGood) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
  state.ws = ws;
  setConn(state.attempt ? `reconnecting (attempt ${state.attempt})` : "connecting", "wait");
  ws.addEventListener("open", () => {
    // patch: each moment of an update as the change from the one before (patch.js)
    const hello = { type: "hello", patch: true };
    if (state.token) hello.token = state.token;
    ws.send(JSON.stringify(hello));
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
    renderTurn();
    if (e.code === 4401 || e.code === 4409) {
      toast(e.code === 4409 && e.reason ? `${e.reason} Watching as a spectator.` : "This seat's invitation link is not valid: watching as a spectator.");
      if (params.has("seat")) localStorage.removeItem(secretKey(params.get("seat")));
      state.token = null;
      sessionStorage.removeItem(`colt-token-${table}`);
      history.replaceState(null, "", location.pathname);
    } else if (e.code === 4430) {
      // too many sockets from this address: said, then tried again later like any drop
      toast(`The server refused the connection: ${e.reason || "too many connections from your address"}. Close other tabs of this table; the page tries again.`);
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

function canAct() {
  return (
    state.status === "playing" &&
    state.waiting === null &&
    state.ws !== null &&
    !playback.busy &&
    state.shown === state.version &&
    Boolean(state.view && (state.view.legal || []).length)
  );
}

function act(action) {
  if (!action || !canAct() || !state.view.legal.includes(action)) return;
  const id = state.nextId++;
  if (send({ type: "act", action, version: state.shown, id })) {
    state.waiting = id;
    renderTurn();
  }
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      setGame(msg.game || "colt-express", msg.title || "Colt Express");
      state.welcomes += 1;
      state.seats = msg.seats || null;
      state.host = msg.host ?? null;
      state.attempt = 0;
      state.seat = msg.seat ?? null;
      // a seat's welcome carries its secret once, when the invite claims it; without one the
      // token said hello with was the secret itself (a reload, another device's link)
      if (state.seat !== null && (msg.secret || state.token)) keepSecret(state.seat, msg.secret || state.token);
      showDevices();
      state.version = msg.version;
      state.seen = { view: msg.view, captions: msg.captions };
      state.waiting = null;
      state.ackVersion = null;
      setConn("connected", "ok");
      clearInterval(state.pingTimer);
      state.pingTimer = setInterval(() => send({ type: "ping" }), 25000);
      playback.clear();
      $("log").replaceChildren();
      log(msg.log || []);
      if (msg.away) showAway(msg.away);
      showNotes(msg.notes || []);
      playback.push([{ kind: "welcome", view: msg.view, captions: msg.captions, card: null, events: [], final: true, version: msg.version, status: msg.status }]);
      turnClock.set(msg.clock, msg.version);
      break;
    case "update": {
      if (msg.version < state.version) break; // an old message after a sync
      // patches apply to the version before theirs only (one already had comes after a sync)
      if (msg.change !== undefined && msg.version === state.version) break;
      const gap = state.version >= 0 && msg.version > state.version + 1;
      if (!gap) state.seen = wholeMoments(msg, state.seen);
      state.version = msg.version;
      turnClock.set(msg.clock, msg.version);
      if (state.ackVersion === null || msg.version >= state.ackVersion) {
        state.waiting = null;
        state.ackVersion = null;
      }
      if (gap) send({ type: "sync", version: state.version });
      else playback.push(framesOf(msg));
      break;
    }
    case "ack":
      if (msg.id === state.waiting) {
        if (msg.version > state.version) state.ackVersion = msg.version; // update on its way
        else state.waiting = null;
      }
      renderTurn();
      break;
    case "error":
      if (msg.id === undefined || msg.id === null || msg.id === state.waiting) {
        state.waiting = null;
        state.ackVersion = null;
      }
      if (msg.code === "stale") send({ type: "sync", version: state.version });
      else toast(msg.message);
      renderTurn();
      break;
    case "seat":
      for (const s of state.seats || []) {
        if (s.seat !== msg.seat) continue;
        s.state = msg.state;
        if (msg.state === "human") s.timeouts = 0; // back: the time-outs count anew
      }
      renderIdle();
      if (msg.text) log([msg.text]);
      if (state.view) {
        front.renderPlayers(state);
        renderHost();
      }
      break;
    case "presence": // a person's seat arrived or left
      for (const s of state.seats || []) if (s.seat === msg.seat) s.presence = msg.presence;
      if (state.view) {
        front.renderPlayers(state);
        renderHost();
        renderTurn();
      }
      break;
    case "clock": // a turn clock ran out: the seat's bot made that move
      for (const s of state.seats || []) if (s.seat === msg.seat) s.timeouts = (s.timeouts || 0) + 1;
      if (msg.text) log([msg.text]);
      renderIdle();
      break;
    case "handed": // players handed an idle player's seat to a bot until they come back
      log([msg.text]);
      break;
    case "notice": // someone tried this seat's invite and was turned away
      log([msg.text]);
      toast(msg.text);
      break;
    case "released": // the host gave an away player's seat to a new player
      for (const s of state.seats || []) {
        if (s.seat === msg.seat) Object.assign(s, { name: null, presence: "waiting" });
      }
      log([msg.text]);
      if (state.view) {
        front.renderPlayers(state);
        renderHost();
      }
      break;
    default:
      break;
  }
}

/** How this table is played (its turn clock, a practice deal), in the server's words. */
function showNotes(notes) {
  $("notes").hidden = !notes.length;
  $("notes").replaceChildren(...notes.map((t) => h("li", {}, t)));
}

/** The seat's secret, once its welcome brought it: kept for this table and seat, used from
 * now on, and taken out of the address bar (the invite it replaces opens nothing now). */
function keepSecret(seat, secret) {
  localStorage.setItem(secretKey(seat), secret);
  sessionStorage.setItem(`colt-token-${table}`, secret);
  state.token = secret;
  history.replaceState(null, "", `${location.pathname}#seat=${seat}`);
}

/** The link that opens this seat on another device of its player. */
function showDevices() {
  const secret = state.seat === null ? null : localStorage.getItem(secretKey(state.seat));
  $("devices").hidden = !secret;
  if (!secret) return;
  const url = `${location.origin}/t/${encodeURIComponent(table)}#seat=${state.seat}&token=${encodeURIComponent(secret)}`;
  $("device-link").replaceChildren(copyItem("Your seat on another device", url));
}

/** Players whose turn clock ran out twice: the others may hand their seat to a bot until
 * they come back (the server checks it again). */
function renderIdle() {
  const box = $("idle");
  const idle = state.seat === null || state.status !== "playing"
    ? []
    : (state.seats || []).filter((s) => s.kind === "human" && s.seat !== state.seat && s.state === "human" && (s.timeouts || 0) >= 2);
  box.hidden = !idle.length;
  box.replaceChildren(...idle.map((s) => h("p", {},
    `${playerLabel(state, s.seat)}: time ran out ${s.timeouts} times. `,
    h("button", { type: "button", class: "hand", "data-seat": String(s.seat), onclick: () => send({ type: "hand", seat: s.seat, id: state.nextId++ }) },
      `Let a bot play for ${playerLabel(state, s.seat)} until they come back`))));
}

function showAway(away) {
  const box = $("away");
  box.hidden = false;
  box.replaceChildren(
    h("p", {}, h("strong", {}, `While you were away, a bot played for ${away.bandits}:`)),
    h("ol", {}, away.moves.map((m) => h("li", {}, m))),
    h("button", { type: "button", onclick: () => (box.hidden = true) }, "Got it")
  );
}

// -- drawing ----------------------------------------------------------------------------

function announce(frame) {
  const box = $("announce");
  if (frame.kind === "welcome" || (frame.kind === "play" && frame.final && !frame.events.length)) {
    box.replaceChildren();
    return;
  }
  let headline = frame.events[0] || frame.headline || "";
  let lines = frame.events.slice(1);
  if (frame.kind === "summary") {
    lines = frame.summary;
  } else if (frame.card) {
    headline = front.headline(frame, state) || headline;
    if (frame.kind === "resolve") lines = frame.events;
  }
  box.dataset.kind = frame.kind;
  box.replaceChildren(
    h("p", { class: "headline" }, headline),
    lines.length ? h("ul", {}, lines.map((t) => h("li", {}, t))) : ""
  );
}

let shownFrames = 0;

function showFrame(frame, more) {
  shownFrames += 1;
  document.body.dataset.playing = more ? "1" : "0";
  $("faster").disabled = !more;
  announce(frame);
  log(frame.events);
  document.body.dataset.kind = frame.kind;
  document.body.dataset.frame = String(shownFrames); // tests follow the frames by it
  if (!frame.view) {
    // a round's summary stays over the train as the round left it
    followMoment(frame, null);
    return;
  }
  state.frame = frame;
  state.view = frame.view;
  state.captions = frame.captions;
  if (frame.final) {
    state.shown = frame.version;
    state.status = frame.status ?? state.status;
    if (frame.view.result) state.status = "over";
    document.body.dataset.version = String(frame.version);
  }
  document.body.dataset.status = state.status || "";
  const before = piecesAt();
  drawing.render(frame.view, frame.captions);
  trainWords(frame.captions);
  // the server says who will start the game; a host who only watches holds the start
  const watchingHost = state.status === "open" && state.seat === null && hostToken();
  $("situation").textContent = watchingHost ? "The game has not started yet: you are the host; start it when you are ready." : frame.captions.situation;
  front.render(state, frame);
  const wasOver = !$("end").hidden;
  if (frame.final) front.renderEnd(state, table);
  if (frame.final && frame.view.result && !wasOver) window.scrollTo({ top: 0 });
  renderWho();
  renderTurn();
  followMoment(frame, before);
}

/** Where each figure of the drawing is going (its key -> "x,y"). */
function piecesAt() {
  const at = new Map();
  for (const p of $("train").querySelectorAll(".piece:not(.gone)")) at.set(p.dataset.piece, `${p.dataset.x},${p.dataset.y}`);
  return at;
}

/** The figures a moment is about: the figure of the bandit whose card it is, first, and
 * those it moved (thrown off the train too). */
function momentFigures(frame, before) {
  const pieces = [...$("train").querySelectorAll(".piece:not(.gone)")];
  const c = frame.card;
  const bySeat = c && c.seat !== undefined ? frame.view.players?.[c.seat]?.bandit : undefined;
  const byName = c && (frame.captions?.bandits || []).find((b) => b.name === c.owner)?.character;
  const owner = pieces.filter((p) => p.dataset.piece === (bySeat || byName));
  const moved = before ? pieces.filter((p) => !owner.includes(p) && before.get(p.dataset.piece) !== `${p.dataset.x},${p.dataset.y}`) : [];
  return [...owner, ...moved];
}

/** Where figures are drawn, in screen pixels (from where they are going, not where their
 * animation has them now): the top of the highest and the bottom of the lowest, and the
 * first figure's. */
function figuresOnScreen(pieces) {
  const m = $("train").getScreenCTM();
  if (!m || !pieces.length) return null;
  const ys = pieces.map((p) => new DOMPoint(Number(p.dataset.x), Number(p.dataset.y)).matrixTransform(m).y);
  const half = 18 * m.a;
  return { top: Math.min(...ys) - half, bottom: Math.max(...ys) + half, first: { top: ys[0] - half, bottom: ys[0] + half } };
}

/** While cards resolve, the moment's words and the train where it happens are on screen
 * together. On a phone the page follows the train: the figures each moment is about are
 * scrolled into view, and when the banner "What is happening" is then out of sight, a copy
 * of its words stands at the top of the screen (``#moment``) above them. */
function followMoment(frame, before) {
  const bar = $("moment");
  const words = $("announce");
  const resolving = document.body.dataset.playing === "1" || !["play", "welcome"].includes(frame.kind);
  if (!resolving || !words.childElementCount || document.body.dataset.myturn === "1" || (frame.view && frame.view.result)) {
    bar.hidden = true;
    return;
  }
  bar.dataset.kind = words.dataset.kind || "";
  bar.replaceChildren(...[...words.childNodes].map((n) => n.cloneNode(true)));
  bar.hidden = false;
  if (matchMedia("(max-width: 899px)").matches && frame.view) {
    const top = bar.getBoundingClientRect().bottom + 8;
    const bottom = innerHeight - 8;
    const fig = figuresOnScreen(momentFigures(frame, before));
    if (fig && (fig.top < top || fig.bottom > bottom)) {
      // all of them in the middle where they fit, else the first (whose card it is) at the top
      const all = fig.bottom - fig.top <= bottom - top;
      const shift = all ? (fig.top + fig.bottom) / 2 - (top + bottom) / 2 : fig.first.top - top;
      window.scrollBy({ top: shift, behavior: "auto" });
    } else if (!fig) {
      const train = $("train").getBoundingClientRect();
      if (train.bottom < top || train.top > bottom) window.scrollBy({ top: train.top - top, behavior: "auto" });
    }
  }
  const r = words.getBoundingClientRect();
  bar.hidden = r.top >= 0 && r.bottom <= innerHeight; // the banner itself is in sight
}

function trainWords(captions) {
  const said = captions.bandits.map((b) => `${capital(b.name)} is ${b.where}.`);
  const before = new Set(state.said || []);
  const changes = state.said ? said.filter((t) => !before.has(t)) : [];
  state.said = said;
  if (changes.length) $("train-changes").textContent = changes.join(" ");
  $("train-text").replaceChildren(...captions.train.map((s) => h("p", {}, s)));
}

function renderWho() {
  const mine = state.seat === null ? null : playerLabel(state, state.seat);
  $("who").textContent = mine === null ? "You are watching this table" : `You play ${mine}`;
}

// Whether a person's seat has arrived (the welcome's seats, then "presence" messages).
const PRESENCE = {
  waiting: "not here yet: the link has not been opened",
  here: "here",
  left: "left the table",
};

function presenceItem(seat, link) {
  const label = playerLabel(state, seat.seat);
  const mine = seat.seat === state.seat;
  const said = mine ? "you" : PRESENCE[seat.presence] || "";
  const chip = h("span", { class: `presence ${mine ? "here" : seat.presence || ""}`, "data-presence": mine ? "here" : seat.presence || "" }, said);
  // an invite opens a seat until its player claims it; a claimed seat whose player left
  // can be released by the host (a new link for its next player)
  const release = hostToken() && !mine && seat.presence === "left"
    ? [" ", h("button", { type: "button", class: "release", onclick: () => releaseSeat(seat.seat) }, "Release this seat")]
    : [];
  const item = link && !mine && seat.presence === "waiting"
    ? copyItem(label, location.origin + link.invite, [" ", chip])
    : h("li", {}, h("span", { class: "invite-who" }, label, " ", chip, ...release));
  item.dataset.seat = String(seat.seat);
  return item;
}

// Invite links the host released: they open nothing, so the host's list never shows them.
const spentInvites = new Set();

/** The host gives an away player's seat to someone else: the server makes a new invite
 * (the player's own link opens nothing any more), kept with the others. */
async function releaseSeat(seat) {
  // the seat's old link opens nothing once the server has answered; its "released" notice
  // may come first, and the list must not show the old link meanwhile
  const stored = JSON.parse(localStorage.getItem(`colt-invites-${table}`) || "[]");
  const old = stored.find((s) => s.seat === seat);
  if (old) spentInvites.add(old.invite);
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/release`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hostToken()}` },
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    if (old) spentInvites.delete(old.invite);
    toast(`Cannot release the seat: ${body.message || r.status}`);
    return;
  }
  const invites = JSON.parse(localStorage.getItem(`colt-invites-${table}`) || "[]");
  const entry = invites.find((s) => s.seat === seat);
  if (entry) entry.invite = body.invite;
  else invites.push({ seat, invite: body.invite });
  localStorage.setItem(`colt-invites-${table}`, JSON.stringify(invites));
  renderHost();
}

function renderHost() {
  // Before the start: every player's seat and whether they have arrived (waiting, here,
  // left), live; the host also has each one's invite link and the start button. While
  // playing, the host keeps the links of the players a bot plays for.
  const box = $("host");
  const host = hostToken();
  const open = state.status === "open";
  const people = (state.seats || []).filter((s) => s.kind === "human");
  const stored = host ? JSON.parse(localStorage.getItem(`colt-invites-${table}`) || "[]") : [];
  const links = new Map(stored.filter((s) => !spentInvites.has(s.invite)).map((s) => [s.seat, s]));
  const listed = open ? people : people.filter((s) => s.seat !== state.seat && s.presence !== "here" && (s.state === "bot" || s.presence === "left") && (host || s.presence === "waiting"));
  box.hidden = !(open || listed.length);
  if (box.hidden) return;
  const hostName = state.host === null ? "The host" : playerLabel(state, state.host);
  $("host-h").textContent = open ? "Before the start" : "Players not here";
  const others = people.some((s) => s.seat !== state.seat);
  $("host-line").textContent = !host
    ? `${hostName} is the host and will start the game.`
    : !open
      ? "A bot plays for a seat whose player is away until they come back. A seat whose player left can be released: it gets a new link for its next player."
      : others
        ? "You are the host: send each player their link, then start the game. Seats nobody has taken by then are played by bots until their player arrives."
        : "You are the host, and the other seats are bots: start the game when you are ready.";
  $("start-btn").hidden = !(host && open);
  $("invites").replaceChildren(
    ...listed.map((s) => presenceItem(s, links.get(s.seat))),
    ...(host && open ? [copyItem("Spectators", `${location.origin}/t/${encodeURIComponent(table)}`)] : [])
  );
}

function renderTurn() {
  if (!state.view) return;
  const v = state.view;
  const busy = state.waiting !== null || !state.ws;
  const watching = playback.busy;
  const mine = canAct();
  let prompt;
  if (state.status === "open") {
    const host = state.host === null ? "the host" : playerLabel(state, state.host);
    const people = (state.seats || []).filter((s) => s.kind === "human");
    const here = people.filter((s) => s.presence === "here").length;
    const alone = people.every((s) => s.seat === state.seat); // everyone else is a bot
    prompt = !hostToken()
      ? `The game has not started: ${host} will start it.`
      : alone
        ? "Start the game when you are ready."
        : `Start the game when everyone is here (${here} of ${people.length} players here).`;
  } else if (v.result) prompt = "The game is over.";
  else if (watching) prompt = "The cards are resolving…";
  else if (state.seat === null) prompt = "You are watching: spectators have no choices.";
  // the server's words for the decision (round, turn, what to decide) beside the choices:
  // on a phone the top of the page is out of sight while the choices are shown
  else if ((v.legal || []).length) prompt = busy ? "Sending…" : state.captions.situation || "Your turn.";
  else prompt = `Waiting for ${v.actor === null ? "the next move" : playerLabel(state, v.actor)}.`;
  const showChoices = !watching && state.seat !== null && !v.result;
  renderChoices({ ...state, captions: showChoices ? state.captions : { choices: [] } }, { enabled: mine, prompt, act });
  renderWhere();
  front.renderHand(state, mine, act);
  renderHost();
  renderIdle();
  document.body.dataset.myturn = mine ? "1" : "0";
  if (mine || v.result) $("moment").hidden = true; // the choices say where the game stands
  const who = state.seat === null ? "watching" : playerLabel(state, state.seat);
  document.title = mine ? `Your turn — ${state.title}` : `${state.title} — ${who}`;
  if (mine && !document.activeElement?.closest?.("#legal")) {
    $("legal").querySelector("button.choice")?.focus({ preventScroll: true });
  }
  if (mine && state.choicesShownFor !== state.shown) {
    state.choicesShownFor = state.shown;
    choicesInView();
    mineInView();
  }
}

/** Where the viewer's bandits stand (and face, in Colt Super Express), in the server's
 * words, beside the choices: read with them even where the train is out of sight. The
 * bandit deciding comes first. */
function renderWhere() {
  const box = $("whereami");
  const v = state.view;
  const said = new Map(((state.captions && state.captions.bandits) || []).map((b) => [b.character, b]));
  const mine = state.seat === null || v.result ? [] : v.bandits.filter((b) => b.seat === state.seat && said.has(b.character));
  mine.sort((a, b) => (b.character === v.actor_bandit) - (a.character === v.actor_bandit));
  box.hidden = !mine.length;
  box.replaceChildren(
    h("strong", {}, "You: "),
    mine.map((b) => `${said.get(b.character).name}, ${said.get(b.character).where}`).join("; "),
    "."
  );
}

/** Where the viewer's figure (the one deciding) is drawn, in screen pixels: from the place
 * it is moving to, not where its move's animation has it now. */
function figureOnScreen() {
  const svg = $("train");
  const pieces = [...svg.querySelectorAll(".piece.mine:not(.gone)")];
  const piece = pieces.find((p) => p.classList.contains("acting")) || pieces[0];
  const m = svg.getScreenCTM();
  if (!piece || !m || piece.dataset.x === undefined) return null;
  const at = new DOMPoint(Number(piece.dataset.x), Number(piece.dataset.y)).matrixTransform(m);
  const half = 18 * m.a; // a figure's radius with its ring, in the drawing's units
  return { top: at.y - half, bottom: at.y + half };
}

/** On a narrow screen the choices are a bar over the bottom of the page: at a new decision
 * of ours the page scrolls so that our figure stands in the middle of the part of the
 * train left in view above it (the spaces around it with it). */
function mineInView() {
  const bar = $("choices");
  if (getComputedStyle(bar).position !== "fixed") return;
  const figure = figureOnScreen();
  if (!figure) return;
  const free = bar.getBoundingClientRect().top;
  if (figure.top >= 0 && figure.bottom <= free && figure.top >= free * 0.15 && figure.bottom <= free * 0.85) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: (figure.top + figure.bottom) / 2 - free / 2, behavior: smooth ? "smooth" : "auto" });
}

/** On a wide screen the side column scrolls on its own: at a new turn of ours its choices
 * come back into view (a long list of the previous turn may have been scrolled past). */
function choicesInView() {
  const first = $("legal").querySelector("button.choice");
  const side = first && first.closest(".col-side");
  if (!side || side.scrollHeight <= side.clientHeight) return;
  const r = first.getBoundingClientRect();
  const box = side.getBoundingClientRect();
  if (r.top < box.top || r.bottom > box.bottom) {
    side.scrollTop += $("choices").getBoundingClientRect().top - box.top;
  }
}

// -- keys and start ---------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const key = e.key.toLowerCase();
  if (key === "f") {
    playback.faster();
    return;
  }
  if (key === "h") {
    openRules();
    return;
  }
  const button = [...$("legal").querySelectorAll("button.choice")].find((b) => b.dataset.key === key);
  if (button && !button.disabled) {
    e.preventDefault();
    button.click();
  }
});

function openRules() {
  const rules = $("rules");
  rules.open = true;
  rules.scrollIntoView({ block: "start" });
}

async function startGame() {
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/start`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hostToken()}` },
  });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    toast(`Cannot start: ${body.message || r.status}`);
  } else {
    send({ type: "sync", version: state.version });
  }
}

/** The table's game, told by its first welcome: its front, drawing, title and rules. */
function setGame(game, title) {
  if (state.game === game) return;
  state.game = game;
  state.title = title;
  front = frontOf(game);
  drawing = front.drawing($("train"));
  showGame(game);
  $("game-title").textContent = title;
  loadRules($("rules-body"), table);
}

function main() {
  document.body.classList.toggle("touch", matchMedia("(pointer: coarse)").matches);
  $("start-btn").addEventListener("click", startGame);
  $("faster").addEventListener("click", () => playback.faster());
  $("rules-btn").addEventListener("click", openRules);
  const pace = $("pace");
  pace.value = String(playback.pace);
  if (!pace.value) pace.value = "1000";
  pace.addEventListener("change", () => playback.setPace(Number(pace.value)));
  // The token is in the fragment so that it never reaches the server's logs. It stays there
  // (the link is the seat's key, to bookmark or open elsewhere) and is also kept for this tab,
  // so that "/t/{table}#seat=N" alone finds it again.
  // Once the seat is claimed, its secret (kept in this browser) is used instead of the
  // invite, which the server refuses from then on.
  const key = `colt-token-${table}`;
  const kept = params.has("seat") ? localStorage.getItem(secretKey(params.get("seat"))) : null;
  if (state.token && kept && state.token !== kept && params.get("token") === state.token) {
    // the link of another device carries the secret: it is kept too; an invite gives way
    state.token = kept;
  }
  if (state.token) sessionStorage.setItem(key, state.token);
  else state.token = kept || (sessionStorage.getItem(key) && params.has("seat") ? sessionStorage.getItem(key) : null);
  connect();
}

main();
