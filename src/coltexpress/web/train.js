// The train as SVG: cars and roofs, bandits, the Marshal and loot; with Horses & Stagecoach
// the road beside the train: the stagecoach (inside and roof) beside its car, the Shotgun,
// horses beside their cars and the riders of the Horse Attack.
// Wide screens draw it as on the table, locomotive on the left, the road below the train;
// narrow ones (phones) stack the cars from the locomotive down, so pieces and loot counts stay
// large enough to read: there the stagecoach is a row of its own just below the car it stands
// beside, and the horses stand in the car's label column.
// Pieces (bandits, the Marshal, the Shotgun) are created once and kept, and only their CSS
// transform changes between views, so a CSS transition animates every move. The words
// (titles, description) are the server's captions; this file only draws.

import { colour, MARSHAL } from "./colours.js";

const NS = "http://www.w3.org/2000/svg";
const NARROW = 560; // px: below this width the cars are stacked
const SHOTGUN = "#2b2b30";

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

// Where things go: one car is a box with a roof lane and an inside lane. With Horses &
// Stagecoach (``road``) the stagecoach is a box with the same two lanes.
const ACROSS = {
  width: (cars) => 20 + (cars + 1) * 164 - 14,
  height: (cars, road) => (road ? 402 : 214),
  box: (car) => ({ x: 10 + car * 164, y: 0, w: 150 }),
  lane: (box, roof) => ({ x: box.x + 18, w: box.w - 36, y: roof ? 38 : 112, lootY: roof ? 62 : 148 }),
  roofLine: 74,
  floor: 164,
  label: (box) => ({ x: box.x + 75, y: 208, anchor: "middle" }),
  // the prison car: the corridor on the left of its inside, the cell on the right
  cell: (box) => ({ x: box.x + 84, y: 84, w: 62, h: 78, pieceY: 136 }),
  corridor: (box) => ({ x: box.x + 14, w: 56, y: 112, lootY: 148, lootRight: box.x + box.w - 4 }), // its loot may lie in front of the cell
  // the road beside the train (Horses & Stagecoach)
  road: { y: 220, h: 182 },
  horses: (box) => ({ x: box.x + 24, y: 238 }),
  coachBox: (box) => ({ x: box.x, y: 250, w: 150 }),
  coachLane: (cb, roof) => ({ x: cb.x + 18, w: cb.w - 36, y: roof ? 264 : 324, lootY: roof ? 288 : 346 }),
  ridersLane: (box) => ({ x: box.x + 18, w: box.w - 36, y: 300 }),
};

// A space's loot: each kind an icon and its count, which ends LOOT_END after the icon's
// centre; two icons LOOT_STEP apart, LOOT_CLOSEST at the closest; else a second line,
// LOOT_LINE below the first.
const LOOT_END = 30;
const LOOT_STEP = 44;
const LOOT_CLOSEST = 38;
const LOOT_LINE = 20;

const ROW = 104;
const DOWN = {
  width: () => 360,
  height: (rows) => 8 + rows * ROW,
  box: (row) => ({ x: 86, y: 8 + row * ROW, w: 268 }),
  lane: (box, roof) => ({ x: box.x + 20, w: 112, y: box.y + (roof ? 20 : 66), lootY: box.y + (roof ? 20 : 66), lootX: box.x + 150, lootRight: box.x + box.w - 4 }),
  label: (box) => ({ x: 2, y: box.y + 71, anchor: "start" }),
  cell: (box) => ({ x: box.x + 190, y: box.y + 47, w: 76, h: 40, pieceY: box.y + 70 }),
  corridor: (box) => ({ x: box.x + 20, w: 100, y: box.y + 66, lootY: box.y + 66, lootX: box.x + 150, lootRight: box.x + box.w - 4 }),
  horses: (box) => ({ x: 26, y: box.y + 90 }),
  coachBox: (row) => ({ x: 120, y: 8 + row * ROW, w: 234 }),
  coachLane: (cb, roof) => ({ x: cb.x + 16, w: 96, y: cb.y + (roof ? 20 : 66), lootY: cb.y + (roof ? 20 : 66), lootX: cb.x + 130, lootRight: cb.x + cb.w - 4 }),
  ridersLane: (row) => ({ x: 100, w: 240, y: 8 + row * ROW + 52 }),
};

/** The rows of the stacked drawing: the cars from the locomotive down, the stagecoach just
 * below the car it stands beside, the riders of the Horse Attack below the car they reached. */
function downRows(cars, coach, attack) {
  const rows = [];
  for (let car = 0; car <= cars; car += 1) {
    rows.push({ kind: "car", car });
    if (car === coach) rows.push({ kind: "coach", car });
    if (car === attack) rows.push({ kind: "riders", car });
  }
  return rows;
}

export class TrainDrawing {
  constructor(svg) {
    this.svg = svg;
    this.key = null; // what the cars' drawing was made for
    this.cars = -1;
    this.prison = null; // the prison car's number (Marshal & Prisoners), else null
    this.shape = null;
    this.rows = null; // the stacked drawing's rows
    this.hs = false; // Horses & Stagecoach: the road beside the train
    this.last = null;
    this.pieces = new Map(); // character name, "marshal" or "shotgun" -> <g>
    this.title = el("title", { id: `${svg.id}-title` }, "The train");
    this.desc = el("desc", { id: `${svg.id}-desc` });
    svg.append(this.title, this.desc);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-labelledby", `${svg.id}-title ${svg.id}-desc`);
    this.body = el("g", { class: "cars" });
    this.roadLayer = el("g", { class: "road-layer" });
    this.lootLayer = el("g", { class: "loot-layer" });
    this.pieceLayer = el("g", { class: "pieces" });
    svg.append(this.body, this.roadLayer, this.lootLayer, this.pieceLayer);
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

  /** The box of a car (its row in the stacked drawing). */
  box(car) {
    if (this.shape === ACROSS) return ACROSS.box(car);
    return DOWN.box(this.rows.findIndex((r) => r.kind === "car" && r.car === car));
  }

  /** The stagecoach's box, beside the car ``car``. */
  coachBox(car) {
    if (this.shape === ACROSS) return ACROSS.coachBox(ACROSS.box(car));
    return DOWN.coachBox(this.rows.findIndex((r) => r.kind === "coach"));
  }

  drawCars(cars, prison, coach, attack) {
    const s = this.shape;
    this.cars = cars;
    this.prison = prison;
    this.rows = s === DOWN ? downRows(cars, coach, attack) : null;
    const height = s === DOWN ? s.height(this.rows.length) : s.height(cars, this.hs);
    this.svg.setAttribute("viewBox", `0 0 ${s.width(cars)} ${height}`);
    this.svg.classList.toggle("stacked", s === DOWN);
    this.body.replaceChildren();
    if (this.hs && s === ACROSS) {
      this.body.append(el("rect", { x: 0, y: s.road.y, width: s.width(cars), height: s.road.h, rx: 8, class: "road" }));
    }
    for (let car = 0; car <= cars; car += 1) {
      const b = this.box(car);
      const g = el("g", { class: car === 0 ? "car loco" : car === prison ? "car prison" : "car", "data-car": car });
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
    if (s === DOWN) {
      this.rows.forEach((row, i) => {
        if (row.kind !== "riders") return;
        const y = 8 + i * ROW;
        const g = el("g", { class: "riders-row" });
        g.append(el("title", {}, "The riders of the Horse Attack, beside the car above"));
        g.append(el("rect", { x: 90, y: y + 30, width: 264, height: 44, rx: 8, class: "road" }));
        g.append(el("text", { x: 2, y: y + 71, class: "car-label" }, "Riders"));
        this.body.append(g);
      });
    }
    if (this.hs) this.body.append(this.coachDrawing(this.coachBox(coach)));
  }

  /** The stagecoach: a roof and a body on big wheels, named. */
  coachDrawing(cb) {
    const s = this.shape;
    const g = el("g", { class: "stagecoach", "data-coach": "1" });
    g.append(el("title", {}, "The stagecoach, beside the train"));
    if (s === ACROSS) {
      g.append(el("rect", { x: cb.x + 8, y: 298, width: cb.w - 16, height: 6, rx: 2, class: "coach-roof" }));
      g.append(el("rect", { x: cb.x + 4, y: 304, width: cb.w - 8, height: 48, rx: 10, class: "coach-body" }));
      g.append(el("rect", { x: cb.x + 56, y: 310, width: 38, height: 16, rx: 3, class: "window" }));
      for (const wx of [cb.x + 30, cb.x + cb.w - 30]) g.append(el("circle", { cx: wx, cy: 364, r: 12, class: "coach-wheel" }));
      g.append(el("text", { x: cb.x + cb.w / 2, y: 396, class: "car-label", "text-anchor": "middle" }, "Stagecoach"));
    } else {
      g.append(el("rect", { x: cb.x + 4, y: cb.y + 40, width: cb.w - 8, height: 6, rx: 2, class: "coach-roof" }));
      g.append(el("rect", { x: cb.x, y: cb.y + 46, width: cb.w, height: 40, rx: 10, class: "coach-body" }));
      for (const wx of [cb.x + 26, cb.x + cb.w - 26]) g.append(el("circle", { cx: wx, cy: cb.y + 90, r: 9, class: "coach-wheel" }));
      g.append(el("text", { x: 2, y: cb.y + 71, class: "car-label" }, "Stagecoach"));
    }
    return g;
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
      const kind = key === "marshal" ? "marshal" : key === "shotgun" ? "shotgun" : "bandit";
      g = el("g", { class: `piece ${kind}`, "data-piece": key });
      g.append(el("title"));
      if (key === "marshal") {
        g.append(el("rect", { x: -13, y: -15, width: 26, height: 30, rx: 4, fill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, "\u2605"));
      } else if (key === "shotgun") {
        g.append(el("rect", { x: -12, y: -12, width: 24, height: 24, rx: 3, fill, transform: "rotate(45)" }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, "Sg"));
      } else {
        g.append(el("circle", { r: 14, fill }));
        g.append(el("text", { y: 5, "text-anchor": "middle", class: "piece-letter" }, letter));
        g.append(el("circle", { r: 5, cx: 12, cy: -12, class: "chosen-mark" }));
      }
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

  /** Draw a view; ``words`` are its captions (names, places, loot in words). */
  render(view, words) {
    this.last = [view, words];
    const shape = this.pickShape();
    const mp = view.mp || null;
    const hs = view.hs || null;
    const prison = mp ? mp.prison_car : null;
    const coach = hs ? hs.coach : null;
    const attack = hs && hs.riding.length ? hs.attack_car : null;
    const key = [view.cars, prison, shape === DOWN, coach, shape === DOWN ? attack : null].join("|");
    if (key !== this.key) {
      const fresh = shape !== this.shape || view.cars !== this.cars || prison !== this.prison || Boolean(hs) !== this.hs;
      this.key = key;
      this.shape = shape;
      this.hs = Boolean(hs);
      this.drawCars(view.cars, prison, coach, attack);
      if (fresh) {
        for (const piece of this.pieces.values()) piece.remove();
        this.pieces.clear();
      }
    }
    this.attack = attack;
    this.coachCar = coach;
    const cell = new Set(mp ? mp.in_cell : []);
    const offTrain = new Set(mp ? mp.off_train : []);
    const riding = new Set(hs ? hs.riding : []);
    const chosen = new Set(hs ? hs.attack_chosen : []);
    const caught = new Set(hs ? hs.caught : []);
    const said = new Map((words.bandits || []).map((b) => [b.character, b]));
    const spaces = new Map(); // "car:roof", "car:cell", "coach:roof" or "riders" -> keys
    const add = (k, key) => {
      if (!spaces.has(k)) spaces.set(k, []);
      spaces.get(k).push(key);
    };
    const spaceOf = (b) => (b.coach ? `coach:${b.roof}` : `${b.car}:${cell.has(b.character) ? "cell" : b.roof}`);
    if (hs) add(hs.shotgun === null ? "coach:true" : `${hs.shotgun}:true`, "shotgun");
    if (view.marshal !== null && view.marshal !== undefined) add(`${view.marshal}:false`, "marshal");
    for (const b of view.bandits) {
      if (b.character === "marshal" && (b.car !== null || b.coach) && !offTrain.has("marshal")) add(spaceOf(b), "marshal");
    }
    for (const b of view.bandits) {
      if (b.character === "marshal" || offTrain.has(b.character)) continue;
      if (riding.has(b.character) && attack !== null) add("riders", b.character);
      else if (b.car !== null || b.coach) add(spaceOf(b), b.character);
    }
    const seen = new Set();
    for (const [k, keys] of spaces) {
      const lane = this.laneOf(k);
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
        } else if (key === "shotgun") {
          g = this.piece("shotgun", SHOTGUN, "");
          g.querySelector("title").textContent = (words.hs && words.hs.shotgun) ? `The Shotgun: ${words.hs.shotgun}` : "The Shotgun";
        } else {
          const b = view.bandits.find((x) => x.character === key);
          const w = said.get(key) || { name: key, where: "", loot: "" };
          const you = view.seat !== null && view.seat !== undefined && b.seat === view.seat;
          g = this.piece(key, colour(key), w.name.slice(0, 2));
          const choice = riding.has(key) ? (chosen.has(key) ? "; has chosen" : "; to choose") : "";
          g.querySelector("title").textContent = `${w.name}${you ? " (you)" : ""}: ${w.where}; ${w.loot}${choice}`;
          const acting = view.actor_bandit ? view.actor_bandit === key : view.actor === b.seat && !view.result;
          g.classList.toggle("acting", Boolean(acting));
          g.classList.toggle("mine", you);
          g.classList.toggle("riding", riding.has(key));
          g.classList.toggle("chosen", riding.has(key) && chosen.has(key));
          g.classList.toggle("caught", caught.has(key));
        }
        g.dataset.space = k;
        this.place(g, start + i * step, lane.y);
      });
    }
    for (const [key, g] of this.pieces) {
      g.classList.toggle("gone", !seen.has(key));
      if (!seen.has(key)) delete g.dataset.space;
    }
    this.renderRoad(view);
    this.renderLoot(view);
    this.desc.textContent = (words.train || []).join(" ");
  }

  /** Where the pieces of a space stand: its lane; the prison car's corridor or cell; the
   * stagecoach's lanes; the riders' lane beside the car the Horse Attack reached. */
  laneOf(k) {
    const s = this.shape;
    if (k === "riders") {
      return s === ACROSS ? s.ridersLane(s.box(this.attack)) : s.ridersLane(this.rows.findIndex((r) => r.kind === "riders"));
    }
    const [where, floor] = k.split(":");
    if (where === "coach") return s.coachLane(this.coachBox(this.coachCar), floor === "true");
    const car = Number(where);
    const box = this.box(car);
    if (car === this.prison && floor === "cell") {
      const c = s.cell(box);
      return { x: c.x + 16, w: c.w - 32, y: c.pieceY };
    }
    if (car === this.prison && floor !== "true") return s.corridor(box);
    return s.lane(box, floor === "true");
  }

  /** Horses beside their cars: one horse and how many stand there. */
  renderRoad(view) {
    this.roadLayer.replaceChildren();
    const hs = view.hs;
    if (!hs) return;
    const counts = new Map();
    for (const car of hs.horses) counts.set(car, (counts.get(car) || 0) + 1);
    for (const [car, n] of counts) {
      const p = this.shape.horses(this.box(car));
      const g = el("g", { class: "horses", "data-car": car, "data-count": n, "aria-hidden": "true" });
      g.append(horseIcon(p.x, p.y));
      g.append(el("text", { x: p.x + 16, y: p.y + 5, class: "loot-count" }, `\u00d7${n}`));
      this.roadLayer.append(g);
    }
  }

  /** The loot of each space: an icon and a count per kind (whiskey flasks per state), in
   * a line that fits the space, or (many kinds in a narrow space) two lines rather than
   * counts on top of each other. */
  renderLoot(view) {
    this.lootLayer.replaceChildren();
    for (const space of view.spaces) {
      if (!space.loot.length) continue;
      const key = space.coach ? `coach:${space.roof}` : `${space.car}:${space.roof}`;
      const lane = this.laneOf(key);
      const items = [];
      for (const kind of ["purse", "jewel", "strongbox", "mailbag"]) {
        const n = space.loot.filter((t) => t.kind === kind).length;
        if (n) items.push({ kind, n, flask: {} });
      }
      const flasks = new Map(); // "half|old" -> count; old only where the view knows it
      for (const t of space.loot.filter((t) => t.kind === "whiskey")) {
        const k = `${t.half ? 1 : 0}|${t.old === true ? 1 : 0}`;
        flasks.set(k, (flasks.get(k) || 0) + 1);
      }
      for (const [k, n] of [...flasks].sort()) {
        const [half, old] = k.split("|").map(Number);
        items.push({ kind: "whiskey", n, flask: { half: Boolean(half), old: Boolean(old) } });
      }
      const start = lane.lootX ?? lane.x - 4;
      const room = Math.max(0, (lane.lootRight ?? lane.x + lane.w + 14) - start - LOOT_END); // for the steps
      const fits = items.length < 2 || room / (items.length - 1) >= LOOT_CLOSEST;
      const perLine = fits ? items.length : Math.floor(room / LOOT_CLOSEST) + 1;
      const step = perLine > 1 ? Math.min(LOOT_STEP, room / (perLine - 1)) : 0;
      const group = el("g", { class: "space-loot", "aria-hidden": "true", "data-space": key });
      items.forEach((item, i) => {
        const x = start + (i % perLine) * step;
        const y = lane.lootY + Math.floor(i / perLine) * LOOT_LINE;
        group.append(lootIcon(item.kind, x, y, item.flask));
        group.append(el("text", { x: x + 10, y: y + 5, class: "loot-count" }, `\u00d7${item.n}`));
      });
      this.lootLayer.append(group);
    }
  }
}

/** A horse, facing the locomotive (left). */
export function horseIcon(x, y) {
  const g = el("g", { class: "horse" });
  g.append(el("path", { d: `M${x + 9},${y - 1} l-3,10 M${x + 4},${y + 1} l0,9 M${x - 4},${y + 1} l0,9 M${x - 9},${y - 1} l3,10 M${x + 10},${y - 3} l5,6`, class: "horse-legs" }));
  g.append(el("ellipse", { cx: x, cy: y - 2, rx: 11, ry: 6, class: "horse-body" }));
  g.append(el("path", { d: `M${x - 7},${y - 5} L${x - 13},${y - 14} L${x - 19},${y - 11} L${x - 16},${y - 7} L${x - 11},${y - 1} Z`, class: "horse-body" }));
  return g;
}

export function lootIcon(kind, x, y, flask = {}) {
  if (kind === "purse") return el("circle", { cx: x, cy: y, r: 7, class: "loot purse" });
  if (kind === "jewel") {
    return el("polygon", { points: `${x},${y - 8} ${x + 7},${y} ${x},${y + 8} ${x - 7},${y}`, class: "loot jewel" });
  }
  if (kind === "mailbag") {
    return el("path", { d: `M${x - 7},${y - 5} h14 v10 h-14 z M${x - 7},${y - 5} l7,5 l7,-5`, class: "loot mailbag" });
  }
  if (kind === "whiskey") {
    // a flask: its neck and body; half drunk, only its lower half is full; the old one dark
    const g = el("g", { class: `loot whiskey${flask.half ? " half" : ""}${flask.old ? " old" : ""}` });
    g.append(el("rect", { x: x - 2.5, y: y - 10, width: 5, height: 5, rx: 1, class: "flask-neck" }));
    g.append(el("rect", { x: x - 7, y: y - 5, width: 14, height: 14, rx: 4, class: flask.half ? "flask-empty" : "flask-body" }));
    if (flask.half) g.append(el("rect", { x: x - 7, y: y + 2, width: 14, height: 7, rx: 3, class: "flask-body" }));
    return g;
  }
  return el("rect", { x: x - 8, y: y - 6, width: 16, height: 12, rx: 1, class: "loot strongbox" });
}
