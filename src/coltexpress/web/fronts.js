// The games the pages know, each a front: its train drawing and its panels (colt.js,
// super.js). The table and replay pages pick the front of the table's game
// (``welcome.game``, ``GET /api/tables/{t}/replay``'s ``game``); another game is one more
// module here. Each front has drawing(svg), render(ctx, frame), renderPlayers(ctx),
// renderHand(ctx, enabled, act), renderEnd(ctx, table), headline(frame, ctx) (the banner's
// line for a moment that turns a card over, or null), replay(view, captions) and
// label(ctx, seat). The page's parts that belong to one game only carry data-game="…".

import { colt } from "./colt.js";
import { superExpress } from "./super.js";

export const FRONTS = { "colt-express": colt, "super-express": superExpress };

export const frontOf = (game) => FRONTS[game] || colt;

/** Show the parts of the page that belong to ``game`` and hide the other games' parts. */
export function showGame(game) {
  for (const e of document.querySelectorAll("[data-game]")) e.hidden = e.dataset.game !== game;
  document.body.dataset.game = game;
}
