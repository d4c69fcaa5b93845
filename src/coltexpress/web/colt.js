// Colt Express at the table and in the replay: its train drawing (train.js) and its panels
// (panels.js): the round card, the pile (the Stealin' phase card by card), the bandits, the
// hand, the expansions' panels.

import { capital, h } from "./dom.js";
import { playerLabel, renderEnd, renderHand, renderHorsesStagecoach, renderMarshalPrisoners, renderPile, renderPlayers, renderRound } from "./panels.js";
import { TrainDrawing } from "./train.js";

const $ = (id) => document.getElementById(id);

export const colt = {
  drawing: (svg) => new TrainDrawing(svg),

  render(ctx, frame) {
    renderRound(ctx);
    ctx.pile = renderPile(ctx, frame, ctx.pile);
    renderPlayers(ctx);
    document.body.classList.toggle("mp", Boolean(frame.view.mp));
    renderMarshalPrisoners(ctx);
    document.body.classList.toggle("hs", Boolean(frame.view.hs));
    renderHorsesStagecoach(ctx);
  },

  renderPlayers,
  renderHand,
  renderEnd,

  /** The banner's first line for a moment that resolves a pile card. */
  headline(frame, ctx) {
    if (!frame.card) return null;
    const total = frame.view.pile.length || ctx.pile.length;
    return `Card ${frame.card.index + 1} of ${total}: ${capital(frame.card.owner)}'s ${frame.card.card}.`;
  },

  /** The replay page at one step: the round card, the pile, the bandits. */
  replay(view, captions) {
    $("round-title").textContent = captions.round ? `${captions.round.title}. ${captions.round.event}.` : "";
    renderPile({ view, captions }, { kind: "replay", card: null }, []);
    $("bandits").replaceChildren(...captions.bandits.map((b) => h("li", {}, `${b.name}: ${b.where}; ${b.loot}.`)));
  },

  label: (ctx, seat) => playerLabel(ctx, seat),
};
