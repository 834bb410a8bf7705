// The casino table as a player meets it, in real headless Chromium: chips build a bet within the
// table limits and the bankroll, Deal needs a bet, a new bankroll at $0 (counted), the keyboard
// shortcuts and focus, the end-of-hand results on the felt with Deal focused (no dialog; twenty
// hands by Enter alone, and dealing by itself when chosen), the contrast of every text on the
// felt, and tables/ following a change of fragment (#casino → #uno) to the UNO page and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, PHONE, putSaves } from './harness.mjs';

const chips = async (page) => (await page.locator('.bankroll').innerText()).trim();
const controls = async (page) => page.getByRole('group', { name: 'Your controls' }).innerText();
const bank = (chips) => `blackjack v1\nchips=${chips}\ndecisions=0\nbest=0\nlost=0\n`;
/** A table in progress, dealt from a known shoe (seat 3 is the player's; bots at 2 and 4). */
const table = (seed, log, bots = 2) => `blackjack v1\ndecks=6\nbots=${bots}\nsurrender=0\nh17=0\nseed=${seed}\nchips=100000\nlog=${log}\n`;
/** The hand is over: the status line says so (the results are on the felt, beside the spots). */
const handOver = (page) => page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Hand over.', null, { timeout: 30_000 });
const dealFocused = (page) => page.waitForFunction(() => document.activeElement?.textContent === 'Deal', null, { timeout: 30_000 });

/** Opens tables/#casino with these saves in place (bank and table), or none. */
async function open(page, server, saves = {}) {
  await putSaves(page, server.url, saves);
  await page.goto(`${server.url}tables/#casino`);
}

test('casino: chips within the limits and the bankroll, Deal needs a bet, a new bankroll at $0', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await open(page, server);
    await page.getByRole('button', { name: 'Sit down' }).click();
    const deal = page.getByRole('button', { name: 'Deal' });
    assert.ok(await deal.isEnabled(), 'the minimum bet is on the spot');
    assert.match(await controls(page), /Bet \$5 · table limits \$5 to \$500/, 'the limits are stated');
    await page.getByRole('button', { name: 'Clear bet' }).click();
    assert.ok(await deal.isDisabled(), 'no bet, no deal');
    assert.equal(await chips(page), 'Chips: $1000');
    await page.getByRole('button', { name: 'Add $100' }).click();
    await page.getByRole('button', { name: 'Add $25' }).click();
    await page.keyboard.press('1'); // the $5 chip, from the keyboard
    assert.match(await controls(page), /Bet \$130 /);
    assert.equal(await chips(page), 'Chips: $870');
    assert.ok(await page.getByRole('button', { name: 'Add $500' }).isDisabled(), '$630 would pass the $500 limit');
    assert.ok(await page.getByRole('button', { name: 'Add $100' }).isEnabled(), '$230 is within it');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add $100' }).click();
    assert.match(await controls(page), /Bet \$430 /);
    assert.ok(await page.getByRole('button', { name: 'Add $100' }).isDisabled(), '+$100 is disabled at the limit (defect 14)');
    assert.ok(await page.getByRole('button', { name: 'Add $25' }).isEnabled());
    const look = await page.getByRole('button', { name: 'Add $100' }).evaluate((b) => [getComputedStyle(b).opacity, getComputedStyle(b).cursor]);
    assert.deepEqual(look, ['0.45', 'not-allowed'], 'a disabled chip looks disabled');
    assert.deepEqual(await axeViolations(page), [], 'axe while betting');

    // The bankroll limits a bet too: $30 in chips, the $5 minimum on the spot.
    await open(page, server, { 'blackjack.casino.bank': bank(3000) });
    await page.getByRole('button', { name: 'Sit down' }).click();
    assert.equal(await chips(page), 'Chips: $25');
    assert.ok(await page.getByRole('button', { name: 'Add $100' }).isDisabled(), 'more than the player has');
    await page.getByRole('button', { name: 'Add $25' }).click();
    assert.equal(await chips(page), 'Chips: $0');
    assert.ok(await page.getByRole('button', { name: 'Add $5', exact: true }).isDisabled());

    // A hand that loses the last chips ends in the results with the new bankroll as its button,
    // one press from the next bet (a shoe where standing loses the $5 bet).
    await open(page, server, {
      'blackjack.casino.bank': bank(500),
      'blackjack.casino': table(4, 'b2:500 b3:500 b4:500 d').replace('chips=100000', 'chips=500'),
    });
    await page.getByRole('button', { name: 'Stand' }).click();
    const results = page.getByRole('dialog');
    await results.getByText('You have $0.').waitFor();
    assert.equal(await results.getByRole('button', { name: 'Next round' }).count(), 0, 'no round to bet on');
    await results.getByRole('button', { name: 'New bankroll' }).click();
    assert.equal(await chips(page), 'Chips: $995', '$1000 with the minimum bet placed');
    assert.ok(await page.getByRole('button', { name: 'Deal' }).isEnabled());
    await page.getByText('A new bankroll and a fresh shoe.').first().waitFor();
    assert.match(await page.locator('.tally').innerText(), /new bankrolls: 1/);

    // At $0, no deal: a new bankroll, counted in the statistics (defect 1).
    await open(page, server, { 'blackjack.casino.bank': bank(0) });
    await page.getByRole('button', { name: 'Sit down' }).click();
    await page.getByText('You have less than the smallest bet, $5.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Deal' }).count(), 0, 'no Deal without a bet');
    await page.getByRole('region', { name: 'Casino table' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await chips(page), 'Chips: $0', 'nor does Enter on the table');
    await page.getByRole('button', { name: 'New bankroll' }).click();
    assert.equal(await chips(page), 'Chips: $995', '$1000 with the minimum bet placed');
    assert.ok(await page.getByRole('button', { name: 'Deal' }).isEnabled());
    assert.match(await page.locator('.tally').innerText(), /new bankrolls: 1/);
    assert.match(await page.evaluate(() => localStorage.getItem('blackjack.casino.bank')), /\nrefills=1\n/);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('casino: shortcuts from anywhere on the table, focus kept, a split, the results, text contrast on the felt', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // A shoe that deals the player a pair of eights against a low card.
    await open(page, server, { 'blackjack.casino': table(974, 'b2:500 b3:500 b4:500 d') });
    const split = page.getByRole('button', { name: 'Split' });
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Your decision.', null, { timeout: 15_000 });
    const focused = () => page.evaluate(() => !!document.activeElement?.closest('.casino'));
    assert.ok(await focused(), 'focus is on the table when the decision comes');
    assert.ok(await split.isEnabled());
    await page.keyboard.press('?');
    await page.getByRole('definition').filter({ hasText: 'Hit / Stand' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.querySelectorAll('.spot.me .bj-hand').length === 2);
    assert.ok(await focused(), 'focus stays on the table after a move');
    while ((await page.locator('.status').innerText()) !== 'Hand over.') {
      if ((await page.locator('.status').innerText()) === 'Your decision.') await page.keyboard.press('s');
      await page.waitForTimeout(100);
    }
    // The results are on the felt, beside each hand, and in the log; no dialog hides the dealer.
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after a hand');
    assert.equal(await page.locator('.spot.me .outcome').count(), 2, 'a result beside each hand of the split');
    assert.match(await page.locator('.spot.me').innerText(), /(Win \+\$5|Lose −\$5|Push)/, 'each hand shows its outcome');
    assert.match(await page.locator('.dealer').innerText(), /\d/, 'the dealer\'s total is in sight');
    assert.match(await page.getByRole('list', { name: 'Table log' }).innerText(), /You: (win|lose|push|bust)/);
    await dealFocused(page);
    assert.match(await controls(page), /Bet \$5 /, 'the bet controls stay, with the same bet');
    assert.deepEqual(await axeViolations(page), [], 'axe at the end of a hand');

    // Every text on the table, the results on the felt and the chart's legend included, against
    // what is behind it (defect 17).
    await page.getByText('Strategy chart for these rules').click();
    await page.getByRole('table', { name: /S stand/ }).waitFor({ timeout: 30_000 });
    const low = await page.evaluate(() => {
      const rgb = (c) => {
        const m = c.match(/^rgba?\(([^)]*)\)$/);
        if (m) { const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p[3] ?? 1]; }
        const s = c.match(/^color\(srgb ([^)]*)\)$/);
        if (s) { const p = s[1].split(/[\s/]+/).filter(Boolean).map(Number); return [p[0] * 255, p[1] * 255, p[2] * 255, p[3] ?? 1]; }
        return null;
      };
      const behind = (el) => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        let out = [255, 255, 255];
        for (const [r, g, b, a] of layers.reverse()) out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
        return out;
      };
      const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
      const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
      const bad = [];
      const walk = document.createTreeWalker(document.querySelector('.casino'), NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const el = walk.currentNode.parentElement;
        if (!walk.currentNode.textContent.trim() || el.closest('svg, :disabled, .sr-cards') || !el.getClientRects().length) continue;
        const cs = getComputedStyle(el);
        const size = parseFloat(cs.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
        const r = ratio(rgb(cs.color), behind(el));
        if (r < (large ? 3 : 4.5)) bad.push(`${walk.currentNode.textContent.trim().slice(0, 30)}: ${r.toFixed(2)}`);
      }
      return bad;
    });
    assert.deepEqual(low, [], 'text below 4.5:1 on the felt');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('casino: double for less offers the amounts up to the bet (defect 14)', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    // A $25 bet and a hard 11 against a low card.
    await open(page, server, { 'blackjack.casino': table(78, 'b2:500 b3:500 b4:500 b3:2500 d') });
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Your decision.', null, { timeout: 15_000 });
    const less = page.getByRole('button', { name: 'Double for less' });
    await less.click();
    assert.equal(await less.getAttribute('aria-expanded'), 'true');
    const amounts = await page.getByRole('button', { name: /^Double for \$/ }).allInnerTexts();
    assert.deepEqual(amounts, ['Double for $5', 'Double for $12', 'Double for $25']);
    await page.getByRole('button', { name: 'Double for $12' }).click();
    await page.locator('.spot.me .badge', { hasText: 'doubled' }).waitFor();
    assert.match(await page.getByRole('list', { name: 'Table log' }).innerText(), /You double for \$12\./);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

for (const base of ['/', '/blackjack/']) {
  test(`at ${base}: tables/#casino → #uno in one tab ends on the UNO page, uno/#casino comes back (defect 4)`, { timeout: 60_000 }, async () => {
    const server = await serve('dist', base);
    const { context, page, problems } = await openBrowser();
    try {
      await open(page, server);
      await page.getByRole('button', { name: 'Sit down' }).click();
      await page.getByRole('region', { name: 'Casino table' }).waitFor();
      await page.evaluate(() => { location.hash = '#uno'; });
      await page.waitForURL(`${server.url}uno/`, { timeout: 10_000 });
      await page.getByLabel('Players (you and bots)').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Casino table' }).count(), 0);
      await page.evaluate(() => { location.hash = '#casino'; });
      await page.waitForURL(`${server.url}tables/#casino`, { timeout: 10_000 });
      await page.getByRole('region', { name: 'Casino table' }).waitFor({ timeout: 10_000 });
      assert.equal(await chips(page), 'Chips: $995', 'the table resumes');
      // A saved link to the old address, loaded afresh from the menu, opens the UNO table in
      // progress, and Back skips the redirect.
      await page.goto(server.url);
      await page.goto(`${server.url}tables/#uno`);
      await page.waitForURL(`${server.url}uno/`, { timeout: 10_000 });
      await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor({ timeout: 10_000 });
      await page.goBack();
      await page.waitForURL(server.url, { timeout: 10_000 });
      assert.deepEqual(problems.consoleErrors, [], 'console errors');
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('casino: twenty hands in a row with no dialog, Enter deals the same bet again; the next hand deals by itself when chosen', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    // No bots: a six-deck shoe is far from its cut card after twenty hands.
    await open(page, server, { 'blackjack.casino': table(31, 'b3:2500', 0) });
    await page.getByRole('button', { name: 'Deal' }).waitFor();
    const hands = () => page.evaluate(() => Number((localStorage.getItem('blackjack.casino.bank') || '').match(/\nhands=(\d+)/)?.[1] ?? 0));
    let played = 0;
    await page.getByRole('region', { name: 'Casino table' }).focus();
    while (played < 20) {
      // Enter: the first hand's deal, then the same bet again from the focused Deal.
      await page.keyboard.press('Enter');
      for (;;) {
        const status = await page.locator('.status').innerText();
        if (status === 'Hand over.') break;
        if (status.startsWith('The dealer shows an ace')) await page.keyboard.press('n');
        else if (status === 'Your decision.') await page.keyboard.press('s');
        await page.waitForTimeout(50);
      }
      played += 1;
      assert.equal(await page.getByRole('dialog').count(), 0, `no dialog after hand ${played}`);
      assert.ok(await page.locator('.spot.me .outcome').count() >= 1, `hand ${played}'s result is on the felt`);
      await dealFocused(page);
      assert.match(await controls(page), /Bet \$25 /, `the same bet after hand ${played}`);
    }
    assert.equal(await hands(), 20, 'twenty hands counted');

    // Fast practice: the next hand deals by itself after the seconds chosen (kept in the settings).
    await page.getByLabel('Next hand').selectOption('2');
    assert.match(await page.evaluate(() => localStorage.getItem('blackjack.settings')), /\nauto_deal=2\n/);
    await page.waitForFunction(() => document.querySelector('.status')?.textContent !== 'Hand over.', null, { timeout: 15_000 });
    await page.waitForFunction(() => /\nhands=21\n/.test(localStorage.getItem('blackjack.casino.bank') || '') || document.querySelector('.status')?.textContent === 'Your decision.', null, { timeout: 15_000 });
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
