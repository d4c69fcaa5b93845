// The browser checks of tests/web/test_horses.py, evaluated in the table page: each returns
// a list of what is wrong (empty when right).
({
  // The drawing against the view: the stagecoach beside its car, the Shotgun, every figure in
  // its space, horses beside their cars, riders beside the car they reached, flasks (the old
  // one dark only where the view knows it).
  drawing() {
    const v = window.colt.view;
    const hs = v.hs;
    const svg = document.getElementById('train');
    if (!hs) return ['the view has no Horses & Stagecoach'];
    const out = [];
    const stacked = svg.classList.contains('stacked');
    const bbox = (sel) => { const e = svg.querySelector(sel); return e ? e.getBBox() : null; };
    const car = (c) => bbox(`.car[data-car="${c}"]`);
    const along = (b) => (stacked ? [b.y, b.y + b.height] : [b.x, b.x + b.width]);
    const near = (p, b, slack) => {
      const [lo, hi] = along(b);
      const c = stacked ? p.y : p.x;
      return c >= lo - slack && c <= hi + slack;
    };
    const between = (p, c) => {  // stacked: below car c's row and above the next car's
      const here = car(c), next = car(c + 1);
      return p.y > here.y && (!next || p.y < next.y);
    };
    const coach = bbox('.stagecoach');
    if (!coach) return ['no stagecoach drawn'];
    const mid = { x: coach.x + coach.width / 2, y: coach.y };
    const beside = car(hs.coach);
    if (stacked ? !between(mid, hs.coach) : !(near(mid, beside, 0) && coach.y >= beside.y + beside.height - 1)) {
      out.push(`the stagecoach is not drawn beside car ${hs.coach}`);
    }
    const piece = (k) => svg.querySelector(`.piece[data-piece="${k}"]`);
    const at = (g) => ({ x: Number(g.dataset.x), y: Number(g.dataset.y) });
    const sg = piece('shotgun');
    const sgWant = hs.shotgun === null ? 'coach:true' : `${hs.shotgun}:true`;
    if (!sg || sg.dataset.space !== sgWant) {
      out.push(`the Shotgun is at ${sg && sg.dataset.space}, not ${sgWant}`);
    } else if (hs.shotgun === null ? !near(at(sg), coach, 30) : !near(at(sg), car(hs.shotgun), stacked ? 25 : 0)) {
      out.push('the Shotgun is drawn away from his place');
    }
    const mp = v.mp;
    const cell = new Set(mp ? mp.in_cell : []);
    const off = new Set(mp ? mp.off_train : []);
    const attack = hs.riding.length ? hs.attack_car : null;
    for (const b of v.bandits) {
      const g = piece(b.character);
      let want = null;
      if (hs.riding.includes(b.character)) want = 'riders';
      else if (hs.away.includes(b.character) || off.has(b.character)) want = null;
      else if (b.coach) want = `coach:${b.roof}`;
      else if (b.car !== null) want = `${b.car}:${cell.has(b.character) ? 'cell' : b.roof}`;
      const got = g ? g.dataset.space || null : null;
      if (got !== want) { out.push(`${b.character} is drawn at ${got}, not ${want}`); continue; }
      if (want === 'riders') {
        const p = at(g);
        if (stacked ? !between(p, attack) : !(near(p, car(attack), 0) && p.y > car(attack).y + car(attack).height)) {
          out.push(`${b.character} does not ride beside car ${attack}`);
        }
      } else if (want && want.startsWith('coach') && !near(at(g), coach, 30)) {
        out.push(`${b.character} is not drawn in or on the stagecoach`);
      } else if (want && !want.startsWith('coach') && !near(at(g), car(b.car), stacked ? 25 : 0)) {
        out.push(`${b.character} is not drawn at car ${b.car}`);
      }
    }
    if (v.marshal !== null && v.marshal !== undefined) {
      const g = piece('marshal');
      if (!g || g.dataset.space !== `${v.marshal}:false`) out.push('the Marshal is not in his car');
    }
    const counts = {};
    for (const c of hs.horses) counts[c] = (counts[c] || 0) + 1;
    const drawn = [...svg.querySelectorAll('.horses')];
    for (const g of drawn) {
      const c = Number(g.dataset.car);
      if (counts[c] !== Number(g.dataset.count)) out.push(`horses at car ${c}: ${g.dataset.count}, not ${counts[c]}`);
      const b = g.getBBox();
      if (!near({ x: b.x + b.width / 2, y: b.y + b.height / 2 }, car(c), stacked ? 12 : 0)) out.push(`the horses of car ${c} are not beside it`);
    }
    if (drawn.length !== Object.keys(counts).length) out.push('horses missing from the drawing');
    for (const s of v.spaces) {
      const key = s.coach ? `coach:${s.roof}` : `${s.car}:${s.roof}`;
      const group = svg.querySelector(`.space-loot[data-space="${key}"]`);
      const flasks = s.loot.filter((t) => t.kind === 'whiskey');
      const shown = group ? group.querySelectorAll('.loot.whiskey').length : 0;
      if (Boolean(flasks.length) !== Boolean(shown)) out.push(`the flasks of ${key} are not drawn`);
      const old = group ? group.querySelectorAll('.loot.whiskey.old').length : 0;
      if (Boolean(old) !== flasks.some((t) => t.old === true)) out.push(`the old flask of ${key} drawn wrong`);
      if (flasks.some((t) => 'old' in t && !('value' in t))) out.push('a flask kind the seat has not seen');
      if (s.coach && group && !near({ x: group.getBBox().x, y: group.getBBox().y }, coach, 40)) {
        out.push(`the loot of ${key} is not drawn on the stagecoach`);
      }
    }
    return out;
  },

  // The Horses & Stagecoach panel against the view: Turmoil and the Horse Attack (who has
  // chosen; the seat's own choice, and nobody else's), hostages.
  panel() {
    const v = window.colt.view;
    const hs = v.hs;
    const out = [];
    const panel = document.getElementById('hs');
    if (panel.hidden) return ['the Horses & Stagecoach panel is hidden'];
    const text = (id) => document.getElementById(id).innerText;
    const card = v.round_card;
    const turmoil = card && v.turn !== null && card.turns[v.turn] === 'Tu' && v.decision === 'play';
    if (turmoil && document.getElementById('hs-turmoil').hidden) out.push('no Turmoil block');
    if (hs.my_turmoil && !text('hs-turmoil').includes('Your secret choice')) out.push('my Turmoil choice not shown');
    if (!hs.my_turmoil && !document.getElementById('hs-turmoil').hidden && text('hs-turmoil').includes('Your secret choice')) out.push('a secret choice I did not make');
    if (hs.riding.length && document.getElementById('hs-attack').hidden) out.push('no Horse Attack block');
    if (hs.my_attack && !text('hs-attack').includes('Your secret choice')) out.push('my Horse Attack choice not shown');
    for (const r of hs.riding) {
      const li = [...document.querySelectorAll('#hs-attack li')].find((x) => x.innerText.includes(
        window.colt.captions.bandits.find((b) => b.character === r).name));
      if (!li) { out.push(`rider ${r} not listed`); continue; }
      if ((li.dataset.chosen === '1') !== hs.attack_chosen.includes(r)) out.push(`rider ${r}: chosen or not, wrong`);
    }
    for (const [who, h] of Object.entries(hs.hostages)) {
      const name = window.colt.captions.bandits.find((b) => b.character === who).name;
      if (!text('hs-hostages').includes(name)) out.push(`${who}'s hostage not listed`);
    }
    if (!text('hs-hostages').includes(`${hs.hostages_left} hostage card`)) out.push('hostages left not said');
    return out;
  },
})
