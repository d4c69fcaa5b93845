// The rules panel, built from the server's display-name table and rules help of the table
// (GET /api/rules?table=…: its game, expansions and variants only): the same words as the
// terminal's help.

import { h } from "./dom.js";

export async function loadRules(box, tableId) {
  let rules;
  try {
    const r = await fetch(`/api/rules?table=${encodeURIComponent(tableId)}`);
    if (!r.ok) throw new Error(String(r.status));
    rules = await r.json();
  } catch {
    box.replaceChildren(h("p", {}, "The rules could not be loaded."));
    return;
  }
  const table = rules.names;
  const parts = [h("p", {}, table.overview)];
  for (const [key, title] of rules.sections) {
    const entries = Object.entries(rules.topics[key] || {});
    if (!entries.length) continue;
    parts.push(
      h("h3", {}, title),
      h("dl", { class: "rules-list" },
        ...entries.flatMap(([name, help]) => {
          const entry = (table[key] || {})[name]; // an expansion's own topics have no names here
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
