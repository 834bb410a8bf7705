// The Sessions screen of the drills page (issue 26): the casino table's stored history drawn as
// three SVG charts, each with its figures as a table (the text alternative), and the risk of
// ruin with its formula and source. A history that cannot be read is set aside with a notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, PHONE, DESKTOP, putSaves, screenshot } from './harness.mjs';

/** A session of `n` rounds at $5 (wins and losses alternating, a win every third extra), counts from −4 to +4. */
function history(n) {
  let worth = 100_000;
  const rounds = [];
  for (let i = 0; i < n; i++) {
    const net = i % 3 === 0 ? 500 : i % 2 ? -500 : 500;
    worth += net;
    rounds.push(`${worth},${i % 5 === 0 ? 2500 : 500},${((i % 9) - 4) * 10},${net}`);
  }
  return `blackjack v1\nrounds=${rounds.join(' ')}\nhard=12,480\nsoft=4,0\npair=3,900\n`;
}
const bank = (chips) => `blackjack v1\nchips=${chips}\ndecisions=19\nbest=15\nlost=1380\n`;

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`drills: the Sessions screen draws the casino session, each chart with its table (${size})`, { timeout: 90_000 }, async () => {
    const server = await serve('dist', '/');
    const { context, page, problems } = await openBrowser(viewport);
    try {
      await putSaves(page, server.url, { 'blackjack.casino.session': history(60), 'blackjack.casino.bank': bank(102_000) });
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

test('drills: a session history that cannot be read is set aside with a notice; none at all says so', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await putSaves(page, server.url, { 'blackjack.casino.session': 'blackjack v1\nrounds=1,2,9999,4\nhard=0,0\nsoft=0,0\npair=0,0\n' });
    await page.goto(`${server.url}drills/#sessions`);
    assert.match(await page.getByRole('alert').first().innerText(), /Your saved casino session history could not be read and was set aside\./);
    assert.match(await page.locator('.sessions').innerText(), /No rounds yet\./);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
