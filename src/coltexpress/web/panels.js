// The panels of the table page for Colt Express, drawn from a frame: its view (what the seat
// may know) and its captions (the server's words for that view, docs/protocol.md); and what
// every game's panels share (players' labels and tags, the choices, the winner banner).
// Nothing here words a rule or a card: every sentence a player reads comes from the captions.

import { colour, MARSHAL } from "./colours.js";
import { capital, h } from "./dom.js";

const $ = (id) => document.getElementById(id);

/** Display names of bandits, from the captions. */
export function banditNames(captions) {
  return new Map((captions.bandits || []).map((b) => [b.character, b.name]));
}

/** A player as the table names it: their bandits (or bandit), and the name the host gave
 * them. */
export function playerLabel(ctx, seat) {
  const v = ctx.view;
  const names = banditNames(ctx.captions);
  const p = v.players[seat];
  const bandits = (p.bandits || [p.bandit]).map((b) => names.get(b) ?? b).join(" and ");
  const s = (ctx.seats || []).find((x) => x.seat === seat);
  return s && s.name ? `${bandits} (${s.name})` : bandits;
}

export function seatTag(ctx, seat) {
  const s = (ctx.seats || []).find((x) => x.seat === seat);
  const parts = [];
  if (seat === ctx.seat) parts.push("you");
  if (s && s.name && seat !== ctx.seat) parts.push(s.name);
  if (s && s.kind === "bot") parts.push(`bot, ${s.level || "medium"}`);
  else if (s && s.state === "bot") parts.push("a bot plays while the player is away");
  else if (s && seat !== ctx.seat && s.presence === "waiting") parts.push("not here yet");
  else if (s && seat !== ctx.seat && s.presence === "left") parts.push("left the table");
  if (seat === ctx.host) parts.push("host");
  return parts.join(", ");
}

export function renderRound(ctx) {
  const { view: v, captions: c } = ctx;
  const box = $("round-card");
  if (!c.round) {
    box.replaceChildren(h("p", {}, "No round card: the game is over."));
    return;
  }
  const turns = c.round.turns.map((t, i) =>
    h(
      "li",
      {
        class: `turn${t.code === "T" ? " tunnel" : ""}${v.turn === i ? " current" : ""}${v.turn !== null && i < v.turn ? " done" : ""}`,
        title: t.help,
        "aria-current": v.turn === i ? "step" : false,
      },
      h("span", { class: "sr" }, `turn ${i + 1}: `),
      t.name,
      v.turn !== null && i < v.turn ? h("span", { class: "sr" }, " (played)") : ""
    )
  );
  const first = playerLabel(ctx, v.first_player);
  box.replaceChildren(
    h("p", { class: "card-name" }, c.round.title),
    h("ol", { class: "turns", "aria-label": "turns of this round" }, turns),
    h("p", { class: "event" }, h("strong", {}, c.round.event)),
    c.round.event_help ? h("p", { class: "small" }, c.round.event_help) : "",
    h("p", { class: "small" }, `First player: ${first}. Round cards left: ${v.round_deck_size}. Neutral bullets: ${v.neutral_bullets}.`)
  );
}

/** The pile: the cards of the view, or (once the pile is gathered up after the last card)
 * the pile as last seen, so the last cards of a round still show while they resolve. */
export function renderPile(ctx, frame, memory) {
  const { view: v, captions: c } = ctx;
  let entries = v.pile.map((p, i) => ({
    bandit: p.bandit,
    resolved: p.resolved,
    owner: c.pile[i].owner,
    name: c.pile[i].card,
    help: c.pile[i].help,
    hidden: p.card === null,
  }));
  const current = frame.card ? frame.card.index : v.resolving;
  const gathered = !entries.length && memory.length && ["reveal", "resolve", "event"].includes(frame.kind);
  if (gathered) {
    const last = frame.card ? frame.card.index : memory.length - 1;
    entries = memory.map((e, i) => ({ ...e, resolved: i <= last }));
  }
  if (frame.card && entries[frame.card.index]) {
    const e = entries[frame.card.index];
    entries[frame.card.index] = { ...e, name: frame.card.card, help: frame.card.help, hidden: false };
  }
  const list = $("pile");
  list.replaceChildren(
    ...(entries.length
      ? entries.map((e, i) => {
          const now = current === i && current !== null && current !== undefined;
          const state = now ? "current" : e.resolved ? "resolved" : "waiting";
          return h(
            "li",
            {
              class: `card ${e.hidden ? "back" : "face"} ${state}`,
              style: `--owner:${colour(e.bandit)}`,
              "aria-current": now ? "step" : false,
              "data-index": i,
              title: e.help || "Face down: the card is turned over when it resolves.",
              tabindex: "0",
              onclick: () => showCardHelp(e),
              onkeydown: (ev) => (ev.key === "Enter" ? showCardHelp(e) : null),
            },
            h("span", { class: "owner" }, e.owner),
            h("span", { class: "what" }, e.hidden ? "Face down" : e.name),
            h("span", { class: "state" }, now ? "resolving" : e.resolved ? "done" : "")
          );
        })
      : [h("li", { class: "empty" }, "No card played yet this round.")])
  );
  return gathered || !v.pile.length ? memory : entries;
}

function showCardHelp(e) {
  $("pile-help").textContent = e.hidden
    ? `${e.owner}'s card is face down: it is turned over when it resolves.`
    : `${e.owner}'s ${e.name}. ${e.help}`;
}

export function renderHand(ctx, enabled, act) {
  const { captions: c } = ctx;
  const box = $("hand");
  const help = $("hand-help");
  if (ctx.seat === null) {
    box.replaceChildren(h("p", {}, "A spectator sees no hand."));
    $("kept").replaceChildren();
    help.hidden = true;
    return;
  }
  const hand = c.hand || [];
  box.replaceChildren(
    ...(hand.length
      ? hand.map((card) => {
          const ok = enabled && Boolean(card.action);
          return h(
            "button",
            {
              type: "button",
              class: `card face kind-${card.card.split("@")[0]}`,
              disabled: !ok,
              "data-card": card.card,
              title: card.help,
              "aria-keyshortcuts": ok && card.key ? card.key : false,
              onclick: () => act(card.action),
            },
            ok && card.key ? h("kbd", { class: "keyonly", "aria-hidden": "true" }, card.key) : "",
            h("span", {}, card.name)
          );
        })
      : [h("p", {}, "Your hand is empty.")])
  );
  const kept = c.kept || [];
  $("kept").replaceChildren(
    ...(kept.length ? [h("p", {}, "Kept for the next round:"), ...kept.map((k) => h("span", { class: "card face", title: k.help }, k.name))] : [])
  );
  const seen = new Map([...hand, ...kept].map((card) => [card.name, card.help]));
  help.hidden = !seen.size;
  $("hand-help-list").replaceChildren(...[...seen].flatMap(([name, text]) => [h("dt", {}, name), h("dd", {}, text)]));
}

function pips(n) {
  return h(
    "span",
    { class: "pips", "aria-hidden": "true" },
    ...Array.from({ length: 6 }, (_, i) => h("span", { class: i < n ? "pip on" : "pip" }))
  );
}

export function renderPlayers(ctx) {
  const { view: v, captions: c } = ctx;
  const words = new Map((c.bandits || []).map((b) => [b.character, b]));
  const items = [];
  for (const p of v.players) {
    for (const b of v.bandits.filter((x) => x.seat === p.seat)) {
      const w = words.get(b.character);
      const marshal = b.character === "marshal" && Boolean(c.mp);
      items.push(
        h(
          "li",
          { class: `bandit${marshal ? " marshal-entry" : ""}${p.seat === ctx.seat ? " mine" : ""}${v.actor === p.seat && !v.result ? " acting" : ""}`, "data-character": b.character },
          h("p", { class: "bandit-name" },
            h("span", { class: marshal ? "dot star" : "dot", style: `background:${marshal ? MARSHAL : colour(b.character)}`, "aria-hidden": "true" }),
            h("strong", {}, capital(w.name)),
            h("span", { class: "tag" }, seatTag(ctx, p.seat))),
          h("p", {}, capital(w.where), "."),
          h("p", {}, "Loot: ", w.loot, "."),
          w.hostage ? h("p", { class: "hostage" }, "Hostage: ", w.hostage) : "",
          marshal
            ? h("p", {}, c.mp.guns.map((g) => `${g.name}: ${g.bullets}${g.top ? ` (${g.top} on top)` : ""}`).join("; "), ".")
            : h("p", {}, pips(b.bullets_left), ` ${b.bullets_left} bullet${b.bullets_left === 1 ? "" : "s"} left; ${b.bullets_received} bullet card${b.bullets_received === 1 ? "" : "s"} received.`),
          h("p", { class: "small" }, `${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand, ${p.deck_size} in the deck.`)
        )
      );
    }
  }
  $("players").replaceChildren(...items);
}

/** The choices: label, key (not on touch screens), the power behind it, one line of help. */
export function renderChoices(ctx, { enabled, prompt, act }) {
  const { captions: c } = ctx;
  $("prompt").textContent = prompt;
  const list = $("legal");
  const inList = document.activeElement && list.contains(document.activeElement);
  const focused = inList ? document.activeElement.dataset.action : null;
  const items = (c.choices || []).map((choice, i) => {
    const hintId = `hint-${i}`;
    const toggle = h("button", {
      type: "button",
      class: "help-toggle touchonly",
      "aria-expanded": "false",
      "aria-controls": hintId,
      "aria-label": `What does “${choice.label}” do?`,
      onclick: (e) => {
        const li = e.currentTarget.closest("li");
        const open = li.classList.toggle("open");
        e.currentTarget.setAttribute("aria-expanded", String(open));
      },
    }, "?");
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "choice",
          "data-action": choice.action,
          "data-key": choice.key,
          disabled: !enabled,
          title: choice.hint,
          "aria-describedby": hintId,
          "aria-keyshortcuts": choice.key || false,
          onclick: () => act(choice.action),
        },
        choice.key ? h("kbd", { class: "keyonly", "aria-hidden": "true" }, choice.key) : "",
        h("span", { class: "label" }, choice.label),
        choice.power ? h("span", { class: "badge" }, choice.power) : ""
      ),
      toggle,
      h("p", { class: "choice-hint", id: hintId }, choice.hint)
    );
  });
  list.replaceChildren(...items);
  $("choices").classList.toggle("empty", !items.length);
  const again = focused && list.querySelector(`[data-action="${CSS.escape(focused)}"]`);
  if (again) again.focus({ preventScroll: true });
}

/** The end of the game: the winner first, then the server's lines, which say how
 * (Gunslinger, tie-break, goals), each total and what each bandit carried (every purse):
 * each bandit's loot is told there once, so nothing is added to them here. */
export function renderEnd(ctx, table) {
  const end = $("end");
  const lines = ctx.captions.end || [];
  end.hidden = !lines.length;
  if (!lines.length) return;
  $("end-winner").textContent = lines[0];
  $("end-lines").replaceChildren(...lines.slice(1).map((t) => h("li", {}, t)));
  $("end-replay").href = `/replay/${encodeURIComponent(table)}`;
  $("end-review").href = `/replay/${encodeURIComponent(table)}?review`;
}

/** Marshal & Prisoners: the prison car, Wanted Posters, prisoners, Brawler cards, the
 * Marshal's cylinder piles and Achievement zone, penalties and goals. Hidden otherwise. */
export function renderMarshalPrisoners(ctx) {
  const box = $("mp");
  const m = ctx.captions.mp;
  box.hidden = !m;
  if (!m) return;
  const none = (items, empty) => (items.length ? items : [h("li", { class: "none" }, empty)]);
  const goalItem = (g) =>
    h("li", { class: g.done === undefined ? "goal" : g.done ? "goal done" : "goal missed" },
      g.done === undefined ? "" : h("span", { class: "goal-state" }, g.done ? "Done" : "Not done"),
      h("strong", {}, g.name), h("span", { class: "goal-help" }, g.help));
  const goals = m.goals;
  $("mp-prison").replaceChildren(
    h("p", {}, m.prison),
    h("p", {}, "In the cell: ", m.cell.length ? m.cell.join(", ") : "nobody", "."),
    m.off_train.length ? h("p", {}, "Off the train: ", m.off_train.join(", "), ".") : ""
  );
  $("mp-posters").replaceChildren(
    ...m.posters.map((p) => h("li", { class: p.captured ? "poster captured" : "poster" }, h("strong", {}, p.bandit), ` ${p.state}`))
  );
  $("mp-prisoners").replaceChildren(
    ...none(
      [
        ...m.prisoners.map((p) => h("li", {}, `${p.bandit} holds ${p.prisoner}.`)),
        ...(m.prisoners_waiting.length ? [h("li", {}, `Waiting on the prison car: ${m.prisoners_waiting.join(", ")}.`)] : []),
      ],
      "No prisoner left."
    )
  );
  $("mp-brawlers").replaceChildren(
    h("li", {}, "Left: ", m.brawlers_left.length ? m.brawlers_left.join(", ") : "none", "."),
    ...m.brawlers_won.map((w) => h("li", {}, `${w.bandit} won ${w.cards.join(", ")}.`))
  );
  $("mp-guns").replaceChildren(
    ...m.guns.map((g) => h("li", { title: g.help }, h("strong", {}, g.name), `: ${g.bullets}`, g.top ? `; on top: ${g.top}` : "", g.help ? h("span", { class: "goal-help" }, g.help) : ""))
  );
  $("mp-penalties").replaceChildren(
    ...none(
      m.penalties.map((p) => h("li", { title: p.penalties.map((x) => x.help).join(" ") }, h("strong", {}, p.bandit), `: ${p.penalties.map((x) => x.name).join(", ")}`)),
      "None."
    )
  );
  const zone = [];
  if (m.achievement.prisoners.length) zone.push(h("li", {}, `Prisoners: ${m.achievement.prisoners.join(", ")}.`));
  if (m.achievement.mailbags) zone.push(h("li", {}, `Mailbags: ${m.achievement.mailbags}.`));
  $("mp-zone").replaceChildren(...none(zone, "Empty."));
  const parts = [h("p", {}, `${goals.upcoming}; ${goals.current}.`)];
  if (goals.final) {
    parts.push(h("p", { class: "goal-head" }, "Every goal, at the end:"), h("ul", { class: "goal-list" }, goals.final.map(goalItem)));
  } else {
    if (goals.mine) parts.push(h("p", { class: "goal-head" }, "Your current goals:"), h("ul", { class: "goal-list mine" }, goals.mine.map(goalItem)));
    if (goals.revealed.length) parts.push(h("p", { class: "goal-head" }, "Revealed:"), h("ul", { class: "goal-list" }, goals.revealed.map(goalItem)));
  }
  $("mp-goals").replaceChildren(...parts);
}

/** Horses & Stagecoach: the Horse Attack and Turmoil turns while they last (who has chosen,
 * and the seat's own secret choice), the stagecoach, the Shotgun, horses, hostages, whiskey,
 * who rode away or was caught, the stations' money. Hidden otherwise. */
export function renderHorsesStagecoach(ctx) {
  const box = $("hs");
  const m = ctx.captions.hs;
  box.hidden = !m;
  if (!m) return;
  const none = (items, empty) => (items.length ? items : [h("li", { class: "none" }, empty)]);
  const state = (chosen, text) => h("span", { class: chosen ? "hs-state chosen" : "hs-state" }, text);
  const attack = m.attack;
  $("hs-attack").hidden = !attack;
  if (attack) {
    $("hs-attack-body").replaceChildren(
      h("p", {}, attack.where),
      h("ul", { class: "hs-list" }, none(attack.riders.map((r) => h("li", { "data-chosen": r.chosen ? "1" : "0" }, h("strong", {}, r.bandit), " ", state(r.chosen, r.state))), "Every rider has boarded.")),
      attack.mine ? h("p", { class: "hs-mine" }, attack.mine) : ""
    );
  }
  const turmoil = m.turmoil;
  $("hs-turmoil").hidden = !turmoil;
  if (turmoil) {
    $("hs-turmoil-body").replaceChildren(
      h("ul", { class: "hs-list" },
        ...turmoil.chosen.map((p) => h("li", { "data-chosen": "1" }, h("strong", {}, p), " ", state(true, "has chosen"))),
        ...turmoil.waiting.map((p) => h("li", { "data-chosen": "0" }, h("strong", {}, p), " ", state(false, "to choose")))),
      turmoil.mine ? h("p", { class: "hs-mine" }, turmoil.mine) : ""
    );
  }
  $("hs-coach").replaceChildren(...m.coach.map((t) => h("p", {}, t)));
  $("hs-shotgun").textContent = m.shotgun;
  $("hs-horses").textContent = m.horses;
  $("hs-gone").replaceChildren(
    m.away.length ? h("p", {}, `Rode away from the train: ${m.away.join(", ")}.`) : "",
    m.caught.length ? h("p", {}, `Caught at the Escape station (cannot win): ${m.caught.join(", ")}.`) : ""
  );
  $("hs-hostages").replaceChildren(
    ...m.hostages.map((x) => h("li", {}, h("strong", {}, x.bandit), ` holds ${x.name}.`, h("span", { class: "help" }, x.help))),
    h("li", { class: "none" }, m.hostages_left)
  );
  $("hs-whiskey").textContent = m.sips ? `${m.whiskey} ${m.sips}` : m.whiskey;
  $("hs-stations").hidden = !m.bonus.length;
  $("hs-bonus").replaceChildren(...m.bonus.map((t) => h("li", {}, t)));
}
