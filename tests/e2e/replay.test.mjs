// The replay page (replay/, issue 36 section 2) in headless Chromium: a Taylor game finished
// through the page opens its replay from the results; the replay steps back and forth by keys
// and buttons, shows another seat's view and every hand face up, and plays to the end by itself;
// the menu's statistics list the game; a replay link opens in a fresh browser; broken replay
// links get a notice; and the page passes the screenshot matrix's checks at its five sizes.
// Controls are found by role and accessible name; nothing waits on a wall-clock time.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, putSaves, stallWatch } from './harness.mjs';
import { problemsAtEverySize, SIZES, sizeName } from './screen-checks.mjs';

/** The table this test finishes: two players, one card each, the clock off (a fixed deal). */
const TABLE = '#table=taylor.2.normal.77~hand=1~clock=0~pen_slow=0';

const tap = (locator, options = {}) => locator.click({ timeout: 2_000, ...options }).catch(() => {});

/** Plays the player's turns until the game is over: a playable card, else Finished or Pick up. */
async function finishGame(page) {
  const watch = stallWatch('the end of the game');
  const log = page.getByRole('list', { name: 'Game log' });
  while (!(await page.getByText(/ won!$/).count())) {
    watch(await log.innerText().catch(() => ''));
    if (await page.getByText('Your turn', { exact: true }).count()) {
      const playable = page.locator('.hand-card.playable');
      const finished = page.getByRole('button', { name: 'Finished' });
      if (await playable.count()) await tap(playable.first(), { position: { x: 10, y: 30 } });
      else if (await finished.count()) await tap(finished);
      else await tap(page.getByRole('button', { name: /^Pick up/ }));
    }
    await page.waitForTimeout(40);
  }
}

/** The replay's line for the step shown: "The deal: …", "Move 3 of 9: …". */
const now = (page) => page.locator('.replay-now').innerText();

let replayUrl;

test('a finished Taylor game opens its replay, which steps back and forth', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel("Bots' pace").selectOption('4');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.goto('about:blank');
    await page.goto(`${server.url}${TABLE}`);
    await page.getByRole('list', { name: 'Your hand' }).waitFor();
    await finishGame(page);
    const results = page.getByRole('dialog');
    const winner = await results.getByRole('heading').innerText();
    await results.getByRole('link', { name: 'Replay', exact: true }).click();

    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    replayUrl = page.url();
    assert.match(replayUrl, /\/replay\/#replay=taylor\.2\.normal\.77~hand=1~clock=0~pen_slow=0\//);
    assert.match(await now(page), /^The deal: /);
    const moves = Number((await page.getByRole('slider', { name: /Move/ }).getAttribute('max')) ?? '0');
    assert.ok(moves >= 1, `a finished game has moves (${moves})`);
    // A replay is watched: the live table's moves and table talk are not offered.
    for (const name of [/^Pick up/, 'Last card', 'Sorry!']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button in a replay`);
    }

    // Keys: a move forward, back, to the end and to the deal.
    await page.keyboard.press('ArrowRight');
    await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
    const first = await now(page);
    assert.ok((await page.getByRole('list', { name: 'Game log' }).innerText()).includes(first.split(': ').slice(1).join(': ')),
      `the move is said as the log says it: ${first}`);
    await page.keyboard.press('ArrowLeft');
    await page.getByText('The deal', { exact: true }).waitFor();
    await page.keyboard.press('End');
    await page.getByText(`Move ${moves} of ${moves}`, { exact: true }).waitFor();
    // The end shows the game's result with the live table's own results.
    assert.equal(await page.getByRole('dialog').getByRole('heading').innerText(), winner);
    await page.getByRole('button', { name: 'View table' }).click();
    await page.keyboard.press('Home');
    await page.getByText('The deal', { exact: true }).waitFor();

    // Buttons do the same.
    await page.getByRole('button', { name: 'Forward one move' }).click();
    await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back one move' }).click();
    await page.getByText('The deal', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Back one move' }).isDisabled(), true, 'nothing before the deal');

    // Another seat's view: Sam's hand, not the player's.
    const hand = page.getByRole('list', { name: 'Your hand' }).getByRole('button');
    const mine = await hand.first().getAttribute('aria-label');
    await page.getByLabel('Seen by').selectOption({ label: 'Sam' });
    await page.waitForFunction((m) => document.querySelector('.hand-card')?.getAttribute('aria-label') !== m, mine);
    // Every hand face up: on the other seats, in place of their backs, the player's card among
    // them; the shown seat's hand stays along the bottom.
    assert.equal(await page.locator('.seat .faces').count(), 0, 'backs until asked');
    await page.getByLabel('Every hand face up').check();
    const faces = page.locator('.seat:not(.me) .faces');
    await faces.first().waitFor();
    assert.equal(await faces.count(), 1, 'the one other seat of two');
    assert.equal(await page.locator('.seat.me .faces').count(), 0);
    assert.ok((await faces.first().getAttribute('aria-label')).includes(mine), 'the player\'s card face up');
    assert.equal(await page.locator('.seat:not(.me) .fan').count(), 0, 'no backs beside the faces');
    assert.deepEqual(await axeViolations(page), [], 'axe on the replay');

    // Play, at the quickest speed, runs to the end by itself.
    await page.getByLabel('Speed').selectOption({ label: 'Very quick' });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByText(`Move ${moves} of ${moves}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    // The menu's statistics link to the kept games; the game is there. (A deal opened from a
    // link counts as a shared deal, apart from the player's record, which the menu's statistics
    // show: one game of the player's own, so that the statistics show.)
    await putSaves(page, server.url, { 'blackjack.stats': 'blackjack v1\ngames=1/0,0/0,0/0,0/0,0/0\nshared=1/0\ncounted=\n' }, { keep: true });
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Replays of your last games' }).click();
    const kept = page.getByRole('list').getByRole('link', { name: /^Taylor Blackjack · 2 players · \d+ moves$/ });
    // The list is drawn once the page's module has read the kept games: wait for it, then count.
    await kept.first().waitFor();
    assert.equal(await kept.count(), 1, 'the finished game is kept once');
    await kept.click();
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a replay link opens in a fresh browser; broken ones get a notice', { timeout: 120_000 }, async () => {
  assert.ok(replayUrl, 'the first test made a replay link');
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    const link = new URL(replayUrl).hash;
    await page.goto(`${server.url}replay/${link}`);
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    await page.keyboard.press('End');
    await page.getByRole('dialog').getByText(/ won!$/).waitFor();

    const broken = [
      [link.slice(0, link.lastIndexOf('/') + 1), /not finished/],
      [link.replace('/', '/zz_'), /Move 1 of it cannot be read/],
      ['#replay=taylor.2.normal.new/d.0', /names the rules but not the deal/],
      ['#replay=chess.2.normal.1/p.0.QS', /does not know/],
      [`#replay=${'x'.repeat(300_000)}`, /far too long/],
    ];
    for (const [hash, why] of broken) {
      await page.goto('about:blank');
      await page.goto(`${server.url}replay/${hash}`);
      const notice = page.getByText(/^This replay cannot be shown\./);
      await notice.waitFor();
      assert.match(await notice.innerText(), why, hash.slice(0, 60));
      assert.equal(await page.getByRole('heading', { name: /^Replay:/ }).count(), 0);
    }
    // With no game kept in this browser, the list says how games get there.
    assert.equal(await page.getByText(/No finished games yet/).count(), 1);
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

/** Counts the page's main-thread tasks over 50 ms from now on (the Long Tasks API). */
const countLongTasks = (page) => page.evaluate(() => {
  window.longTasks = 0;
  new PerformanceObserver((list) => { window.longTasks += list.getEntries().length; }).observe({ type: 'longtask' });
});

/** A fixed deal where the player moves first, and Sam, holding the 10♦, goes out after the
 * player picks up: one decision of the player's to weigh. */
const MISTAKE_TABLE = '#table=taylor.2.normal.136~hand=1~clock=0~pen_slow=0';

test('the analysis runs in the search worker with a progress bar, can be cancelled, is kept, and the statistics chart its accuracy', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // The player picks up; Sam goes out.
    await page.goto(`${server.url}${MISTAKE_TABLE}`);
    await page.getByText('Your turn', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Pick up/ }).click();
    await finishGame(page);
    await page.getByRole('dialog').getByRole('link', { name: 'Replay', exact: true }).click();
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    const panel = page.getByRole('region', { name: 'Analysis' });
    // Every value the progress bar shows, seen as the page draws it (a quick run may be over
    // before a poll would see it).
    await page.evaluate(() => {
      window.progressSeen = [];
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar) window.progressSeen.push([Number(bar.value), Number(bar.max), bar.labels[0]?.innerText ?? '']);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await countLongTasks(page);
    const workerFetches = [];
    page.on('request', (r) => { if (/search_work/.test(r.url())) workerFetches.push(new URL(r.url()).pathname); });
    await panel.getByRole('button', { name: 'Analyse my play' }).click();
    await panel.getByRole('button', { name: 'Analyse again' }).waitFor({ timeout: 120_000 });
    const longTasks = await page.evaluate(() => window.longTasks);
    const seen = await page.evaluate(() => window.progressSeen);
    console.log(`analysis: ${seen.length} progress updates, ${longTasks} main-thread tasks over 50 ms`);
    assert.ok(seen.length > 0, 'the progress bar showed');
    // The bar runs over the game's moves (the worker finds which were the player's decisions).
    const total = seen[0][1];
    assert.ok(total >= 2, `the game has moves to weigh (${total})`);
    assert.deepEqual(seen[0].slice(0, 1), [0], 'the bar starts at the deal');
    assert.match(seen[0][2], new RegExp(`^Weighing your decisions: move 0 of ${total}$`));
    assert.ok(seen.every(([v, m], i) => m === total && (i === 0 || v >= seen[i - 1][0])), `the bar only moves on: ${JSON.stringify(seen)}`);
    // The search ran in its worker (the page fetched it for the analysis). The long tasks are
    // printed above, not asserted: a machine under load stretches any task (a paint, a
    // collection) past 50 ms, so a count of none would fail by chance.
    assert.ok(workerFetches.includes('/play/search_work_loader.js'), `the worker was fetched: ${workerFetches}`);
    const summary = panel.locator('.analysis-summary');
    const result = await summary.innerText();
    assert.match(result, /^Accuracy \d+%: .* 1 decision weighed, \d mistakes? /, page.url());
    // Each of the biggest mistakes jumps to its move, where the mark says what it gave up.
    const mistakes = panel.getByRole('list').getByRole('button');
    for (let i = 0; i < await mistakes.count(); i++) {
      const [, move, what] = (await mistakes.nth(i).innerText()).match(/^Move (\d+): (.+ here: \d+% → \d+% \(the best: .+\))$/);
      await mistakes.nth(i).click();
      await page.waitForFunction((m) => document.querySelector('.replay-now strong')?.innerText.startsWith(`Move ${m} of `), move);
      assert.equal(await page.locator('.replay-mark').innerText(), what);
    }

    // Another run, cancelled at once: in the same task as its start, so that no reply of the
    // worker can come between (replies are tasks of their own).
    const cancelled = await page.evaluate(async () => {
      const button = (name) => [...document.querySelectorAll('.replay-analysis button')].find((b) => b.innerText === name);
      button('Analyse again').click();
      for (let i = 0; i < 20 && !button('Cancel'); i++) await Promise.resolve();
      const cancel = button('Cancel');
      const shown = Boolean(cancel && document.querySelector('progress'));
      cancel?.click();
      return shown;
    });
    assert.ok(cancelled, 'the run showed its progress and Cancel');
    await panel.getByRole('button', { name: 'Analyse again' }).waitFor();
    assert.equal(await page.locator('progress').count(), 0, 'the cancelled run is gone');
    assert.equal(await summary.innerText(), result, 'the results before it stay');

    // Kept with the game: there after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Analysis' }).locator('.analysis-summary').innerText(), result);

    // The statistics chart the accuracy over time (the one game kept here was analysed), with
    // its table as the chart's text: the figure the analysis gave.
    const accuracy = result.match(/^Accuracy (\d+)%/)[1];
    await page.goto(`${server.url}stats/`);
    const table = page.getByRole('region', { name: 'Taylor Blackjack: each game' });
    await table.waitFor();
    assert.equal(await table.getByRole('columnheader', { name: 'Accuracy' }).count(), 1, 'the table has the accuracy');
    assert.equal(await table.getByRole('cell', { name: `${accuracy}%`, exact: true }).count(), 1);
    assert.equal(await page.getByRole('img', { name: 'Taylor Blackjack: your accuracy in each game, oldest first' }).count(), 1,
      'the chart is of the accuracy');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the replay page at every size of the screenshot matrix', { timeout: 180_000 }, async () => {
  assert.ok(replayUrl, 'the first test made a replay link');
  const server = await serve('dist', '/');
  const { context, page } = await openBrowser();
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}replay/${new URL(replayUrl).hash}`);
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByLabel('Every hand face up').check();
    const problems = await problemsAtEverySize(page, 'replay-table');
    // At every size the step controls are on the first screen and the player's hand is too, not
    // under them (on a phone they are a bar at the foot of the screen).
    const covered = () => page.evaluate(() => {
      // As the page opens: from its top.
      scrollTo(0, 0);
      const out = [];
      const bar = document.querySelector('.replay-controls').getBoundingClientRect();
      if (bar.bottom > innerHeight + 1) out.push(`the step controls end ${Math.round(bar.bottom - innerHeight)} px below the screen`);
      for (const card of document.querySelectorAll("[aria-label='Your hand'] > li")) {
        const r = card.getBoundingClientRect();
        const fixed = getComputedStyle(document.querySelector('.replay-controls')).position === 'fixed';
        const limit = fixed ? bar.top : innerHeight;
        if (r.top + r.height / 2 > limit + 1) out.push(`a card of the hand is ${Math.round(r.top + r.height / 2 - limit)} px too low`);
      }
      // Each step control is what a tap at its middle reaches (nothing covers it).
      for (const b of document.querySelectorAll('.replay-steps button')) {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!b.contains(hit)) out.push(`"${b.getAttribute('aria-label') ?? b.innerText}" is covered`);
      }
      return out;
    });
    const layout = async (when) => {
      for (const size of SIZES.filter((s) => s.phone)) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
        problems.push(...(await covered()).map((p) => `${sizeName(size)} ${when}: ${p}`));
      }
    };
    await layout('at a move');
    await page.getByRole('button', { name: 'To the end' }).click();
    await page.getByRole('dialog').waitFor();
    await layout('at the end');
    problems.push(...(await problemsAtEverySize(page, 'replay-end')));
    // A fixed game of seven-card hands, at its first move, every hand face up.
    const faceUpAtFirstMove = async (file) => {
      const link = readFileSync(new URL(file, import.meta.url), 'utf8').trim();
      await page.goto(`${server.url}replay/${link}`);
      await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByText('Move 1 of', { exact: false }).first().waitFor();
      await page.getByLabel('Every hand face up').check();
    };
    // Four seats: each hand on its seat, on the felt, clear of the others and of the piles, at
    // every size.
    await faceUpAtFirstMove('./taylor-four-seats.replay');
    assert.equal(await page.locator('.seat:not(.me) .faces').count(), 3, 'the three other seats face up');
    problems.push(...(await problemsAtEverySize(page, 'replay-faces')));
    // Ten seats: on a wide screen each hand on its seat; on a phone the seats have no room, and
    // the hands are listed under the felt.
    await faceUpAtFirstMove('./taylor-ten-seats.replay');
    await page.setViewportSize({ width: 1440, height: 900 });
    assert.equal(await page.locator('.seat:not(.me) .faces:visible').count(), 9, 'on the seats');
    assert.equal(await page.getByRole('region', { name: 'Every hand' }).isVisible(), false);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await page.locator('.seat .faces:visible').count(), 0, 'not on a phone\'s seats');
    assert.equal(await page.getByRole('region', { name: 'Every hand' }).getByRole('listitem').count(), 10);
    problems.push(...(await problemsAtEverySize(page, 'replay-faces-ten')));
    await page.goto(`${server.url}replay/`);
    await page.getByRole('heading', { name: 'Replays of your last games' }).waitFor();
    problems.push(...(await problemsAtEverySize(page, 'replay-list')));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});
