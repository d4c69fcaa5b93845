// Words for what a view shows: the browser twin of coltexpress/tui/describe.py.
// Everything here reads a view dict (Game.view(seat)) or an action in notation; it never
// decides a rule. tests/web checks label() against the Python label for every action.

export const CARD_NAMES = {
  move: "Move",
  floor: "Change Floor",
  shoot: "Shoot",
  rob: "Rob",
  punch: "Punch",
  marshal: "Marshal",
  bullet: "Bullet",
};
export const TURN_NAMES = { S: "standard", T: "tunnel", Sp: "speeding-up", Sw: "switching" };
const WAY = { forward: "toward the locomotive", back: "toward the caboose" };

export const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const who = (name) => (name ? cap(name) : "the Marshal");

export function cardLabel(card) {
  const at = card.indexOf("@");
  const kind = at < 0 ? card : card.slice(0, at);
  const [bandit, number] = (at < 0 ? "" : card.slice(at + 1)).split(":");
  const text = CARD_NAMES[kind] ?? kind;
  if (kind === "bullet") return bandit ? `Bullet ${number} (${who(bandit)})` : "Neutral bullet";
  return bandit ? `${text} (${who(bandit)})` : text;
}

/** A short English label for an action in notation (same words as the terminal). */
export function label(action) {
  const w = action.trim().toLowerCase().split(/\s+/);
  const [verb, ...rest] = w;
  switch (verb) {
    case "draw":
      return "Draw 3 cards";
    case "pass":
      return "Pass (decline)";
    case "play":
      return `Play ${cardLabel(rest[0])}` + (rest[1] === "down" ? " face down" : "");
    case "pick":
      return rest[0].startsWith("bullet") ? "Pick a bullet card" : `Pick ${cardLabel(rest[0])}`;
    case "keep":
      return rest[0].startsWith("bullet") ? "Keep a bullet card" : `Keep ${cardLabel(rest[0])}`;
    case "place":
      return `Put ${who(rest[0])} in the caboose`;
    case "move": {
      const n = Number(rest[1]);
      return `Move ${n} car${n > 1 ? "s" : ""} ${WAY[rest[0]]}`;
    }
    case "floor":
      return rest.length ? `Change floor diagonally ${WAY[rest[0]]}` : "Change floor (same car)";
    case "shoot":
      return `Shoot ${who(rest[0])}`;
    case "rob": {
      const [kind, token] = rest[0].split("#");
      if (token !== undefined) return `Rob the ${kind} #${token}`;
      return `Rob a ${kind}` + (kind === "purse" ? " (value unseen)" : "");
    }
    case "punch": {
      const [target, loot, dir, take] = rest;
      const drops = !loot || loot === "nothing" ? "he drops nothing" : `he drops a ${loot}`;
      return `Punch ${who(target)}: ${drops}${take ? " (you keep it)" : ""}, push him ${WAY[dir]}`;
    }
    case "marshal":
      return `Move the Marshal ${WAY[rest[0]]}`;
    case "take": {
      const token = (rest[0] || "").split("#")[1];
      return token === undefined
        ? "Take a purse (Pickpocketing)"
        : `Take the purse #${token} (Pickpocketing)`;
    }
    default:
      return action;
  }
}

/** label() with what the view adds: how many cards a draw really gives. */
export function optionLabel(action, view) {
  if (action === "draw" && view.seat !== null && view.seat !== undefined) {
    const deck = view.players[view.seat].deck_size;
    if (deck === 0) return "Draw 3 cards (your discard pile becomes your deck)";
    if (deck < 3) return `Draw ${deck} card${deck > 1 ? "s" : ""} (all your deck)`;
  }
  return label(action);
}

export function carName(car, cars) {
  if (car === 0) return "the locomotive";
  return car === cars ? "the caboose" : `car ${car}`;
}

export function placeName(car, roof, cars) {
  const where = carName(car, cars);
  return roof ? `on the roof of ${where}` : `inside ${where}`;
}

function plural(n, word) {
  const suffix = n === 1 ? "" : /[sx]$/.test(word) ? "es" : "s";
  return `${n} ${word}${suffix}`;
}

/** '2 purses ($250, ?), 1 jewel': values only where the view gives them. */
export function lootSummary(loot, values = true) {
  if (!loot.length) return "no loot";
  const parts = [];
  for (const kind of ["purse", "jewel", "strongbox"]) {
    const tokens = loot.filter((t) => t.kind === kind);
    if (!tokens.length) continue;
    let text = plural(tokens.length, kind);
    if (values && tokens.some((t) => "value" in t)) {
      text += " (" + tokens.map((t) => ("value" in t ? `$${t.value}` : "?")).join(", ") + ")";
    }
    parts.push(text);
  }
  return parts.join(", ");
}

export function banditWhere(b, cars) {
  return b.car === null ? "off the train" : placeName(b.car, b.roof, cars);
}

/** The train in sentences, locomotive first: who and what is where. */
export function trainSentences(view) {
  const cars = view.cars;
  const lines = [];
  for (const space of view.spaces) {
    const { car, roof } = space;
    const names = view.bandits
      .filter((b) => b.car === car && b.roof === roof)
      .map((b) => cap(b.character));
    if (!roof && view.marshal === car) names.push("the Marshal");
    const things = [];
    if (names.length) things.push(names.join(", "));
    if (space.loot.length) things.push(lootSummary(space.loot, false));
    if (things.length) {
      const where = placeName(car, roof, cars);
      lines.push(`${cap(where)}: ${things.join("; ")}.`);
    }
  }
  lines.push(`The train has the locomotive and ${cars} cars; car ${cars} is the caboose.`);
  return lines;
}

/** One sentence per bandit: "Belle is on the roof of car 2". */
export function banditSentences(view) {
  const out = view.bandits.map(
    (b) => `${cap(b.character)} is ${banditWhere(b, view.cars)}.`
  );
  if (view.marshal !== null && view.marshal !== undefined) {
    out.push(`The Marshal is ${placeName(view.marshal, false, view.cars)}.`);
  }
  return out;
}

/** Round, round card, turn and who must decide what. */
export function situation(view, seatName = (s) => `seat ${s}`) {
  if (view.result) return "The game is over.";
  const card = view.round_card;
  const parts = [`Round ${view.round} of ${view.rounds}`];
  if (card) {
    const turns = card.turns;
    parts.push(
      `${card.name} (turns ${turns.join(" ")}` + (card.event ? `; event ${card.event})` : ")")
    );
    if (view.turn !== null && (view.decision === "play" || view.decision === "cover")) {
      const t = turns[view.turn];
      parts.push(`turn ${view.turn + 1} of ${turns.length}, ${TURN_NAMES[t] ?? t}`);
    }
  }
  const bandit = view.actor_bandit;
  const two = view.actor !== null && view.players[view.actor].bandits.length > 1;
  const whose = bandit && two ? ` for ${cap(bandit)}` : "";
  parts.push(`${seatName(view.actor)} to decide: ${view.decision}${whose}`);
  return parts.join(", ") + ".";
}

/** One row per seat from view.result: characters, loot, Gunslinger, total, winner. */
export function scoreRows(view) {
  const r = view.result;
  return view.players.map((p) => {
    const s = p.seat;
    return {
      seat: s,
      bandits: p.bandits.map(cap).join("+"),
      loot: r.loot[s],
      gunslinger: r.gunslingers.includes(s) ? 1000 : 0,
      total: r.totals[s],
      received: r.received[s],
      winner: r.winners.includes(s),
    };
  });
}

/** A bandit's colour, for the drawing and the player panel (text always says the name). */
export const COLOURS = {
  belle: "#c2417a",
  cheyenne: "#2f8f5b",
  django: "#3b5fc0",
  doc: "#5b3a8c",
  ghost: "#6b6f7a",
  tuco: "#c2691f",
  mei: "#0f7c8c",
};
export const colour = (name) => COLOURS[name] ?? "#444";
