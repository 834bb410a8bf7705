// The casino table as a practice table for a counter's bets, in real headless Chromium: with the
// count shown, a note beside the bet when it is not what the player's own bet ramp (the one set in
// the drills' "Bet ramp" drill, read from the drills' save) bets at the true count shown. The
// shoe is fresh, so the count is 0 whatever the deal: nothing here depends on the cards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves } from './harness.mjs';

/** The drills' save with only a bet ramp in it: 2 units at +1 or less, then 2, 4, 6, 8, 10. */
const drills = 'blackjack v1\nbet_ramp=2 2 4 6 8 10\n';

test('casino: a note when the bet is not the player\'s own ramp at the count shown', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await putSaves(page, server.url, { 'blackjack.drills': drills });
    await page.goto(`${server.url}tables/#casino`);
    await page.getByRole('button', { name: 'Sit down' }).click();
    const note = page.locator('.ramp-note');
    // Hidden count, no note: the ramp is read against the count the player sees.
    assert.equal(await note.count(), 0, 'no note while the count is hidden');
    await page.getByLabel('Show the count').check();
    assert.match(await page.locator('.count').innerText(), /^Running count \+0 · true count \+0\.0$/);
    // The $5 minimum is one unit; the ramp bets two at a count of 0.
    await note.waitFor();
    assert.equal(await note.innerText(), 'Your bet ramp says 2 units ($10) at a true count of +0; this bet is $5.');
    await page.getByRole('button', { name: 'Add $5', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('.ramp-note'), null, { timeout: 30_000 });
    // KO is played by its running count, with no true count to read a ramp by: no note.
    await page.getByRole('button', { name: 'Add $5', exact: true }).click();
    await note.waitFor();
    await page.getByLabel('Count system').selectOption('ko');
    await page.waitForFunction(() => !document.querySelector('.ramp-note'), null, { timeout: 30_000 });
    await page.getByLabel('Count system').selectOption('hilo');
    await note.waitFor();
    assert.equal(await note.innerText(), 'Your bet ramp says 2 units ($10) at a true count of +0; this bet is $15.');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
