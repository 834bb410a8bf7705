// The replay pages of UNO Blackjack (replay/uno/) and casino Blackjack (replay/casino/) at every
// size of the screenshot matrix (issue 36 section 2, as replay.test.mjs checks the shedding
// replay page): a fixed UNO game and a fixed casino shoe (links with a fixed deal, those of
// replay-more-analysis.test.mjs), each analysed, shown at a move and at the end, pass the screen
// checks (screen-checks.mjs: nothing overlaps or goes off-screen, every total on the first
// screen, 44 px targets on phones, axe), with a PNG of each in test-output/screens/; and at each
// size the step controls are on the first screen, each what a tap at its middle reaches, no
// seat reaches under the step bar, and the table's head is one row. One browser for both pages;
// nothing waits on a wall-clock time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser } from './harness.mjs';
import { problemsAtEverySize, SIZES, sizeName } from './screen-checks.mjs';

const UNO_LINK = '#replay=uno.pn.00001.3/v_h0_h1_h0_v_h1_h0_p1_h0_h0_h0';
const CASINO_LINK = '#replay=casino.100113.100000/d_x2:500_s3_n_d_s2_p3_s3_x3:500_n_d_i2:0_i3:0_h2_h3_n_d_s2_h3_s3';

const PAGES = [
  {
    name: 'replay-uno', path: 'replay/uno/', link: UNO_LINK, heading: 'Replay: UNO Blackjack',
    analyse: 'Analyse your hits and passes', done: /^You: 6 decisions/,
    // A move in the second round: both players' stacks and totals on the felt.
    move: 7,
  },
  {
    name: 'replay-casino', path: 'replay/casino/', link: CASINO_LINK, heading: 'Replay: Casino Blackjack',
    analyse: 'Analyse my play', done: /^You: \d+ decisions/,
    // The player's decision in the second round (a split pair's second hand).
    move: 7,
  },
];

/** At each size: the step controls on the first screen (seen from the page's top), and each
 * step button what a tap at its middle reaches; no seat's box (its last line, "hit: 4 → 9",
 * included) under the step bar where the bar is fixed at the screen's foot (a phone's), nor
 * overlapping it anywhere; and the table's head row on one line (the replay draws no sound
 * switch in it: on a small phone it wrapped Menu to a line of its own, which pushed the table's
 * foot under the bar). */
async function controlsReachable(page) {
  const problems = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const found = await page.evaluate(() => {
      scrollTo(0, 0);
      const out = [];
      const controls = document.querySelector('.replay-controls');
      const bar = controls.getBoundingClientRect();
      if (bar.bottom > innerHeight + 1) out.push(`the step controls end ${Math.round(bar.bottom - innerHeight)} px below the screen`);
      for (const b of document.querySelectorAll('.replay-steps button')) {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!b.contains(hit)) out.push(`"${b.getAttribute('aria-label') ?? b.innerText}" is covered`);
      }
      const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden'; };
      const fixed = getComputedStyle(controls).position === 'fixed';
      const name = (el) => (el.querySelector('.who, .seat-name, .spot-name, h3') ?? el).innerText.trim().split('\n')[0].slice(0, 30);
      for (const seat of [...document.querySelectorAll('.uno-players > li, .casino .spot, .casino .dealer')].filter(shown)) {
        const r = seat.getBoundingClientRect();
        const [w, h] = [Math.min(r.right, bar.right) - Math.max(r.left, bar.left), Math.min(r.bottom, bar.bottom) - Math.max(r.top, bar.top)];
        if (fixed && r.bottom > bar.top + 1) out.push(`${name(seat)}'s seat ends ${Math.round(r.bottom - bar.top)} px under the step bar`);
        else if (w > 1 && h > 1) out.push(`the step bar overlaps ${name(seat)}'s seat by ${Math.round(w)}x${Math.round(h)} px`);
      }
      // The head row's lines: a child starts a new line when it begins below the line's foot.
      for (const head of [...document.querySelectorAll('.table-head')].filter(shown)) {
        const rects = [...head.children].filter(shown).map((c) => c.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        let [lines, foot] = [0, -Infinity];
        for (const r of rects) {
          if (r.top >= foot - 1) lines += 1;
          foot = Math.max(foot, r.bottom);
        }
        if (lines > 1) out.push(`the table's head row takes ${lines} lines, not one: ${JSON.stringify(head.innerText.replace(/\s+/g, ' ').trim())}`);
      }
      return out;
    });
    problems.push(...found.map((p) => `${sizeName(size)}: ${p}`));
  }
  return problems;
}

test('the UNO and casino replay pages at every size of the screenshot matrix, analysed', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems: seen } = await openBrowser();
  const problems = [];
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const p of PAGES) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}${p.path}${p.link}`);
      await page.getByRole('heading', { name: p.heading }).waitFor();
      await page.getByRole('button', { name: p.analyse }).click();
      const analysis = page.getByRole('region', { name: 'Analysis' });
      await analysis.locator('.analysis-summary').getByText(p.done).waitFor({ timeout: 120_000 });
      for (let i = 0; i < p.move; i++) await page.keyboard.press('ArrowRight');
      await page.locator('.replay-now').getByText(new RegExp(`^Move ${p.move} of \\d+`)).waitFor();
      // Each screen as the page opens, from its top (the analysis' button is further down).
      await page.evaluate(() => scrollTo(0, 0));
      problems.push(...(await problemsAtEverySize(page, `${p.name}-move`)).map((x) => `${p.name} at a move: ${x}`));
      problems.push(...(await controlsReachable(page)).map((x) => `${p.name} at a move: ${x}`));
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.keyboard.press('End');
      await page.getByRole('button', { name: 'To the end' }).and(page.locator(':disabled')).waitFor();
      await page.evaluate(() => scrollTo(0, 0));
      problems.push(...(await problemsAtEverySize(page, `${p.name}-end`)).map((x) => `${p.name} at the end: ${x}`));
      problems.push(...(await controlsReachable(page)).map((x) => `${p.name} at the end: ${x}`));
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(seen.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
