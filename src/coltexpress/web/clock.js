// The turn clock of the table page (docs/protocol.md): while a person decides under one,
// every viewer sees whose decision it is and the seconds left, counted down here from the
// `left` of the newest welcome or update; the deciding player also reads "You have N s"
// beside their choices. The last 10 s are emphasised. A screen reader hears it at two
// moments only: when the player's own decision starts, and when 10 s are left.

import { playerLabel } from "./panels.js";

const $ = (id) => document.getElementById(id);
const URGENT = 10; // seconds

/** Seconds as the clock says them: "45 s", "5 min 12 s" over a minute (with a reserve). */
export function said(seconds) {
  if (seconds <= 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

export class TurnClock {
  /** `ctx`: the page's state (its view, captions, seats and seat), read at each tick. */
  constructor(ctx) {
    this.ctx = ctx;
    this.clock = null;
    this.end = 0;
    this.timer = null;
    this.text = null;
    this.started = null; // the version whose decision was announced
    this.warned = null; // the version whose last 10 s were announced
  }

  /** A welcome's or update's `clock` (null, or {seconds, left, seat}) at `version`. */
  set(clock, version) {
    this.clock = clock ?? null;
    this.version = version;
    this.end = performance.now() + (clock ? clock.left * 1000 : 0);
    clearInterval(this.timer);
    this.timer = clock ? setInterval(() => this.draw(), 250) : null;
    this.draw();
  }

  draw() {
    const { clock: c, ctx } = this;
    const on = Boolean(c && ctx.view);
    const left = on ? Math.max(0, Math.ceil((this.end - performance.now()) / 1000)) : 0;
    const mine = on && c.seat === ctx.seat;
    let text = "";
    if (on) {
      const who = mine ? null : playerLabel(ctx, c.seat);
      if (left) text = mine ? `You have ${said(left)} to decide` : `${who} has ${said(left)} to decide`;
      else text = mine ? "Your time is up: a bot makes this move" : `${who}'s time is up`;
    }
    if (on && !left) clearInterval(this.timer);
    if (text === this.text) return;
    this.text = text;
    for (const box of [$("clock"), $("clock-mine")]) {
      box.textContent = text;
      box.classList.toggle("urgent", on && left <= URGENT);
    }
    $("clock").hidden = !on;
    $("clock-mine").hidden = !mine;
    if (mine) this.say(left);
  }

  say(left) {
    if (!left) return; // the log tells what the bot did
    let words = null;
    if (this.started !== this.version) {
      this.started = this.version;
      this.warned = left <= URGENT ? this.version : null;
      words = `You have ${said(left)} to decide.`;
    } else if (left <= URGENT && this.warned !== this.version) {
      this.warned = this.version;
      words = `${left} s left.`;
    }
    if (words) $("clock-say").textContent = words;
  }
}
