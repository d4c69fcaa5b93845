// Colt Super Express's train as SVG: a line of cards from the locomotive to the caboose (one
// fewer each round), each with its roof and its inside, and on each floor the figures in
// their order from the locomotive side, each with an arrow for the way it faces (its gun
// points that way) and a mark when stunned; below the train, who is falling off it and who
// is out of the game.
// Wide screens draw the cards across, the locomotive on the left; narrow ones (phones) stack
// them from the locomotive down, each card a row with its roof above its inside, the figures
// still in order from left (the locomotive side) to right. Pieces are created once and moved
// with a CSS transform, so each move on the train is animated (a figure thrown off it lands
// in its box at once). The words (titles, description) are the
// server's captions; this file only draws.

import { colour } from "./colours.js";
import { capital } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";
const NARROW = 560; // px: below this width the cards are stacked
const STEP = 44; // px between two figures on a floor
const R = 13; // a figure's radius

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const carTag = (car, caboose) => (car === 0 ? "Locomotive" : car === caboose ? "Caboose" : `Car ${car}`);

// Across: each card as wide as its most crowded floor needs.
const ACROSS = {
  gap: 14,
  roofY: 40,
  insideY: 124,
  roofLine: 72,
  floor: 160,
  label: 204,
  off: { y: 226, h: 64 },
  height: 298,
  cardWidth: (k) => Math.max(150, 34 + STEP * Math.max(1, k)),
};
// Stacked (phones): one row per card, the roof lane above the inside lane.
const ROW = 100;
const DOWN = { width: 360, left: 94, lane: 250, roof: 24, inside: 70, offRow: 70 };

export class SuperTrainDrawing {
  constructor(svg) {
    this.svg = svg;
    this.key = null;
    this.last = null;
    this.pieces = new Map(); // character -> <g>
    this.title = el("title", { id: `${svg.id}-title` }, "The train");
    this.desc = el("desc", { id: `${svg.id}-desc` });
    svg.replaceChildren(this.title, this.desc);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-labelledby", `${svg.id}-title ${svg.id}-desc`);
    svg.classList.add("super");
    this.body = el("g", { class: "cars" });
    this.pieceLayer = el("g", { class: "pieces" });
    svg.append(this.body, this.pieceLayer);
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        if (this.last && this.pickShape() !== this.shape) this.render(...this.last);
      }).observe(svg.parentElement);
    }
  }

  pickShape() {
    const width = this.svg.parentElement.clientWidth || window.innerWidth;
    return width < NARROW ? "down" : "across";
  }

  /** Where each card is: across, boxes side by side sized by their crowd; stacked, rows. */
  layout(view) {
    const boxes = [];
    if (this.shape === "across") {
      let x = 10;
      for (const c of view.cars) {
        const w = ACROSS.cardWidth(Math.max(c.roof.length, c.inside.length));
        boxes.push({ x, y: 0, w });
        x += w + ACROSS.gap;
      }
      const width = Math.max(x - ACROSS.gap + 10, 2 * 164 + 10);
      const half = Math.round((width - 30) * 0.4);
      const { y, h } = ACROSS.off;
      return {
        boxes, width, height: ACROSS.height,
        off: { falling: { x: 10, y, w: half, h }, out: { x: 20 + half, y, w: width - 30 - half, h } },
      };
    }
    view.cars.forEach((c, i) => boxes.push({ x: DOWN.left, y: 8 + i * ROW, w: DOWN.lane + 8 }));
    const y = 8 + view.cars.length * ROW;
    const h = DOWN.offRow;
    return {
      boxes, width: DOWN.width, height: y + 2 * h + 14,
      off: { falling: { x: 4, y, w: DOWN.width - 8, h }, out: { x: 4, y: y + h + 6, w: DOWN.width - 8, h } },
    };
  }

  /** The lane of a floor: where its figures stand, in order from the left. */
  lane(car, roof) {
    const b = this.boxes[car];
    if (this.shape === "across") return { x: b.x + 17 + R, w: b.w - 34 - 2 * R, y: roof ? ACROSS.roofY : ACROSS.insideY };
    return { x: b.x + 10 + R, w: b.w - 20 - 2 * R, y: b.y + (roof ? DOWN.roof : DOWN.inside) };
  }

  drawCars(view, lay) {
    const caboose = view.caboose;
    this.svg.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
    this.svg.classList.toggle("stacked", this.shape === "down");
    this.body.replaceChildren();
    view.cars.forEach((c, car) => {
      const b = lay.boxes[car];
      const g = el("g", { class: car === 0 ? "car loco" : "car", "data-car": car });
      g.append(el("title", {}, car === 0 ? "The locomotive" : car === caboose ? `Car ${car}, the caboose: it comes off at the end of the round` : `Car ${car}`));
      if (this.shape === "across") {
        g.append(el("rect", { x: b.x + 4, y: ACROSS.roofLine, width: b.w - 8, height: 6, rx: 2, class: "roof" }));
        g.append(el("rect", { x: b.x, y: ACROSS.roofLine + 6, width: b.w, height: ACROSS.floor - ACROSS.roofLine - 6, rx: 6, class: "body" }));
        if (car === 0) g.append(el("rect", { x: b.x + 18, y: ACROSS.roofLine - 22, width: 22, height: 22, class: "chimney" }));
        g.append(el("rect", { x: b.x, y: ACROSS.floor, width: b.w, height: 6, class: "floor" }));
        for (const wx of [b.x + 28, b.x + b.w - 28]) g.append(el("circle", { cx: wx, cy: ACROSS.floor + 16, r: 10, class: "wheel" }));
        if (car < caboose) g.append(el("rect", { x: b.x + b.w, y: ACROSS.floor - 14, width: ACROSS.gap, height: 5, class: "coupling" }));
        g.append(el("text", { x: b.x + b.w / 2, y: ACROSS.label, class: "car-label", "text-anchor": "middle" }, carTag(car, caboose)));
      } else {
        g.append(el("rect", { x: b.x, y: b.y + 44, width: b.w, height: 6, rx: 2, class: "roof" }));
        g.append(el("rect", { x: b.x, y: b.y + 50, width: b.w, height: 42, rx: 6, class: "body" }));
        g.append(el("rect", { x: b.x, y: b.y + 92, width: b.w, height: 4, class: "floor" }));
        g.append(el("text", { x: 2, y: b.y + 75, class: "car-label" }, carTag(car, caboose)));
      }
      this.body.append(g);
    });
    const boxes = [
      ["falling", "Falling off the train", "Falling off the train: only a Horse card revealed next this round saves them"],
      ["out", "Out of the game", "Out of the game"],
    ];
    for (const [kind, label, title] of boxes) {
      const o = lay.off[kind];
      const g = el("g", { class: `off-train ${kind}`, "data-off": kind });
      g.append(el("title", {}, title));
      g.append(el("rect", { x: o.x, y: o.y, width: o.w, height: o.h, rx: 8, class: "off-strip" }));
      g.append(el("text", { x: o.x + 8, y: o.y + 17, class: "off-label" }, label));
      this.body.append(g);
    }
  }

  piece(key, fill, letters) {
    let g = this.pieces.get(key);
    if (!g) {
      g = el("g", { class: "piece bandit se-piece", "data-piece": key });
      g.append(el("title"));
      const turn = el("g", { class: "turn" });
      turn.append(el("polygon", { points: `${R + 1},-7 ${R + 10},0 ${R + 1},7`, class: "facing-arrow" }));
      g.append(turn);
      g.append(el("circle", { r: R, fill, class: "disc" }));
      g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, letters));
      const mark = el("g", { class: "stun-mark", transform: `translate(${-R + 1},${-R + 1})` });
      mark.append(el("circle", { r: 7, class: "stun-bg" }));
      mark.append(el("path", { d: "M-4,-3 L4,-3 L-4,3 L4,3", class: "stun-z" }));
      g.append(mark);
      g.dataset.fresh = "1";
      this.pieceLayer.append(g);
      this.pieces.set(key, g);
    }
    return g;
  }

  place(g, x, y) {
    const value = `translate(${x}px, ${y}px)`;
    g.dataset.x = String(Math.round(x));
    g.dataset.y = String(Math.round(y));
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

  /** Draw a view; ``words`` are its captions (names, places, Loot cards in words). */
  render(view, words) {
    this.last = [view, words];
    const shape = this.pickShape();
    const crowd = view.cars.map((c) => Math.max(c.roof.length, c.inside.length));
    const key = [shape, view.cars.length, this.shape === "across" ? crowd.join(",") : ""].join("|");
    this.shape = shape;
    const lay = this.layout(view);
    this.boxes = lay.boxes;
    if (key !== this.key) {
      this.key = key;
      this.drawCars(view, lay);
    }
    const said = new Map((words.bandits || []).map((b) => [b.character, b]));
    const bandits = new Map(view.bandits.map((b) => [b.character, b]));
    const seen = new Set();
    const put = (character, space, order, x, y) => {
      const b = bandits.get(character);
      const w = said.get(character) || { name: character, where: "", loot: "" };
      const g = this.piece(character, colour(character), w.name.slice(0, 2));
      const you = view.seat !== null && view.seat !== undefined && b.seat === view.seat;
      g.querySelector("title").textContent = `${capital(w.name)}${you ? " (you)" : ""}: ${w.where}; ${w.loot}`;
      // off the train or into another box below it, a figure does not glide (its way would
      // cross the cars' and the boxes' titles): it is drawn at once where it lands
      const off = (s) => s === "falling" || s === "out";
      if (g.dataset.space !== undefined && g.dataset.space !== space && (off(space) || off(g.dataset.space))) g.dataset.fresh = "1";
      g.dataset.space = space;
      g.dataset.order = String(order);
      g.dataset.facing = b.facing;
      g.dataset.stunned = b.stunned ? "1" : "0";
      g.querySelector(".turn").setAttribute("transform", b.facing === "locomotive" ? "scale(-1,1)" : "");
      g.classList.toggle("stunned", b.stunned);
      g.classList.toggle("falling", b.falling);
      g.classList.toggle("out", b.out);
      g.classList.toggle("mine", you);
      g.classList.toggle("acting", view.actor_bandit === character && !view.result);
      this.place(g, x, y);
      seen.add(character);
    };
    view.cars.forEach((c, car) => {
      for (const roof of [true, false]) {
        const figures = roof ? c.roof : c.inside;
        const lane = this.lane(car, roof);
        const step = figures.length > 1 ? Math.min(STEP, lane.w / (figures.length - 1)) : 0;
        const start = figures.length > 1 ? lane.x + (lane.w - step * (figures.length - 1)) / 2 : lane.x + lane.w / 2;
        figures.forEach((ch, i) => put(ch, `${car}:${roof ? "roof" : "inside"}`, i, start + i * step, lane.y));
      }
    });
    // off the train: who is falling, and who is out of the game
    for (const kind of ["falling", "out"]) {
      const off = view.bandits.filter((b) => b[kind]);
      const o = lay.off[kind];
      const step = off.length > 1 ? Math.min(STEP, (o.w - 2 * R - 24) / (off.length - 1)) : 0;
      off.forEach((b, i) => put(b.character, kind, i, o.x + 12 + R + i * step, o.y + o.h - R - 8));
    }
    for (const [k, g] of this.pieces) {
      g.classList.toggle("gone", !seen.has(k));
      if (!seen.has(k)) delete g.dataset.space;
    }
    this.desc.textContent = (words.train || []).join(" ");
  }
}
