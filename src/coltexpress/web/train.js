// The train as SVG: cars and roofs, bandits, the Marshal and loot.
// Pieces (bandits, Marshal) are created once and kept, and only their CSS transform changes
// between views, so a CSS transition animates every move.

import { cap, colour, lootSummary, placeName, trainSentences } from "./labels.js";

const NS = "http://www.w3.org/2000/svg";
const CW = 150; // car width
const GAP = 14;
const LEFT = 10;
const ROOF_Y = 38; // centre of a bandit on a roof
const ROOF_LOOT_Y = 62;
const ROOF_LINE = 74;
const IN_Y = 112; // centre of a bandit inside
const IN_LOOT_Y = 148;
const FLOOR = 164;
const HEIGHT = 210;

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const carX = (car) => LEFT + car * (CW + GAP);

export class TrainDrawing {
  constructor(svg) {
    this.svg = svg;
    this.cars = -1;
    this.pieces = new Map(); // character name or "marshal" -> <g>
    this.title = el("title", { id: "train-title" }, "The train");
    this.desc = el("desc", { id: "train-desc" });
    svg.append(this.title, this.desc);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-labelledby", "train-title train-desc");
    this.body = el("g", { class: "cars" });
    this.lootLayer = el("g", { class: "loot-layer" });
    this.pieceLayer = el("g", { class: "pieces" });
    svg.append(this.body, this.lootLayer, this.pieceLayer);
  }

  drawCars(cars) {
    this.cars = cars;
    const width = LEFT * 2 + (cars + 1) * (CW + GAP) - GAP;
    this.svg.setAttribute("viewBox", `0 0 ${width} ${HEIGHT}`);
    this.body.replaceChildren();
    for (let car = 0; car <= cars; car += 1) {
      const x = carX(car);
      const g = el("g", { class: car === 0 ? "car loco" : "car" });
      const name = placeName(car, false, cars).replace("inside ", "");
      g.append(el("title", {}, cap(name)));
      // roof and body
      g.append(el("rect", { x: x + 4, y: ROOF_LINE, width: CW - 8, height: 6, rx: 2, class: "roof" }));
      g.append(el("rect", { x, y: ROOF_LINE + 6, width: CW, height: FLOOR - ROOF_LINE - 6, rx: 6, class: "body" }));
      if (car === 0) {
        g.append(el("rect", { x: x + 18, y: ROOF_LINE - 22, width: 22, height: 22, class: "chimney" }));
      } else {
        for (let w = 0; w < 3; w += 1) {
          g.append(el("rect", { x: x + 14 + w * 44, y: ROOF_LINE + 14, width: 32, height: 14, rx: 3, class: "window" }));
        }
      }
      g.append(el("rect", { x, y: FLOOR, width: CW, height: 6, class: "floor" }));
      for (const wx of [x + 28, x + CW - 28]) {
        g.append(el("circle", { cx: wx, cy: FLOOR + 16, r: 10, class: "wheel" }));
      }
      if (car < cars) {
        g.append(el("rect", { x: x + CW, y: FLOOR - 14, width: GAP, height: 5, class: "coupling" }));
      }
      const label = car === 0 ? "Locomotive" : car === cars ? `Caboose (car ${car})` : `Car ${car}`;
      g.append(el("text", { x: x + CW / 2, y: HEIGHT - 4, class: "car-label", "text-anchor": "middle" }, label));
      this.body.append(g);
    }
    for (const piece of this.pieces.values()) piece.remove();
    this.pieces.clear();
  }

  piece(key, colourFill, letter, title) {
    let g = this.pieces.get(key);
    if (!g) {
      g = el("g", { class: key === "marshal" ? "piece marshal" : "piece bandit", "data-piece": key });
      g.append(el("title"));
      if (key === "marshal") {
        g.append(el("rect", { x: -13, y: -15, width: 26, height: 30, rx: 4, fill: colourFill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, "\u2605"));
      } else {
        g.append(el("circle", { r: 14, fill: colourFill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, letter));
      }
      g.style.opacity = "0";
      this.pieceLayer.append(g);
      this.pieces.set(key, g);
      // first placement without a transition, then fade in
      requestAnimationFrame(() => {
        g.style.opacity = "";
      });
      g.dataset.fresh = "1";
    }
    g.querySelector("title").textContent = title;
    return g;
  }

  place(g, x, y) {
    const value = `translate(${x}px, ${y}px)`;
    if (g.dataset.fresh) {
      g.style.transition = "none";
      g.style.transform = value;
      g.getBoundingClientRect();
      g.style.transition = "";
      delete g.dataset.fresh;
    } else {
      g.style.transform = value;
    }
  }

  render(view) {
    if (view.cars !== this.cars) this.drawCars(view.cars);
    const actor = view.actor_bandit ?? null;
    const actorSeat = view.actor;
    // Who stands in each space, in seat order; the Marshal first inside his car.
    const spaces = new Map();
    const add = (car, roof, key) => {
      const k = `${car}:${roof}`;
      if (!spaces.has(k)) spaces.set(k, []);
      spaces.get(k).push(key);
    };
    if (view.marshal !== null && view.marshal !== undefined) add(view.marshal, false, "marshal");
    for (const b of view.bandits) if (b.car !== null) add(b.car, b.roof, b.character);
    const seen = new Set();
    for (const [k, keys] of spaces) {
      const [carText, roofText] = k.split(":");
      const car = Number(carText);
      const roof = roofText === "true";
      const step = keys.length > 1 ? Math.min(30, (CW - 32) / (keys.length - 1)) : 0;
      const start = carX(car) + 18 + (keys.length > 1 ? 0 : CW / 2 - 18);
      keys.forEach((key, i) => {
        seen.add(key);
        const where = placeName(car, roof, view.cars);
        let g;
        if (key === "marshal") {
          g = this.piece("marshal", "#d4a017", "", `The Marshal, ${where}`);
        } else {
          const b = view.bandits.find((x) => x.character === key);
          const you = view.seat !== null && b.seat === view.seat;
          g = this.piece(key, colour(key), cap(key).slice(0, 2),
            `${cap(key)} (seat ${b.seat}${you ? ", you" : ""}), ${where}; ` +
            `${lootSummary(b.loot, you)}; ${b.bullets_received} bullets received`);
          const acting = actor ? actor === key : actorSeat === b.seat && !view.result;
          g.classList.toggle("acting", Boolean(acting));
          g.classList.toggle("mine", you);
        }
        this.place(g, start + i * step, roof ? ROOF_Y : IN_Y);
      });
    }
    for (const [key, g] of this.pieces) {
      g.classList.toggle("gone", !seen.has(key));
    }
    this.renderLoot(view);
    this.desc.textContent = trainSentences(view).join(" ");
  }

  renderLoot(view) {
    this.lootLayer.replaceChildren();
    for (const space of view.spaces) {
      if (!space.loot.length) continue;
      const y = space.roof ? ROOF_LOOT_Y : IN_LOOT_Y;
      let x = carX(space.car) + 14;
      const group = el("g", { class: "space-loot" });
      group.append(el("title", {}, `${cap(placeName(space.car, space.roof, view.cars))}: ${lootSummary(space.loot, false)}`));
      for (const kind of ["purse", "jewel", "strongbox"]) {
        const n = space.loot.filter((t) => t.kind === kind).length;
        if (!n) continue;
        group.append(lootIcon(kind, x, y));
        group.append(el("text", { x: x + 10, y: y + 4, class: "loot-count" }, `\u00d7${n}`));
        x += 42;
      }
      this.lootLayer.append(group);
    }
  }
}

export function lootIcon(kind, x, y) {
  if (kind === "purse") return el("circle", { cx: x, cy: y, r: 6, class: "loot purse" });
  if (kind === "jewel") {
    return el("polygon", { points: `${x},${y - 7} ${x + 6},${y} ${x},${y + 7} ${x - 6},${y}`, class: "loot jewel" });
  }
  return el("rect", { x: x - 7, y: y - 5, width: 14, height: 10, rx: 1, class: "loot strongbox" });
}
