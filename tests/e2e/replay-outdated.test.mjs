// A replay page and a search worker of another build of the site (a browser's cache keeping the
// previous worker file while the page is new, or a tab open across an update): the page's worker
// is started from a stub instead of its module (play/search_work_loader.js), one that answers as
// such a worker would: the worker from before the page's analysis could tell the end of a game
// (a bare "refused" where a judgement was due), a newer one that does not know the ask
// ("unknown"), and one whose replies this page cannot read. Each time the analysis says the page
// needs reloading, offers the reload, and keeps nothing: never "made no decision", and no
// progress bar left waiting. The reload brings page and worker together: the analysis runs.
// The casino replay and the shedding replay alike. Nothing waits on a wall-clock time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations } from './harness.mjs';

// The shoe of replay-more-analysis.test.mjs (the player decides at every round).
const CASINO_LINK = '#replay=casino.100113.100000/d_x2:500_s3_n_d_s2_p3_s3_x3:500_n_d_i2:0_i3:0_h2_h3_n_d_s2_h3_s3';
// The deal of replay.test.mjs's analysis (the player picks up, Sam goes out): one decision of the
// player's, at move 2.
const SHEDDING_LINK = '#replay=taylor.2.normal.136~hand=1~clock=0~pen_slow=0/l.1_d.0_p.1.10D';

// Each stub says it is up, as every build's worker does, then answers every ask with `reply`.
const STUBS = [
  ['the worker from before the analysis could tell the end of a game', 'refused'],
  ['a worker that does not know the ask', 'unknown'],
  ['a worker whose replies this page cannot read', 'judged 0 c3 0'],
];

/** Opens `path` + `link` (its heading `heading`) with each stub in turn, then with the page's own
 * worker: `analyse` is the run's button, `summary` what the run's summary says once it is over. */
async function outdatedThenRuns({ path, link, heading, analyse, summary }) {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    for (const [who, reply] of STUBS) {
      await page.goto(`${server.url}${path}${link}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      // The page's worker, whatever its address, started from the stub instead (page.route
      // would not see a fetch the site's service worker answers).
      await page.evaluate((reply) => {
        const stub = `postMessage('ready'); onmessage = () => postMessage(${JSON.stringify(reply)});`;
        const url = URL.createObjectURL(new Blob([stub], { type: 'text/javascript' }));
        window.Worker = class extends window.Worker { constructor(_, options) { super(url, options); } };
      }, reply);
      const analysis = page.getByRole('region', { name: 'Analysis' });
      await page.getByRole('button', { name: analyse }).click();
      await analysis.getByRole('alert').getByText(/^The analysis needs this page reloaded/).waitFor({ timeout: 60_000 });
      assert.equal(await analysis.locator('.analysis-summary').count(), 0, `${who}: no summary`);
      assert.equal(await analysis.locator('progress').count(), 0, `${who}: the run is over`);
      assert.deepEqual(await axeViolations(page), [], `${who}: axe`);
      // The reload, with the page's own worker: nothing was kept, and the analysis runs.
      await Promise.all([
        page.waitForEvent('load'),
        analysis.getByRole('button', { name: 'Reload the page' }).click(),
      ]);
      await page.getByRole('heading', { name: heading }).waitFor();
      assert.equal(await analysis.getByRole('alert').count(), 0, `${who}: the notice is gone`);
      await page.getByRole('button', { name: analyse }).waitFor();
    }
    await page.getByRole('button', { name: analyse }).click();
    await page.getByRole('region', { name: 'Analysis' }).locator('.analysis-summary')
      .getByText(summary).waitFor({ timeout: 120_000 });
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
}

test('a casino replay with a search worker of another build asks for a reload, never "no decision"', { timeout: 180_000 }, () =>
  outdatedThenRuns({
    path: 'replay/casino/',
    link: CASINO_LINK,
    heading: 'Replay: Casino Blackjack',
    analyse: 'Analyse my play',
    summary: /^You: \d+ decisions, \d+ the best play/,
  }));

test('a shedding replay with a search worker of another build asks for a reload, never "no decision"', { timeout: 180_000 }, () =>
  outdatedThenRuns({
    path: 'replay/',
    link: SHEDDING_LINK,
    heading: 'Replay: Taylor Blackjack',
    analyse: 'Analyse my play',
    // The one decision weighed: an accuracy over it (never "No decision to weigh").
    summary: /^Accuracy \d+%: .*1 decision weighed/,
  }));
