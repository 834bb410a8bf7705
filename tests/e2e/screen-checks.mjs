// The checks every screen of the site must pass, at every size a player holds it (the screenshot
// matrix's, matrix.test.mjs, and the tables with friends', friends*.test.mjs): no sideways
// scroll; on phones 44 px targets and a tappable strip of every card in the hand; each seat's fan
// inside its box and off the pile (UNO's seats off the deck, the trash and the direction); names
// whole and badges on the felt; every total on the first screen; the hand on the first screen
// and the player's own row of a game's results in view, where asked; axe; and none of the
// project's own words. `allSizes` resizes a page through the sizes and writes each screenshot.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { axeViolations, OUTPUT } from './harness.mjs';

export const SCREENS = join(OUTPUT, 'screens');
mkdirSync(SCREENS, { recursive: true });

export const SIZES = [
  { width: 320, height: 568, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 1024, height: 768, phone: false },
  { width: 1440, height: 900, phone: false },
  { width: 1920, height: 1080, phone: false },
  // Phones held sideways: the felt beside the hand, nothing to scroll to.
  { width: 844, height: 390, phone: true },
  { width: 740, height: 360, phone: true },
];
export const sizeName = (s) => `${s.width}x${s.height}`;
const FORBIDDEN = /\b(seed|preset|spec|RuleSpec)\b/gi;

/** Everything wrong with the screen as it is now, in words (empty when it passes).
 *  `handOnScreen`: the player's hand must begin on the first screen (a normal turn).
 *  `ownResult`: where a game's results are open, the player's own row of them is in view as
 *  they open, whole, under nothing (held sideways, the sticky buttons once left room for the
 *  first row only). */
export async function screenProblems(page, phone, { handOnScreen = false, ownResult = false } = {}) {
  const problems = [];
  const layout = await page.evaluate(([phone, handOnScreen, ownResult]) => {
    const out = {};
    const doc = document.documentElement;
    out.overflow = Math.max(doc.scrollWidth, document.body.scrollWidth) - doc.clientWidth;
    // A table in a region of its own may scroll, but a phone's reader should not have to: the
    // statistics' record once hid three of its six columns at 320 px.
    out.wide = [...document.querySelectorAll('.table-wrap')]
      .filter((w) => w.getBoundingClientRect().width > 1 && w.scrollWidth > w.clientWidth + 1)
      .map((w) => `the table "${(w.getAttribute('aria-label') || '').slice(0, 40)}" scrolls sideways: ${w.scrollWidth} px in ${w.clientWidth} px`);
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && cs.display !== 'none' && !el.closest('[hidden]');
    };
    const nameOf = (el) => (el.getAttribute('aria-label') || el.innerText || el.value || el.title || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
    out.small = [];
    out.strips = [];
    if (phone) {
      const targets = document.querySelectorAll(
        'button, a[href], [role="button"], [role="link"], input[type="button"], input[type="submit"], input[type="reset"], summary',
      );
      for (const el of targets) {
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 44 || r.height < 44) {
          const kind = el.matches('a[href], [role="link"]') ? 'link' : el.tagName === 'SUMMARY' ? 'disclosure' : 'button';
          out.small.push(`${kind} "${nameOf(el)}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
      }
      // The hand: the widest part of each card not covered by a later card on the same row.
      const hand = [...document.querySelectorAll('[aria-label="Your hand"]')].find(visible);
      if (hand) {
        const cards = [...hand.querySelectorAll('button, [role="button"]')].filter(visible);
        const rects = cards.map((c) => c.getBoundingClientRect());
        rects.forEach((r, i) => {
          const covers = rects.slice(i + 1)
            .filter((o) => Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top) > r.height / 2)
            .map((o) => [Math.max(r.left, o.left), Math.min(r.right, o.right)])
            .filter(([a, b]) => b > a)
            .sort((x, y) => x[0] - y[0]);
          let best = 0;
          let at = r.left;
          for (const [a, b] of covers) {
            best = Math.max(best, a - at);
            at = Math.max(at, b);
          }
          best = Math.max(best, r.right - at);
          if (best < 24) out.strips.push(`hand card "${nameOf(cards[i])}" shows a ${Math.round(best)} px strip`);
        });
      }
    }
    // Each seat's fan of card backs stays inside the seat's box (turned backs included).
    out.fans = [];
    for (const seat of [...document.querySelectorAll('.seat')].filter(visible)) {
      const backs = [...seat.querySelectorAll('.fan i')].map((i) => i.getBoundingClientRect()).filter((r) => r.width > 0);
      if (!backs.length) continue;
      const box = seat.getBoundingClientRect();
      const [left, right] = [Math.min(...backs.map((r) => r.left)), Math.max(...backs.map((r) => r.right))];
      if (left < box.left - 1 || right > box.right + 1) {
        out.fans.push(`${nameOf(seat.querySelector('.seat-name') || seat)}'s ${backs.length} card backs span ${Math.round(right - left)} px of a ${Math.round(box.width)} px seat`);
      }
    }
    // No seat's box covers the pile, the stock or what the centre says (or is covered by them):
    // at UNO, the deck, the trash and the round's line with the direction of play.
    const centre = [...document.querySelectorAll('.pile, .stock, .uno-deck, .uno-trash')].filter(visible);
    for (const seat of [...document.querySelectorAll('.seat, .uno-player')].filter(visible)) {
      const a = seat.getBoundingClientRect();
      for (const el of [...centre, ...document.querySelectorAll('.centre-info > *, .uno-centre .round-info')].filter(visible)) {
        const b = el.getBoundingClientRect();
        const [w, h] = [Math.min(a.right, b.right) - Math.max(a.left, b.left), Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)];
        if (w > 1 && h > 1) out.fans.push(`${nameOf(seat.querySelector('.seat-name') || seat)}'s seat overlaps the ${el.className.split(' ')[0] || el.tagName} by ${Math.round(w)}x${Math.round(h)} px`);
      }
    }
    // No seat's latest act (its bubble), nor the stock's count, covers what the centre says
    // (direction, pick-up, suit).
    const said = [...document.querySelectorAll('.centre-info > *')].filter(visible);
    for (const act of [...document.querySelectorAll('.seat .act, .stock-count')].filter(visible)) {
      const a = act.getBoundingClientRect();
      for (const el of said) {
        const b = el.getBoundingClientRect();
        const [w, h] = [Math.min(a.right, b.right) - Math.max(a.left, b.left), Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)];
        if (w > 1 && h > 1) out.fans.push(`the bubble "${nameOf(act)}" covers "${nameOf(el)}" by ${Math.round(w)}x${Math.round(h)} px`);
      }
    }
    // No two seats overlap, nor one seat's name, badge or latest act another seat's name or badge
    // (a twelve-seat table on a phone included); the pile covers neither the direction nor the
    // pick-up nor the called suit.
    const overlap = (a, b) => {
      const [w, h] = [Math.min(a.right, b.right) - Math.max(a.left, b.left), Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)];
      return w > 1 && h > 1 ? [Math.round(w), Math.round(h)] : null;
    };
    const seatsNow = [...document.querySelectorAll('.seat, .uno-players > li')].filter(visible);
    const seatName = (seat) => nameOf(seat.querySelector('.seat-name') || seat);
    seatsNow.forEach((a, i) => seatsNow.slice(i + 1).forEach((b) => {
      const o = overlap(a.getBoundingClientRect(), b.getBoundingClientRect());
      if (o) out.fans.push(`${seatName(a)}'s and ${seatName(b)}'s seats overlap by ${o.join('x')} px`);
    }));
    const labels = (seat) => [...seat.querySelectorAll('.seat-name, .badge, .act')].filter(visible);
    for (const a of seatsNow) {
      for (const b of seatsNow) {
        if (a === b) continue;
        for (const x of labels(a)) {
          for (const y of [...b.querySelectorAll('.seat-name, .badge')].filter(visible)) {
            const o = overlap(x.getBoundingClientRect(), y.getBoundingClientRect());
            if (o) out.fans.push(`${seatName(a)}'s "${nameOf(x)}" covers ${seatName(b)}'s "${nameOf(y)}" by ${o.join('x')} px`);
          }
        }
      }
    }
    // At a crowded table a seat shows only its latest move's label (and a call, which stands
    // until settled): an older one once stayed over the seat's name and cards.
    for (const act of [...document.querySelectorAll('.felt.many .seat .act:not(.new, .call)')].filter(visible)) {
      out.fans.push(`${seatName(act.closest('.seat'))}'s earlier "${nameOf(act)}" still covers its seat`);
    }
    const pile = document.querySelector('.pile');
    if (pile && visible(pile)) {
      for (const el of [...document.querySelectorAll('.direction, .pending, .called')].filter(visible)) {
        const o = overlap(pile.getBoundingClientRect(), el.getBoundingClientRect());
        if (o) out.fans.push(`the pile covers "${nameOf(el)}" by ${o.join('x')} px`);
      }
    }
    // Every name on a seat whole ("Player 1", never "Pla…"), and every seat's badge and latest
    // act (a penalty's "+2: no Last card") on the felt, not over its rail.
    for (const name of [...document.querySelectorAll('.seat-name')].filter(visible)) {
      if (name.scrollWidth > name.clientWidth + 1) {
        out.fans.push(`the name "${nameOf(name)}" is cut: ${name.scrollWidth} px in ${name.clientWidth} px`);
      }
    }
    // An UNO seat's latest act whole ("flip: 7 → …" once hid the card it named).
    for (const act of [...document.querySelectorAll('.uno-player .act')].filter(visible)) {
      if (act.scrollWidth > act.clientWidth + 1) {
        out.fans.push(`the act "${nameOf(act)}" is cut: ${act.scrollWidth} px in ${act.clientWidth} px`);
      }
    }
    for (const felt of [...document.querySelectorAll('.felt, .uno-felt')].filter(visible)) {
      const f = felt.getBoundingClientRect();
      for (const el of [...felt.querySelectorAll('.seat .badge, .seat .act, .uno-player .tag, .uno-player .act')].filter(visible)) {
        const r = el.getBoundingClientRect();
        const over = Math.max(f.left - r.left, r.right - f.right, f.top - r.top, r.bottom - f.bottom);
        if (over > 1) out.fans.push(`"${nameOf(el)}" goes ${Math.round(over)} px past the felt`);
      }
    }
    // Every hand's total inside the screen (a casino spot's, a seat's at UNO), where no dialog
    // covers the table: a phone held sideways once cut them off at its foot.
    out.totals = [];
    if (!document.querySelector('[role=dialog], dialog[open]')) {
      for (const total of [...document.querySelectorAll('.casino .total, .uno-player .total')].filter(visible)) {
        if (!total.innerText.trim()) continue;
        const r = total.getBoundingClientRect();
        const [top, bottom] = [r.top + scrollY, r.bottom + scrollY];
        if (r.left < -1 || r.right > innerWidth + 1 || top < -1 || bottom > innerHeight + 1) {
          out.totals.push(`the total "${nameOf(total)}" is outside the first screen (${Math.round(r.left)},${Math.round(top)} to ${Math.round(r.right)},${Math.round(bottom)} of ${innerWidth}x${innerHeight})`);
        }
      }
    }
    // A card that cannot be played is dimmed, never see-through: in an overlapping hand the
    // card behind would show through it.
    out.faded = [...document.querySelectorAll('.hand-card')]
      .filter((b) => getComputedStyle(b).opacity !== '1')
      .map((b) => `hand card "${nameOf(b)}" is see-through (opacity ${getComputedStyle(b).opacity})`);
    // On a normal turn the player's hand begins on the first screen, a small phone's too: at
    // least the top half of its first card (a call-out or dispute row may push it a little).
    // At the casino, the player's cards and the first of their choices (under the cards there).
    // Every card of the hand, not only the first (a hand never wraps a card below the fold), and
    // the turn's first action: Pick up and the like, UNO's Hit.
    const firsts = [
      ["a card of the hand", "[aria-label='Your hand'] > li, .casino .spot.me .cards > *", true],
      ['the first choice', '.casino .controls button'],
      ["the turn's first action", '.shed .actions button, .uno [aria-label="Your controls"] button'],
    ];
    out.fold = [];
    for (const [what, query, all] of handOnScreen && !document.querySelector('[role=dialog], dialog[open]') ? firsts : []) {
      const els = [...document.querySelectorAll(query)].filter(visible).slice(0, all ? undefined : 1);
      const lowest = Math.max(...els.map((el) => { const r = el.getBoundingClientRect(); return r.top + r.height / 2; }));
      if (!els.length) continue;
      const half = lowest + scrollY - innerHeight;
      if (half > 1) out.fold.push(`${what} is ${Math.round(half)} px too low: less than its top half on the first screen`);
    }
    // The player's own result row: inside the screen and what the results show of themselves
    // (their box scrolls), and what a tap at its top, middle and foot reaches (not the buttons).
    out.own = [];
    for (const row of ownResult ? [...document.querySelectorAll('.results tr.mine')].filter(visible).slice(0, 1) : []) {
      const r = row.getBoundingClientRect();
      const box = row.closest('.results').getBoundingClientRect();
      const [top, bottom] = [Math.max(0, box.top), Math.min(innerHeight, box.bottom)];
      const where = `${Math.round(r.top)} to ${Math.round(r.bottom)} px of ${Math.round(top)} to ${Math.round(bottom)}`;
      if (r.top < top - 1 || r.bottom > bottom + 1) {
        out.own.push(`your result row "${nameOf(row)}" is not in view without scrolling (${where})`);
        continue;
      }
      const x = r.left + Math.min(r.width / 2, 40);
      for (const y of [r.top + 2, (r.top + r.bottom) / 2, r.bottom - 2]) {
        const hit = document.elementFromPoint(x, y);
        if (!row.contains(hit)) {
          out.own.push(`your result row "${nameOf(row)}" is covered by "${hit ? nameOf(hit) : 'nothing'}" (${where})`);
          break;
        }
      }
    }
    out.words = [...new Set((document.body.innerText.match(/\b(seed|preset|spec|RuleSpec)\b/gi) || []).map((w) => w.toLowerCase()))];
    out.wordLines = document.body.innerText.split('\n').filter((l) => /\b(seed|preset|spec|RuleSpec)\b/i.test(l)).slice(0, 3);
    return out;
  }, [phone, handOnScreen, ownResult]);
  if (layout.overflow > 0) problems.push(`scrolls sideways by ${layout.overflow} px`);
  problems.push(...layout.wide);
  problems.push(...layout.small.map((s) => `target under 44x44: ${s}`));
  problems.push(...layout.strips.map((s) => `tappable strip under 24 px: ${s}`));
  problems.push(...layout.fans.map((s) => `seat layout: ${s}`));
  problems.push(...layout.fold);
  problems.push(...layout.totals);
  problems.push(...layout.faded);
  problems.push(...layout.own);
  if (layout.words.length) problems.push(`forbidden words ${layout.words.join(', ')} in: ${layout.wordLines.map((l) => JSON.stringify(l.slice(0, 80))).join(' | ')}`);
  FORBIDDEN.lastIndex = 0;
  for (const v of await axeViolations(page)) problems.push(`axe ${v}`);
  return problems;
}

/** Resizes `page` through the sizes, writes each screen to test-output/screens/<name>-<size>.png
 * and returns its problems by size (a Map from "390x844" to a list of words). */
export async function allSizes(page, name, { handOnScreen = false, ownResult = false } = {}) {
  const problems = new Map();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Let the layout settle (two frames and a little time for any resize handler).
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    await page.waitForTimeout(120);
    await page.screenshot({ path: join(SCREENS, `${name}-${sizeName(size)}.png`) });
    problems.set(sizeName(size), await screenProblems(page, size.phone, { handOnScreen, ownResult }).catch((e) => [`checks failed to run: ${e.message}`]));
  }
  return problems;
}

/** `allSizes`, as one list of "390x844: problem" lines (empty when every size passes); the page
 * is then put back at its size before. */
export async function problemsAtEverySize(page, name, { handOnScreen = false, ownResult = false } = {}) {
  const before = page.viewportSize();
  const out = [];
  for (const [size, problems] of await allSizes(page, name, { handOnScreen, ownResult })) out.push(...problems.map((p) => `${size}: ${p}`));
  if (before) await page.setViewportSize(before);
  return out;
}
