// Plays the moments of a move one after the other with a pause between them, so that the
// Stealin' phase (Colt Super Express: the Shootin' phase) can be watched card by card: an update's steps, then the update itself
// (docs/protocol.md). A round's end first shows its summary over the train as the round
// left it, then deals the next round. "Faster" (or the F key) ends the current pause.

const PAUSE = { stealin: 1, shootin: 1, reveal: 1, resolve: 1, event: 1.5, summary: 2.5, "round-end": 1, play: 0.5 };

/** The frames of an update: each step, then the update itself (``final``). */
export function framesOf(msg) {
  const frames = [];
  const events = (msg.events || []).map((e) => (typeof e === "string" ? e : e.text));
  let at = 0;
  const parts = [...(msg.steps || []), msg];
  parts.forEach((part, i) => {
    const final = i === parts.length - 1;
    const count = final ? events.length - at : part.count;
    const texts = events.slice(at, at + count);
    at += count;
    const frame = {
      kind: part.kind || "play",
      view: part.view,
      captions: part.captions,
      card: part.card || null,
      events: texts,
      final,
      version: msg.version,
      status: msg.status,
    };
    if (frame.kind === "play" && frame.card) frame.kind = "resolve";
    if (frame.kind === "round-end") {
      // the summary first, over the train as the round left it
      const summary = frame.captions.summary || [];
      frames.push({ kind: "summary", view: null, summary, events: texts.slice(0, 1), final: false });
      frame.events = texts.slice(1);
      frame.headline = texts[0];
    }
    frames.push(frame);
  });
  return frames;
}

export class Playback {
  constructor(show, onIdle) {
    this.show = show; // draws one frame
    this.onIdle = onIdle; // called when nothing is left to play
    this.queue = [];
    this.running = false;
    this.skip = null;
    this.pace = Number(localStorage.getItem("colt-pace") ?? 1000);
  }

  get busy() {
    return this.running || this.queue.length > 0;
  }

  setPace(ms) {
    this.pace = ms;
    localStorage.setItem("colt-pace", String(ms));
  }

  /** Queue the frames of an update; a lone frame with nothing to watch is shown at once. */
  push(frames) {
    this.queue.push(...frames);
    if (!this.running) this.run();
  }

  clear() {
    this.queue = [];
    if (this.skip) this.skip();
  }

  faster() {
    if (this.skip) this.skip();
  }

  async run() {
    this.running = true;
    while (this.queue.length) {
      const frame = this.queue.shift();
      this.show(frame, this.queue.length > 0);
      const plain = frame.final && frame.kind === "play"; // a move with nothing to watch
      const wait = this.queue.length && !plain ? (PAUSE[frame.kind] ?? 0.5) * this.pace : 0;
      if (wait > 0) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.skip = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.skip = null;
      }
    }
    this.running = false;
    this.onIdle();
  }
}
