// The rules panel, built from the server's display-name table and rules help of the table's
// game (GET /api/rules?game=…): the same words as the terminal's help.

import { h } from "./dom.js";

const SECTIONS = [
  ["cards", "Cards"],
  ["turns", "Turns of a round"],
  ["powers", "Powers of the bandits"],
  ["events", "Events and train stations"],
  ["variants", "Variants"],
];

export async function loadRules(box, game = "colt-express") {
  let rules;
  try {
    const r = await fetch(`/api/rules?game=${encodeURIComponent(game)}`);
    if (!r.ok) throw new Error(String(r.status));
    rules = await r.json();
  } catch {
    box.replaceChildren(h("p", {}, "The rules could not be loaded."));
    return;
  }
  const table = rules.names;
  const parts = [h("p", {}, table.overview)];
  for (const [key, title] of rules.sections || SECTIONS) {
    const entries = Object.entries(rules.topics[key] || {});
    if (!entries.length) continue;
    parts.push(
      h("h3", {}, title),
      h("dl", { class: "rules-list" },
        ...entries.flatMap(([name, help]) => {
          const entry = table[key][name];
          const label = entry && typeof entry === "object" ? entry.name : name;
          const [head, ...rest] = help.split(": ");
          const text = rest.length ? rest.join(": ") : help;
          const term = key === "powers" ? label : rest.length ? head : label;
          return [h("dt", {}, term), h("dd", {}, text.charAt(0).toUpperCase() + text.slice(1))];
        }))
    );
  }
  box.replaceChildren(...parts);
}
