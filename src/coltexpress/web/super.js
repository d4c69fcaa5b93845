// Colt Super Express at the table and in the replay: its train drawing (super_train.js) and
// its panels, drawn from a frame's view and its captions (the server's words,
// words/super_express.py): the round, the cards of the round in the order they are revealed
// (the Shootin' phase card by card), each bandit with their cards and Loot cards, the seat's
// own hand and programmed stack. Nothing here words a rule or a card.

import { colour } from "./colours.js";
import { capital, h } from "./dom.js";
import { playerLabel, renderEnd, seatTag } from "./panels.js";
import { SuperTrainDrawing } from "./super_train.js";

const $ = (id) => document.getElementById(id);

/** The seats in the order their cards are revealed: from the first player on. */
function revealOrder(view) {
  const n = view.players.length;
  return Array.from({ length: n }, (_, i) => (view.first_player + i) % n);
}

/** The card a moment reveals: the seat and the place of that card in the seat's row. */
function current(view, frame) {
  const card = frame && frame.card;
  if (!card) return null;
  return { seat: card.seat, index: view.players[card.seat].revealed.length - 1 };
}

function cardHelp(text) {
  const box = $("se-card-help");
  if (box) box.textContent = text;
}

/** One card of a row: revealed (face up), still face down, or not programmed yet. */
function slot({ name, help, state, mine, now, owner }) {
  const label = state === "up" ? name : state === "down" ? (mine ? name : "Face down") : "Not programmed yet";
  const title = state === "up" || mine ? help : state === "down" ? "Face down: it is turned over when its turn comes." : "";
  const say = state === "up" ? `${owner}'s ${name}. ${help}` : state === "down" && mine ? `Your ${name}, still face down. ${help}` : state === "down" ? `${owner}'s card is face down: it is turned over when its turn comes.` : `${owner} has not programmed this card yet.`;
  return h(
    "li",
    {
      class: `card se-slot ${state === "up" ? "face" : state === "down" ? (mine ? "face mine-down" : "back") : "empty-slot"}${now ? " current" : ""}`,
      title: title || false,
      tabindex: state === "empty" ? false : "0",
      "aria-current": now ? "step" : false,
      onclick: () => cardHelp(say),
      onkeydown: (e) => (e.key === "Enter" ? cardHelp(say) : null),
    },
    h("span", { class: "what" }, label),
    h("span", { class: "state" }, now ? "revealed now" : state === "down" && mine ? "yours, face down" : "")
  );
}

/** The cards of the round, player by player in the order they are revealed. */
function renderRows(ctx, frame, list) {
  const { view: v, captions: c } = ctx;
  const now = current(v, frame);
  const stack = (c.stack || []).slice(); // the seat's own, still face down, top first
  const rows = revealOrder(v).map((seat) => {
    const p = v.players[seat];
    const words = c.players[seat];
    const b = v.bandits[seat];
    const mine = seat === v.seat;
    const cards = [];
    words.revealed.forEach((r, i) => cards.push(slot({ ...r, state: "up", now: now && now.seat === seat && now.index === i, owner: words.name })));
    for (let i = 0; i < p.to_reveal; i += 1) {
      const own = mine ? stack[i] : null;
      cards.push(slot({ name: own ? own.name : "", help: own ? own.help : "", state: "down", mine: Boolean(own), owner: words.name }));
    }
    if (!b.out) for (let i = p.programmed; i < 3; i += 1) cards.push(slot({ state: "empty", owner: words.name }));
    return h(
      "li",
      { class: `se-row${mine ? " mine" : ""}${v.actor === seat && !v.result && v.decision !== "watch" ? " acting" : ""}${b.out ? " out" : ""}`, "data-seat": seat, style: `--owner:${colour(b.character)}` },
      h("p", { class: "se-row-name" }, h("span", { class: "dot", style: `background:${colour(b.character)}`, "aria-hidden": "true" }), h("strong", {}, words.name), mine ? " (you)" : "", h("span", { class: "tag" }, ` ${words.state}`)),
      cards.length ? h("ol", { class: "cards se-cards-row", "aria-label": `${words.name}'s cards this round` }, cards) : ""
    );
  });
  list.replaceChildren(...rows);
}

function renderRound(ctx) {
  const r = ctx.captions.round;
  $("round-card").replaceChildren(
    h("p", { class: "card-name" }, r.title),
    ...r.lines.map((t) => h("p", { class: "small" }, t))
  );
}

function renderPlayers(ctx) {
  const { view: v, captions: c } = ctx;
  const words = new Map((c.bandits || []).map((b) => [b.character, b]));
  $("players").replaceChildren(
    ...v.bandits.map((b) => {
      const w = words.get(b.character);
      const p = c.players[b.seat];
      return h(
        "li",
        { class: `bandit${b.seat === ctx.seat ? " mine" : ""}${v.actor === b.seat && !v.result && v.decision !== "watch" ? " acting" : ""}`, "data-character": b.character },
        h("p", { class: "bandit-name" },
          h("span", { class: "dot", style: `background:${colour(b.character)}`, "aria-hidden": "true" }),
          h("strong", {}, capital(w.name)),
          h("span", { class: "tag" }, seatTag(ctx, b.seat))),
        h("p", {}, capital(w.where), "."),
        b.out ? "" : h("p", {}, `${p.state}.`, p.revealed.length ? ` Revealed: ${p.revealed.map((r) => r.name).join(", ")}.` : ""),
        h("p", {}, capital(w.loot), ".")
      );
    })
  );
}

function renderHand(ctx, enabled, act) {
  const { captions: c, view: v } = ctx;
  const box = $("hand");
  const help = $("hand-help");
  if (ctx.seat === null) {
    box.replaceChildren(h("p", {}, "A spectator sees no hand."));
    $("kept").replaceChildren();
    help.hidden = true;
    return;
  }
  const hand = c.hand || [];
  const programmed = v.players[ctx.seat].programmed >= 3;
  box.replaceChildren(
    ...(hand.length
      ? [
          programmed ? h("p", { class: "small hand-note" }, "Set aside this round:") : "",
          ...hand.map((card) => {
            const ok = enabled && Boolean(card.action);
            return h(
              "button",
              {
                type: "button",
                class: `card face kind-${card.card}`,
                disabled: !ok,
                "data-card": card.card,
                title: card.help,
                "aria-keyshortcuts": ok && card.key ? card.key : false,
                onclick: () => act(card.action),
              },
              ok && card.key ? h("kbd", { class: "keyonly", "aria-hidden": "true" }, card.key) : "",
              h("span", {}, card.name)
            );
          }),
        ]
      : [h("p", {}, v.bandits[ctx.seat].out ? "You are out of the game." : "No card in your hand.")])
  );
  const stack = c.stack || [];
  $("kept").replaceChildren(
    ...(stack.length
      ? [h("p", {}, "Programmed, face down (revealed in this order):"), ...stack.map((k) => h("span", { class: "card face stack-card", title: k.help }, k.name))]
      : [])
  );
  const cards = c.cards || [];
  help.hidden = !cards.length;
  $("hand-help-list").replaceChildren(...cards.flatMap((k) => [h("dt", {}, k.name), h("dd", {}, k.help)]));
}

export const superExpress = {
  drawing: (svg) => new SuperTrainDrawing(svg),

  render(ctx, frame) {
    renderRound(ctx);
    renderRows(ctx, frame, $("se-rows"));
    renderPlayers(ctx);
  },

  renderPlayers,
  renderHand,
  renderEnd,

  /** The banner's first line for a moment that reveals a card. */
  headline(frame) {
    if (!frame.card || !frame.view) return null;
    const players = frame.view.players;
    const shown = players.reduce((n, p) => n + p.revealed.length, 0);
    const total = players.reduce((n, p) => n + p.programmed, 0);
    // the count drops when a bandit goes out with cards still face down: say why
    const note = frame.captions?.pile_note;
    return `Card ${shown} of ${total}: ${frame.card.owner}'s ${frame.card.name}.${note ? ` ${note}` : ""}`;
  },

  /** The replay page at one step: the round, the cards of the round, the bandits. */
  replay(view, captions) {
    $("round-title").textContent = `${captions.round.title}. ${captions.round.lines[0]}`;
    renderRows({ view, captions, seat: null }, null, $("se-rows"));
    $("bandits").replaceChildren(...captions.bandits.map((b) => h("li", {}, `${capital(b.name)}: ${b.where}; ${b.loot}.`)));
  },

  /** A seat as the table names it: the bandit it plays (and the player's name). */
  label: (ctx, seat) => playerLabel(ctx, seat),
};
