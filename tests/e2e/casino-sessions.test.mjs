// The Sessions screen of the drills page (issue 26): the casino table's stored history (kept in
// the player's bank) drawn as three SVG charts, each with its figures as a table (the text
// alternative), and the risk of ruin with its formula and source. A history with a figure out of
// bounds is cleared with a notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, PHONE, DESKTOP, putSaves, screenshot } from './harness.mjs';

/** A bank of $1020 with a session of `n` rounds at $5 and $25 (wins and losses), counts from −4 to +4. */
function bank(n) {
  let worth = 100_000;
  const rounds = [];
  for (let i = 0; i < n; i++) {
    const net = i % 3 === 0 ? 500 : i % 2 ? -500 : 500;
    worth += net;
    rounds.push(`${worth},${i % 5 === 0 ? 2500 : 500},${((i % 9) - 4) * 10},${net}`);
  }
  return `blackjack v1\nchips=102000\ndecisions=19\nbest=15\nlost=1380\nrounds=${rounds.join(' ')}\nkinds=12,480,4,0,3,900\n`;
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`drills: the Sessions screen draws the casino session, each chart with its table (${size})`, { timeout: 90_000 }, async () => {
    const server = await serve('dist', '/');
    const { context, page, problems } = await openBrowser(viewport);
    try {
      await putSaves(page, server.url, { 'blackjack.casino.bank': bank(60) });
      await page.goto(`${server.url}drills/#sessions`);
      await page.getByRole('heading', { name: 'Your casino sessions' }).waitFor();
      const charts = page.locator('svg.chart[role="img"]');
      assert.equal(await charts.count(), 3, 'three charts');
      for (const label of await charts.evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')))) assert.ok(label.length > 20, label);
      assert.ok(Number(await page.locator('svg.bankroll polyline').evaluate((l) => l.points.length)) === 60, 'a point a round');
      // The text alternatives: the figures as tables.
      const bankroll = page.getByRole('table', { name: 'Bankroll after each tenth round' });
      assert.equal(await bankroll.getByRole('row').count(), 1 + 6);
      assert.match(await bankroll.getByRole('row').last().innerText(), /^60\s+\$\d+/);
      const kinds = page.getByRole('table', { name: /expected value given up/ });
      assert.match(await kinds.getByRole('row', { name: /Pairs/ }).innerText(), /Pairs\s+3\s+0\.90 of a bet\s+0\.30 of a bet/);
      const counts = page.getByRole('table', { name: /true count at the deal/ });
      assert.equal(await counts.getByRole('row').count(), 1 + 7);
      assert.match(await counts.getByRole('row', { name: /or more/ }).innerText(), /\+3 or more\s+\d+\s+\$\d+/);
      // The risk of ruin, for the bank's chips, with the formula and its source.
      assert.match(await page.locator('.risk-figure').innerText(), /^Risk of ruin: [\d.]+%|^Risk of ruin: (less|more) than/);
      assert.match(await page.locator('.risk-figure').innerText(), /your \$1020 \(204 bets of \$5\)/);
      assert.match(await page.locator('.risk').innerText(), /exp\(−2 · W · B \/ SD²\).*Blackjack Attack/s);
      await screenshot(page, `drills-sessions-${size}`);
      assert.deepEqual(await axeViolations(page), [], 'axe on the Sessions screen');
      // Escape goes to the list, whose button (or 5) opens it again.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Your casino sessions/ }).waitFor();
      await page.keyboard.press('5');
      await page.getByRole('heading', { name: 'Your casino sessions' }).waitFor();
      assert.deepEqual(problems.consoleErrors, [], 'console errors');
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('drills: a session history with a figure out of bounds is cleared with a notice; none at all says so', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await putSaves(page, server.url, { 'blackjack.casino.bank': 'blackjack v1\nchips=5000\ndecisions=0\nbest=0\nlost=0\nrounds=1,2,9999,4\nkinds=0,0,0,0,0,0\n' });
    await page.goto(`${server.url}drills/#sessions`);
    assert.match(await page.getByRole('alert').first().innerText(), /Your casino session history could not be read; it starts again from your next round\./);
    assert.match(await page.locator('.sessions').innerText(), /No rounds yet\./);
    const kept = await page.evaluate(() => localStorage.getItem('blackjack.casino.bank'));
    assert.match(kept, /\nchips=5000\n/, 'the chips stay');
    assert.match(kept, /\nrounds=\n/, 'the history is cleared');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
