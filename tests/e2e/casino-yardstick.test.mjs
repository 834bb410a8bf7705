// The casino table as a practice table (issue 38, section 5), in real headless Chromium: with the
// Hi-Lo count shown, the trainer grades a decision by basic strategy plus the count's index plays,
// which the drills' worker works out (the table grades by basic strategy until they come, and
// says so: the lines are recorded in the order the page shows them), and gives the exact values
// for the cards left as a second line. The shoe is fixed: a saved table (seed 15) resumed at the
// player's three-card 16 against a 10 at a Hi-Lo true count of +2.1, where basic strategy hits
// and the index play (16 v 10 stands from +0) stands.
// A second test serves the same shoe without the worker's files: a notice, no verdict, and the
// round still ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves } from './harness.mjs';

const log = 'b2:500 b3:500 b4:500 d h2 s2 s3 h4 h4 n d s2 s3 s4 n d s2 s3 s4 n d x2:500 s3 h4 n d s2 s3 s4 n d '
  + 's2 s3 s4 n d h2 s2 x3:500 s4 n d h2 s2 h3 s3 s4 n d s2 s3 h4 s4 n d i2:0 i3:0 i4:0 h2 h2 h3 s3 s4 n d '
  + 's2 s3 s4 n d s2 s3 s4 n d h2 h3 s4 n d h2 s2 h3';
const table = `blackjack v1\ndecks=6\nbots=2\nsurrender=0\nh17=0\nseed=15\nchips=100000\nlog=${log}\n`;
const count = 'blackjack v1\nshown=1\nsystem=hilo\n';

test('casino: the verdict names the index play at the count shown, the exact values a second line', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // Every text the yardstick line takes, in order, from the page's first paint.
    await page.addInitScript(() => {
      window.yardLines = [];
      new MutationObserver(() => {
        const t = document.querySelector('.yardstick')?.textContent;
        if (t && t !== window.yardLines.at(-1)) window.yardLines.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await putSaves(page, server.url, { 'blackjack.casino': table, 'blackjack.casino.count': count });
    const opened = Date.now();
    await page.goto(`${server.url}tables/#casino`);
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Your decision.', null, { timeout: 30_000 });
    assert.match(await page.locator('.count').innerText(), /^Running count \+\d+ · true count \+2\.1$/);
    // The index plays come from the worker: graded by them once they are known.
    await page.waitForFunction(() => /^Graded by basic strategy and the Hi-Lo index plays/.test(document.querySelector('.yardstick')?.textContent ?? ''), null, { timeout: 180_000 });
    console.log(`the Hi-Lo index plays reached the table ${Date.now() - opened} ms after it opened`);
    // First the wait (basic strategy until then), then the plays: never the other way round.
    const lines = await page.evaluate(() => window.yardLines);
    const waiting = lines.indexOf('Working out the Hi-Lo index plays; basic strategy until then.');
    const graded = lines.findIndex((l) => l.startsWith('Graded by basic strategy and the Hi-Lo index plays'));
    assert.ok(waiting >= 0 && waiting < graded, `the wait, then the plays: ${JSON.stringify(lines)}`);
    assert.ok(lines.slice(graded).every((l) => l.startsWith('Graded by')), `nothing after the plays but the plays: ${JSON.stringify(lines)}`);

    await page.getByRole('button', { name: 'Stand' }).click();
    await page.locator('.verdict').waitFor();
    assert.match(await page.locator('.verdict').innerText(),
      /^Stand with hard 16: right\. Stand: 16 v 10 stands from [+-]\d+ with Hi-Lo; the count is \+2\.1\.$/);
    assert.match(await page.locator('.verdict-values').innerText(),
      /^For the cards left: (Stand|Hit) [+-]\d\.\d{3}, (Stand|Hit) [+-]\d\.\d{3} bets(; Hit is worth .+ more)?\.$/);
    assert.match(await page.locator('.session').innerText(), /^Trainer: 1 decision, 1 right play\./);

    // The count hidden: basic strategy alone, and the line says so.
    await page.getByLabel('Show the count').uncheck();
    await page.waitForFunction(() => document.querySelector('.yardstick')?.textContent.startsWith('Decisions are graded by basic strategy'), null, { timeout: 5_000 });
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

// The same shoe with the trainer's worker missing (its files not served, as an old or partial
// deploy would leave it): the table says so in plain words, shows no hint or verdict, and plays
// on: the bots (without the worker's plays) hit below 17 and stand from it, so the round ends.
test('casino: without the trainer\'s worker the table says so and the round still ends', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.route('**/drills/drills_work*', (route) => route.abort());
    await putSaves(page, server.url, { 'blackjack.casino': table, 'blackjack.casino.count': count });
    await page.goto(`${server.url}tables/#casino`);
    await page.locator('.trainer .notice', { hasText: /^The trainer's helper could not be loaded/ }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Your decision.', null, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Stand' }).click();
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Hand over.', null, { timeout: 30_000 });
    assert.equal(await page.locator('.verdict').count(), 0, 'no verdict without the worker');
    assert.match(await page.locator('.session').innerText(), /^Trainer: 0 decisions/);
    // The only complaints are the refused downloads of the worker's files.
    const other = problems.consoleErrors.filter((e) => !/drills_work|Failed to load resource|net::ERR_FAILED/.test(e));
    assert.deepEqual(other, [], 'console errors besides the worker\'s refused files');
  } finally {
    await context.close();
    await server.close();
  }
});
