// The UNO replay's analysis (replay/uno/, issue 36 section 3) in headless Chromium: a finished
// game opened from a fixed replay link (two players, short queues, seat 0 hitting below 19:
// six hits, one of them where passing was clearly better, as tests/uno_analysis.rs weighs them)
// is analysed from its page: the summary and each hit or pass with its bust chance, the one mark.
// The results are kept with the game: a reload shows them without running again. The casino
// replay's analysis likewise: a fixed shoe (the link of tests/casino_analysis.rs' shoe of seed 3,
// the player hitting every hard 18 or more) judged in the search worker (the page fetches
// play/search_work_loader.js), one decision at a time, with a progress bar; the summary, the
// marks (each a jump to its move), and the results after a reload; Cancel stops a run.
// Long tasks while analysing (from the click to the summary) are counted (Long Tasks API) and
// printed, not asserted: the casino page's share is a few small redraws, but a machine under load
// can stretch any task (a paint, a collection) past 50 ms. Nothing waits on a wall-clock time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, watchLongTasks } from './harness.mjs';

const LINK = '#replay=uno.pn.00001.3/v_h0_h1_h0_v_h1_h0_p1_h0_h0_h0';

test('an UNO replay analyses the player\'s hits and passes, with a mark and a summary', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await watchLongTasks(page);
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
    // Kept with the game: a reload shows it without running again.
    await page.reload();
    await page.getByRole('heading', { name: 'Replay: UNO Blackjack' }).waitFor();
    await analysis.locator('.analysis-summary').getByText(/^You: 6 decisions, 6 hits/).waitFor();
    assert.equal(await analysis.locator('li.marked').count(), 1, 'the mark kept too');
    assert.equal(await page.getByRole('button', { name: 'Analyse your hits and passes' }).count(), 0);
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

// The shoe of tests/casino_analysis.rs' `E2E_SEED` (one deck, a bot beside the player, who hits
// every hard 18 or more: plays the analysis marks), as that test prints its link.
const CASINO_LINK = '#replay=casino.100113.100000/d_x2:500_s3_n_d_s2_p3_s3_x3:500_n_d_i2:0_i3:0_h2_h3_n_d_s2_h3_s3';

test('a casino replay analyses the player\'s decisions in the search worker, and keeps the results', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  const workerFetches = [];
  page.on('request', (r) => { if (/search_work/.test(r.url())) workerFetches.push(new URL(r.url()).pathname); });
  try {
    await watchLongTasks(page);
    await page.goto(`${server.url}replay/casino/${CASINO_LINK}`);
    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    // The progress bar, seen by the page itself whenever it is drawn (no race with a poll).
    await page.evaluate(() => {
      window.sawProgress = false;
      new MutationObserver(() => { if (document.querySelector('.casino-analysis progress')) window.sawProgress = true; })
        .observe(document.body, { childList: true, subtree: true });
    });
    const before = await page.evaluate(() => window.longTasks.length);
    await page.getByRole('button', { name: 'Analyse my play' }).click();
    const analysis = page.getByRole('region', { name: 'Analysis' });
    const summary = analysis.locator('.analysis-summary');
    await summary.waitFor({ timeout: 120_000 });
    const { seen, during } = await page.evaluate((before) => ({ seen: window.longTasksSeen, during: window.longTasks.length - before }), before);
    const line = await summary.innerText();
    const m = line.match(/^You: (\d+) decisions, (\d+) the best play, (\d+) marked \(each gave up more than 0\.02 of a bet\); (\d+\.\d\d) bets given up in all\.$/);
    assert.ok(m, line);
    const [decisions, marks] = [Number(m[1]), Number(m[3])];
    assert.ok(marks >= 1, `at least one mark: ${line}`);
    assert.equal(await page.evaluate(() => window.sawProgress), true, 'the progress bar was shown');
    // The judging ran in the search worker, the shedding table's own module.
    assert.ok(workerFetches.includes('/play/search_work_loader.js'), `the worker was fetched: ${workerFetches}`);
    const moves = analysis.getByRole('listitem');
    assert.equal(await moves.count(), decisions);
    for (const text of await moves.allInnerTexts()) {
      assert.match(text, /^Move \d+: (Stand|Hit|Double|Split|Surrender) (soft )?\d+ v (A|\d+): −?\d+\.\d\d bets(, the best play|; (stand|hit|double|split|surrender) was −?\d+\.\d\d)$/);
    }
    const marked = analysis.locator('li.marked');
    assert.equal(await marked.count(), marks);
    // A mark is a jump to its move.
    const first = await marked.first().innerText();
    const move = Number(first.match(/^Move (\d+):/)[1]);
    await marked.first().getByRole('button').click();
    await page.locator('.replay-now').getByText(new RegExp(`^Move ${move} of \\d+`)).first().waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the analysed casino replay');
    const all = await page.evaluate(() => window.longTasks.length);
    console.log(`casino: long tasks while analysing ${decisions} decisions: ${during} (observed: ${seen}); on the page in all: ${all}`);
    assert.equal(seen, true, 'the browser reports long tasks');

    // Kept with the shoe: a reload shows the same results without running again.
    await page.reload();
    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    await summary.waitFor();
    assert.equal(await summary.innerText(), line);
    assert.equal(await analysis.locator('li.marked').count(), marks);
    await page.getByRole('button', { name: 'Analyse my play again' }).waitFor();

    // Cancel stops a run: a worker that never answers (so that the run is still on when Cancel is
    // pressed, whatever the machine's speed), then the button is back and the results shown are
    // still the kept ones. A worker that cannot start: a notice, and the kept results stay too.
    await page.evaluate(() => {
      window.RealWorker = window.Worker;
      const silent = URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
      window.Worker = class extends window.RealWorker { constructor(url, options) { super(silent, options); } };
    });
    await page.getByRole('button', { name: 'Analyse my play again' }).click();
    await analysis.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Analyse my play again' }).waitFor();
    assert.equal(await summary.innerText(), line);
    await page.evaluate(() => {
      window.Worker = class extends window.RealWorker { constructor(url, options) { super('no_such_worker_loader.js', options); } };
    });
    await page.getByRole('button', { name: 'Analyse my play again' }).click();
    await analysis.getByText(/^The analysis cannot run in this browser/).waitFor();
    assert.equal(await summary.innerText(), line);
    await page.evaluate(() => { window.Worker = window.RealWorker; });

    // A bot's spot: its own button, naming it.
    const bot = (await page.getByLabel('Seen by').locator('option').allInnerTexts())[1];
    await page.getByLabel('Seen by').selectOption({ label: bot });
    await page.getByRole('button', { name: `Analyse ${bot}'s play` }).click();
    await summary.getByText(new RegExp(`^${bot}: \\d+ decisions`)).waitFor({ timeout: 120_000 });
    // The worker file that was not there is the only error.
    assert.deepEqual(problems.consoleErrors.filter((e) => !/no_such_worker_loader/.test(e)), []);
  } finally {
    await context.close();
    await server.close();
  }
});
