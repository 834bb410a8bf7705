// The UNO replay's analysis (replay/uno/, issue 36 section 3) in headless Chromium: a finished
// game opened from a fixed replay link (two players, short queues, seat 0 hitting below 19:
// six hits, one of them where passing was clearly better, as tests/uno_analysis.rs weighs them)
// is analysed from its page: the summary and each hit or pass with its bust chance, the one mark.
// Long tasks while analysing are counted (Long Tasks API) and printed, not asserted (a machine
// under load can stretch any task; the analysis is a few counts a decision). (The casino
// replay's analysis is not on its page yet.) Nothing waits on a wall-clock time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations } from './harness.mjs';

const LINK = '#replay=uno.pn.00001.3/v_h0_h1_h0_v_h1_h0_p1_h0_h0_h0';

test('an UNO replay analyses the player\'s hits and passes, with a mark and a summary', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.addInitScript(() => {
      window.longTasks = [];
      window.longTasksSeen = PerformanceObserver.supportedEntryTypes.includes('longtask');
      if (window.longTasksSeen) {
        new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
          .observe({ type: 'longtask' });
      }
    });
    await page.goto(`${server.url}replay/uno/${LINK}`);
    await page.getByRole('heading', { name: 'Replay: UNO Blackjack' }).waitFor();
    const before = await page.evaluate(() => window.longTasks.length);
    await page.getByRole('button', { name: 'Analyse your hits and passes' }).click();
    const analysis = page.getByRole('region', { name: 'Analysis' });
    await analysis.getByRole('heading', { name: 'Hits and passes' }).waitFor();
    assert.match(await analysis.locator('.analysis-summary').innerText(),
      /^You: 6 decisions, 6 hits \(a \d+% bust chance on average\), 0 passes; the other choice was clearly better at 1\.$/);
    const moves = analysis.getByRole('listitem');
    assert.equal(await moves.count(), 6);
    for (const text of await moves.allInnerTexts()) {
      assert.match(text, /^Move \d+: Hit on \d+, a \d+% chance that a card would bust\./);
    }
    const marked = analysis.locator('li.marked');
    assert.equal(await marked.count(), 1);
    assert.match(await marked.innerText(), /Passing was clearly better \(by \d+\.\d cards\)\.$/);
    // Sam's seat has an analysis of its own.
    await page.getByLabel('Seen by').selectOption({ label: 'Sam' });
    await page.getByRole('button', { name: "Analyse Sam's hits and passes" }).click();
    await analysis.locator('.analysis-summary').getByText(/^Sam: \d+ decisions/).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the analysed replay');
    const { seen, tasks } = await page.evaluate(() => ({ seen: window.longTasksSeen, tasks: window.longTasks }));
    const during = tasks.slice(before);
    console.log(`long tasks while analysing: ${during.length} (observed: ${seen}); on the page in all: ${tasks.length}`);
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
