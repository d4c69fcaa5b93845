// The browser checks of tests/web/test_super_express.py, evaluated in the table page (or
// the replay page): each returns a list of what is wrong (empty when right).
({
  // The drawing against the view: one card per car from the locomotive to the caboose;
  // every figure on its floor, in its order from the locomotive side (left to right, inside
  // its car), with its facing and its stunned mark; the falling and the out in their boxes.
  drawing(view) {
    const v = view || window.colt.view;
    const svg = document.getElementById('train');
    const out = [];
    const stacked = svg.classList.contains('stacked');
    const cars = [...svg.querySelectorAll('.car')];
    if (cars.length !== v.cars.length) out.push(`${cars.length} cards drawn for ${v.cars.length} cars`);
    cars.forEach((g, i) => {
      if (Number(g.dataset.car) !== i) out.push(`card ${i} is car ${g.dataset.car}`);
    });
    const label = (c) => svg.querySelector(`.car[data-car="${c}"] .car-label`).textContent;
    if (label(0) !== 'Locomotive') out.push(`the first card is ${label(0)}`);
    if (v.caboose > 0 && label(v.caboose) !== 'Caboose') out.push(`the last card is ${label(v.caboose)}`);
    const box = (c) => svg.querySelector(`.car[data-car="${c}"] .body`).getBBox();
    const offBox = (k) => svg.querySelector(`.off-train[data-off="${k}"] rect`).getBBox();
    const piece = (k) => svg.querySelector(`.piece[data-piece="${k}"]`);
    const at = (g) => ({ x: Number(g.dataset.x), y: Number(g.dataset.y) });
    const inside = (p, b, slack = 2) => p.x >= b.x - slack && p.x <= b.x + b.width + slack;
    // consecutive cards: across, left to right; stacked, top to bottom
    for (let c = 1; c < v.cars.length; c += 1) {
      const [a, b] = [box(c - 1), box(c)];
      if (stacked ? !(b.y > a.y) : !(b.x > a.x)) out.push(`car ${c} is not drawn after car ${c - 1}`);
    }
    for (const b of v.bandits) {
      const g = piece(b.character);
      if (!g) { out.push(`no figure for ${b.character}`); continue; }
      if (g.classList.contains('gone')) out.push(`${b.character} is hidden`);
      const want = b.out ? 'out' : b.falling ? 'falling' : `${b.car}:${b.roof ? 'roof' : 'inside'}`;
      if (g.dataset.space !== want) out.push(`${b.character} is drawn at ${g.dataset.space}, not ${want}`);
      if (g.dataset.facing !== b.facing) out.push(`${b.character} faces ${g.dataset.facing}, not ${b.facing}`);
      if ((g.dataset.stunned === '1') !== b.stunned) out.push(`${b.character}'s stunned mark is wrong`);
      const mark = g.querySelector('.stun-mark');
      const shown = getComputedStyle(mark).display !== 'none';
      if (shown !== Boolean(b.stunned && !b.out)) out.push(`${b.character}'s stunned mark ${shown ? 'shows' : 'is hidden'}`);
      const arrow = g.querySelector('.turn').getAttribute('transform') || '';
      if (!b.out && (arrow.includes('scale(-1') !== (b.facing === 'locomotive'))) out.push(`${b.character}'s arrow points the wrong way`);
      const p = at(g);
      if (b.out || b.falling) {
        if (!inside(p, offBox(want))) out.push(`${b.character} is not drawn in the ${want} box`);
        continue;
      }
      if (Number(g.dataset.order) !== b.order) out.push(`${b.character} is drawn ${g.dataset.order}th, not ${b.order}th`);
      const car = box(b.car);
      if (!inside(p, car)) out.push(`${b.character} is drawn outside car ${b.car}`);
      if (stacked && !(p.y > car.y - 60 && p.y < car.y + car.height + 4)) out.push(`${b.character} is not in the row of car ${b.car}`);
      if (!stacked && (p.y < car.y) !== b.roof) out.push(`${b.character} is not drawn ${b.roof ? 'on the roof' : 'inside'}`);
    }
    for (const c of v.cars) {
      for (const floor of ['roof', 'inside']) {
        const xs = c[floor].map((ch) => at(piece(ch)).x);
        for (let i = 1; i < xs.length; i += 1) {
          if (!(xs[i] > xs[i - 1])) out.push(`car ${c.car} ${floor}: ${c[floor][i]} is not right of ${c[floor][i - 1]}`);
        }
        const ys = new Set(c[floor].map((ch) => at(piece(ch)).y));
        if (ys.size > 1) out.push(`car ${c.car} ${floor}: figures on different lines`);
      }
    }
    return out;
  },

  // The panels against the view and its captions: the cards of the round in the order they
  // are revealed, face down where the view hides them; the hand and the stack the seat's own.
  panel() {
    const v = window.colt.view;
    const c = window.colt.captions;
    const out = [];
    const rows = [...document.querySelectorAll('#se-rows > li')];
    const n = v.players.length;
    const order = Array.from({ length: n }, (_, i) => (v.first_player + i) % n);
    if (rows.map((r) => Number(r.dataset.seat)).join() !== order.join()) out.push('the rows are not in the order of the reveals');
    for (const row of rows) {
      const seat = Number(row.dataset.seat);
      const p = v.players[seat];
      const slots = [...row.querySelectorAll('.se-slot')].map((s) => s.querySelector('.what').textContent);
      const want = c.players[seat].revealed.map((r) => r.name);
      const mine = seat === v.seat ? (c.stack || []).map((k) => k.name) : null;
      for (let i = 0; i < p.to_reveal; i += 1) want.push(mine ? mine[i] : 'Face down');
      if (!v.bandits[seat].out) for (let i = p.programmed; i < 3; i += 1) want.push('Not programmed yet');
      if (slots.join('|') !== want.join('|')) out.push(`row of seat ${seat}: ${slots.join('|')} is not ${want.join('|')}`);
    }
    if (v.seat !== null && v.seat !== undefined) {
      const hand = [...document.querySelectorAll('#hand button.card')].map((b) => b.dataset.card);
      if (hand.join() !== v.hand.join()) out.push(`the hand shows ${hand}, not ${v.hand}`);
      const stack = [...document.querySelectorAll('#kept .stack-card')].map((e) => e.textContent);
      if (stack.join() !== (c.stack || []).map((k) => k.name).join()) out.push('the stack shown is not the seat\'s');
    } else if (document.querySelector('#hand button.card, #kept .stack-card')) {
      out.push('a spectator sees cards in hand');
    }
    return out;
  },
})
