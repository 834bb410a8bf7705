// UNO Blackjack's Fast-forward in real headless Chromium, at a table of ten hard bots once the
// player is out of the game: it plays the rest of the game to its end in chunks, each as long as
// the page's clock allows (`FORWARD_MS`, src/ui/uno/state.rs), and the page paints between them.
// The test counts the game log's renders while it runs (one whole game in one task would be one)
// and prints the long tasks the browser saw (the Long Tasks API): counted, never timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves, stallWatch, watchLongTasks } from './harness.mjs';

/** A new table as the page saves one: ten seats, the player and nine hard bots, a fixed deal. */
const SAVE = ['blackjack v1', 'players=10', 'level=hard', 'skip_zero=0', 'pass_again=0', 'deal_back_in=0', 'latecomer=0',
  'seed=11', 'log=', ''].join('\n');

test('UNO Blackjack: Fast-forward plays ten hard bots to the end of the game in chunks the page paints between', { timeout: 300_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // Every long task of every page the test opens, from its start.
    await watchLongTasks(page);
    // The bots at their quickest, set in Settings by name (every page reads the same settings).
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel("Bots' pace").selectOption('4');
    await page.getByRole('button', { name: 'Settings' }).click();
    await putSaves(page, server.url, { 'blackjack.uno': SAVE }, { keep: true });
    await page.goto(`${server.url}uno/`);
    const table = page.getByRole('region', { name: 'UNO Blackjack table' });
    const button = (name) => page.getByRole('button', { name, exact: true });
    const usable = async (b) => (await b.count()) > 0 && (await b.first().isVisible()) && (await b.first().isEnabled());
    const out = page.getByText('You are out. Fast-forward plays the bots to the end of the game.');
    const log = page.getByRole('list', { name: 'Game log' });

    // The player hits every time (and so busts, and runs out of cards), fast-forwarding each
    // round once bust, until out of the game.
    const watch = stallWatch('the player going out of the game');
    for (;;) {
      if (await usable(button('Continue'))) await button('Continue').first().click();
      if (await out.count()) break;
      assert.equal(await page.getByText(/^Game over\./).count(), 0, 'the game ended with the player still in it');
      const reveal = page.getByRole('button', { name: /^Reveal/ });
      if (await usable(reveal)) await reveal.first().click();
      else if (await usable(button('Hit'))) await button('Hit').click();
      else if (await usable(button('Fast-forward'))) await button('Fast-forward').click();
      watch(await log.innerText().catch(() => ''));
      await page.waitForTimeout(50);
    }
    await table.waitFor();
    assert.ok(await page.evaluate(() => window.longTasksSeen), 'this browser reports long tasks');

    // The rest of the game at once: count the log's renders and the long tasks meanwhile.
    const startedAt = await page.evaluate(() => {
      window.renders = 0;
      new MutationObserver(() => { window.renders += 1; })
        .observe(document.querySelector('[aria-label="Game log"]'), { childList: true, subtree: true, characterData: true });
      return performance.now();
    });
    await button('Fast-forward').click();
    await page.getByText(/^Game over\./).waitFor({ timeout: 120_000 });
    const { renders, longTasks } = await page.evaluate((from) => ({
      renders: window.renders, longTasks: window.longTasks.filter((t) => t >= from).length,
    }), startedAt);
    console.log(`fast-forward to the end of a ten-seat game of hard bots: ${renders} renders of the log, ${longTasks} long tasks (over 50 ms)`);
    assert.ok(renders >= 2, `the page painted between chunks (${renders} render of the log)`);
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
