// The train as SVG: cars and roofs, bandits, the Marshal and loot.
// Wide screens draw it as on the table, locomotive on the left; narrow ones (phones) stack
// the cars from the locomotive down, so pieces and loot counts stay large enough to read.
// Pieces (bandits, Marshal) are created once and kept, and only their CSS transform changes
// between views, so a CSS transition animates every move. The words (titles, description)
// are the server's captions; this file only draws.

import { colour, MARSHAL } from "./colours.js";

const NS = "http://www.w3.org/2000/svg";
const NARROW = 560; // px: below this width the cars are stacked

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const carTag = (car, cars, prison) =>
  car === 0 ? "Locomotive" : car === prison ? "Prison car" : car === cars ? "Caboose" : `Car ${car}`;
const carTitle = (car, cars, prison) =>
  car === prison ? "The prison car (the caboose), with its cell" : carTag(car, cars, prison);

// Where things go: one car is a box with a roof lane and an inside lane.
const ACROSS = {
  width: (cars) => 20 + (cars + 1) * 164 - 14,
  height: () => 214,
  box: (car) => ({ x: 10 + car * 164, y: 0, w: 150 }),
  lane: (box, roof) => ({ x: box.x + 18, w: box.w - 36, y: roof ? 38 : 112, lootY: roof ? 62 : 148 }),
  roofLine: 74,
  floor: 164,
  label: (box) => ({ x: box.x + 75, y: 208, anchor: "middle" }),
  // the prison car: the corridor on the left of its inside, the cell on the right
  cell: (box) => ({ x: box.x + 84, y: 84, w: 62, h: 78, pieceY: 136 }),
  corridor: (box) => ({ x: box.x + 14, w: 56, y: 112, lootY: 148 }),
};

const ROW = 104;
const DOWN = {
  width: () => 360,
  height: (cars) => 8 + (cars + 1) * ROW,
  box: (car) => ({ x: 86, y: 8 + car * ROW, w: 268 }),
  lane: (box, roof) => ({ x: box.x + 20, w: 112, y: box.y + (roof ? 20 : 66), lootY: box.y + (roof ? 20 : 66), lootX: box.x + 150 }),
  label: (box) => ({ x: 2, y: box.y + 71, anchor: "start" }),
  cell: (box) => ({ x: box.x + 190, y: box.y + 47, w: 76, h: 40, pieceY: box.y + 70 }),
  corridor: (box) => ({ x: box.x + 20, w: 100, y: box.y + 66, lootY: box.y + 66, lootX: box.x + 150 }),
};

export class TrainDrawing {
  constructor(svg) {
    this.svg = svg;
    this.cars = -1;
    this.prison = null; // the prison car's number (Marshal & Prisoners), else null
    this.shape = null;
    this.last = null;
    this.pieces = new Map(); // character name or "marshal" -> <g>
    this.title = el("title", { id: `${svg.id}-title` }, "The train");
    this.desc = el("desc", { id: `${svg.id}-desc` });
    svg.append(this.title, this.desc);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-labelledby", `${svg.id}-title ${svg.id}-desc`);
    this.body = el("g", { class: "cars" });
    this.lootLayer = el("g", { class: "loot-layer" });
    this.pieceLayer = el("g", { class: "pieces" });
    svg.append(this.body, this.lootLayer, this.pieceLayer);
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        if (this.last && this.pickShape() !== this.shape) this.render(...this.last);
      }).observe(svg.parentElement);
    }
  }

  pickShape() {
    const width = this.svg.parentElement.clientWidth || window.innerWidth;
    return width < NARROW ? DOWN : ACROSS;
  }

  drawCars(cars, prison) {
    const s = this.shape;
    this.cars = cars;
    this.prison = prison;
    this.svg.setAttribute("viewBox", `0 0 ${s.width(cars)} ${s.height(cars)}`);
    this.svg.classList.toggle("stacked", s === DOWN);
    this.body.replaceChildren();
    for (let car = 0; car <= cars; car += 1) {
      const b = s.box(car);
      const g = el("g", { class: car === 0 ? "car loco" : car === prison ? "car prison" : "car" });
      g.append(el("title", {}, carTitle(car, cars, prison)));
      if (s === ACROSS) {
        g.append(el("rect", { x: b.x + 4, y: s.roofLine, width: b.w - 8, height: 6, rx: 2, class: "roof" }));
        g.append(el("rect", { x: b.x, y: s.roofLine + 6, width: b.w, height: s.floor - s.roofLine - 6, rx: 6, class: "body" }));
        if (car === 0) g.append(el("rect", { x: b.x + 18, y: s.roofLine - 22, width: 22, height: 22, class: "chimney" }));
        else for (let w = 0; w < (car === prison ? 1 : 3); w += 1) g.append(el("rect", { x: b.x + 14 + w * 44, y: s.roofLine + 14, width: 32, height: 14, rx: 3, class: "window" }));
        g.append(el("rect", { x: b.x, y: s.floor, width: b.w, height: 6, class: "floor" }));
        for (const wx of [b.x + 28, b.x + b.w - 28]) g.append(el("circle", { cx: wx, cy: s.floor + 16, r: 10, class: "wheel" }));
        if (car < cars) g.append(el("rect", { x: b.x + b.w, y: s.floor - 14, width: 14, height: 5, class: "coupling" }));
      } else {
        g.append(el("rect", { x: b.x, y: b.y + 40, width: b.w, height: 6, rx: 2, class: "roof" }));
        g.append(el("rect", { x: b.x, y: b.y + 46, width: b.w, height: 42, rx: 6, class: "body" }));
        g.append(el("rect", { x: b.x, y: b.y + 88, width: b.w, height: 5, class: "floor" }));
      }
      if (car === prison) g.append(this.cellDrawing(s.cell(b)));
      const l = s.label(b);
      g.append(el("text", { x: l.x, y: l.y, class: "car-label", "text-anchor": l.anchor }, carTag(car, cars, prison)));
      this.body.append(g);
    }
    for (const piece of this.pieces.values()) piece.remove();
    this.pieces.clear();
  }

  /** The cell of the prison car: a barred room, named. */
  cellDrawing(c) {
    const g = el("g", { class: "cell" });
    g.append(el("rect", { x: c.x, y: c.y, width: c.w, height: c.h, rx: 3, class: "cell-room" }));
    for (let x = c.x + 8; x < c.x + c.w - 4; x += 12) {
      g.append(el("line", { x1: x, y1: c.y + 2, x2: x, y2: c.y + c.h - 2, class: "cell-bar" }));
    }
    g.append(el("text", { x: c.x + c.w / 2, y: c.y + 13, "text-anchor": "middle", class: "cell-label" }, "Cell"));
    return g;
  }

  piece(key, fill, letter) {
    let g = this.pieces.get(key);
    if (!g) {
      g = el("g", { class: key === "marshal" ? "piece marshal" : "piece bandit", "data-piece": key });
      g.append(el("title"));
      if (key === "marshal") {
        g.append(el("rect", { x: -13, y: -15, width: 26, height: 30, rx: 4, fill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, "\u2605"));
      } else {
        g.append(el("circle", { r: 14, fill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, letter));
      }
      g.dataset.fresh = "1";
      this.pieceLayer.append(g);
      this.pieces.set(key, g);
    }
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

  /** Draw a view; ``words`` are its captions (names, places, loot in words). */
  render(view, words) {
    this.last = [view, words];
    const shape = this.pickShape();
    const mp = view.mp || null;
    const prison = mp ? mp.prison_car : null;
    if (view.cars !== this.cars || shape !== this.shape || prison !== this.prison) {
      this.shape = shape;
      this.drawCars(view.cars, prison);
    }
    const cell = new Set(mp ? mp.in_cell : []);
    const offTrain = new Set(mp ? mp.off_train : []);
    const s = this.shape;
    const said = new Map((words.bandits || []).map((b) => [b.character, b]));
    const spaces = new Map(); // "car:roof" (or "car:cell") -> keys, the Marshal first
    const add = (car, roof, key) => {
      const k = `${car}:${roof}`;
      if (!spaces.has(k)) spaces.set(k, []);
      spaces.get(k).push(key);
    };
    if (view.marshal !== null && view.marshal !== undefined) add(view.marshal, false, "marshal");
    for (const b of view.bandits) {
      if (b.character === "marshal" && b.car !== null && !offTrain.has("marshal")) add(b.car, b.roof, "marshal");
    }
    for (const b of view.bandits) {
      if (b.character === "marshal" || b.car === null || offTrain.has(b.character)) continue;
      add(b.car, cell.has(b.character) ? "cell" : b.roof, b.character);
    }
    const seen = new Set();
    for (const [k, keys] of spaces) {
      const [carText, roofText] = k.split(":");
      const lane = this.laneOf(Number(carText), roofText);
      const step = keys.length > 1 ? Math.min(32, lane.w / (keys.length - 1)) : 0;
      const start = keys.length > 1 ? lane.x : lane.x + lane.w / 2;
      keys.forEach((key, i) => {
        seen.add(key);
        let g;
        if (key === "marshal") {
          g = this.piece("marshal", MARSHAL, "");
          const w = said.get("marshal");
          const you = view.seat !== null && view.seat !== undefined && mp && mp.marshal_seat === view.seat;
          g.querySelector("title").textContent = w ? `${w.name.charAt(0).toUpperCase()}${w.name.slice(1)}${you ? " (you)" : ""}: ${w.where}` : "The Marshal";
          g.classList.toggle("mine", Boolean(you));
        } else {
          const b = view.bandits.find((x) => x.character === key);
          const w = said.get(key) || { name: key, where: "", loot: "" };
          const you = view.seat !== null && view.seat !== undefined && b.seat === view.seat;
          g = this.piece(key, colour(key), w.name.slice(0, 2));
          g.querySelector("title").textContent = `${w.name}${you ? " (you)" : ""}: ${w.where}; ${w.loot}`;
          const acting = view.actor_bandit ? view.actor_bandit === key : view.actor === b.seat && !view.result;
          g.classList.toggle("acting", Boolean(acting));
          g.classList.toggle("mine", you);
        }
        this.place(g, start + i * step, lane.y);
      });
    }
    for (const [key, g] of this.pieces) g.classList.toggle("gone", !seen.has(key));
    this.renderLoot(view);
    this.desc.textContent = (words.train || []).join(" ");
  }

  /** Where the pieces of a space stand: its lane, or (prison car) the corridor or the cell. */
  laneOf(car, where) {
    const s = this.shape;
    const box = s.box(car);
    if (car === this.prison && where === "cell") {
      const c = s.cell(box);
      return { x: c.x + 16, w: c.w - 32, y: c.pieceY };
    }
    if (car === this.prison && where !== "true" && where !== true) return s.corridor(box);
    return s.lane(box, where === "true" || where === true);
  }

  renderLoot(view) {
    this.lootLayer.replaceChildren();
    for (const space of view.spaces) {
      if (!space.loot.length) continue;
      const lane = this.laneOf(space.car, space.roof);
      let x = lane.lootX ?? lane.x - 4;
      const y = lane.lootY;
      const group = el("g", { class: "space-loot", "aria-hidden": "true" });
      for (const kind of ["purse", "jewel", "strongbox", "mailbag"]) {
        const n = space.loot.filter((t) => t.kind === kind).length;
        if (!n) continue;
        group.append(lootIcon(kind, x, y));
        group.append(el("text", { x: x + 10, y: y + 5, class: "loot-count" }, `\u00d7${n}`));
        x += 44;
      }
      this.lootLayer.append(group);
    }
  }
}

export function lootIcon(kind, x, y) {
  if (kind === "purse") return el("circle", { cx: x, cy: y, r: 7, class: "loot purse" });
  if (kind === "jewel") {
    return el("polygon", { points: `${x},${y - 8} ${x + 7},${y} ${x},${y + 8} ${x - 7},${y}`, class: "loot jewel" });
  }
  if (kind === "mailbag") {
    return el("path", { d: `M${x - 7},${y - 5} h14 v10 h-14 z M${x - 7},${y - 5} l7,5 l7,-5`, class: "loot mailbag" });
  }
  return el("rect", { x: x - 8, y: y - 6, width: 16, height: 12, rx: 1, class: "loot strongbox" });
}
