// Several spots at the casino table (issue 26), in real headless Chromium: the player chooses
// three spots at the setup, bets on each (the chips go on the spot chosen), decides spot by spot
// with the active spot marked on the felt, and reads a result per spot. The save carries the
// spots; a save with a count the page never offers gets a notice. Screens at a phone and a
// desktop with three spots are saved for a look (test-output/screens/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, PHONE, DESKTOP, putSaves, screenshot } from './harness.mjs';

const controls = async (page) => page.getByRole('group', { name: 'Your controls' }).innerText();
/** The player's bet on each of their spots, as the felt shows it. */
const bets = (page) => page.locator('.spot.me .bet:not(.insured)').allInnerTexts();

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`casino at three spots (${size}): a bet per spot, decisions spot by spot, a result per spot`, { timeout: 180_000 }, async () => {
    const server = await serve('dist', '/');
    const { context, page, problems } = await openBrowser(viewport);
    try {
      await putSaves(page, server.url, {});
      await page.goto(`${server.url}tables/#casino`);
      const spots = page.getByLabel('Your spots');
      await spots.selectOption('3');
      const bots = page.getByLabel('Other players (bots)');
      assert.deepEqual(await bots.locator('option').allInnerTexts(), ['0', '1', '2', '3', '4'], 'the bots keep the seats left');
      await bots.selectOption('2');
      await page.getByRole('button', { name: 'Sit down' }).click();
      assert.equal(await page.locator('.spot.me').count(), 3);
      assert.deepEqual(await bets(page), ['$5', '$5', '$5'], 'the minimum on each spot');
      // The chips go on the spot chosen, by button or by B (the next spot).
      await page.getByRole('button', { name: 'Spot 2' }).click();
      assert.equal(await page.getByRole('button', { name: 'Spot 2' }).getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: 'Add $25' }).click();
      await page.keyboard.press('b');
      await page.keyboard.press('3'); // $100 on spot 3
      assert.deepEqual(await bets(page), ['$5', '$30', '$105']);
      assert.match(await controls(page), /Bet \$105 on spot 3 /);
      assert.match(await page.locator('.spot.me.active').innerText(), /You \(spot 3\)\s*Betting/, 'the spot bet on is marked');
      assert.equal(await page.locator('.bankroll').innerText(), 'Chips: $860');
      await screenshot(page, `casino-spots-betting-${size}`);
      await page.getByRole('button', { name: 'Deal' }).click();

      // Each of the player's decisions names its spot, and the spots come left to right: the
      // insurance question spot by spot (when the dealer shows an ace), then the plays.
      const seen = { insurance: [], play: [] };
      let shot = false;
      while ((await page.locator('.status').innerText()) !== 'Hand over.') {
        const status = await page.locator('.status').innerText();
        const m = status.match(/^(Your decision|The dealer shows an ace: insurance\?) on spot (\d)\.?$/);
        if (m) {
          const n = Number(m[2]);
          const asked = seen[m[1] === 'Your decision' ? 'play' : 'insurance'];
          if (asked.at(-1) !== n) asked.push(n);
          const active = page.locator('.spot.me.active');
          assert.equal(await active.count(), 1, 'one spot is marked');
          assert.match(await active.locator('h3').innerText(), new RegExp(`You \\(spot ${n}\\)\\s*Your turn`));
          assert.equal(await active.getAttribute('aria-current'), 'true');
          if (!shot && m[1] === 'Your decision') {
            await screenshot(page, `casino-spots-deciding-${size}`);
            assert.deepEqual(await axeViolations(page), [], 'axe while deciding at three spots');
            shot = true;
          }
          await page.keyboard.press(m[1] === 'Your decision' ? 's' : 'n');
        }
        await page.waitForTimeout(100);
      }
      for (const [what, spots] of Object.entries(seen)) {
        assert.ok(spots.every((n, i) => i === 0 || n > spots[i - 1]), `${what}: spots in order: ${spots}`);
      }
      // Each spot's result beside it on the felt, and no dialog over the table.
      assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after a hand');
      for (const n of [1, 2, 3]) {
        const spot = page.locator('.spot.me').filter({ hasText: `You (spot ${n})` });
        assert.ok(await spot.locator('.outcome').count() >= 1, `a result for spot ${n}`);
      }
      await screenshot(page, `casino-spots-results-${size}`);
      const saved = await page.evaluate(() => localStorage.getItem('blackjack.casino'));
      assert.match(saved, /\nspots=3\n/, 'the save carries the spots');
      assert.deepEqual(problems.consoleErrors, [], 'console errors');
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('casino: a saved table resumes at its spots, and a spot count the page never offers gets a notice', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  const save = (spots) => `blackjack v1\ndecks=6\nbots=2\nsurrender=0\nh17=0\nspots=${spots}\nseed=5\nchips=100000\nlog=b2:500 b3:500 b4:500 b5:500 b1:500\n`;
  try {
    await putSaves(page, server.url, { 'blackjack.casino': save(3) });
    await page.goto(`${server.url}tables/#casino`);
    await page.locator('.spot.me').nth(2).waitFor();
    assert.equal(await page.locator('.spot.me').count(), 3);
    for (const bad of ['9', '0', 'x']) {
      await putSaves(page, server.url, { 'blackjack.casino': save(bad) });
      await page.goto(`${server.url}tables/#casino`);
      const notice = await page.getByRole('alert').first().innerText();
      assert.match(notice, /Your saved casino table could not be (restored|read)/, `spots=${bad}`);
      if (bad === '9') assert.match(notice, /9 spots for you; a table offers 1 to 3/);
      await page.getByRole('button', { name: 'Sit down' }).waitFor();
    }
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

// Shared shoes (issue 26): a link reproduces a shoe. It is offered before the shoe's first card
// and after its last round, never in the middle; two page loads of the same link deal the same
// first cards; a bad link gets a notice and a new table.
test('casino: a shared shoe deals the same first cards on two page loads; a bad link gets a notice', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  /** Sits down at the link's table, deals, and reads the first cards: the player's and the dealer's up card. */
  const firstCards = async (href) => {
    await putSaves(page, server.url, {});
    await page.goto(new URL(href, `${server.url}tables/`).href);
    await page.getByRole('status').filter({ hasText: 'A shared shoe' }).waitFor();
    await page.getByRole('button', { name: 'Sit down' }).click();
    await page.getByRole('button', { name: 'Deal' }).click();
    await page.locator('.spot.me .bj-hand').first().waitFor();
    return {
      mine: await page.locator('.spot.me .bj-hand').first().getAttribute('aria-label'),
      dealer: await page.locator('.dealer .sr-cards li').first().innerText(),
    };
  };
  try {
    await putSaves(page, server.url, {});
    await page.goto(`${server.url}tables/#casino`);
    await page.getByLabel('Decks in the shoe').selectOption('2');
    await page.getByRole('button', { name: 'Sit down' }).click();
    const share = page.getByRole('link', { name: 'Share this shoe' });
    const href = await share.getAttribute('href');
    assert.match(href, /^\?shoe=[0-9a-z]{6,18}#casino$/);
    assert.doesNotMatch(await page.locator('.casino').innerText(), /seed/i, 'players never read "seed"');
    await page.getByRole('button', { name: 'Deal' }).click();
    assert.equal(await share.count(), 0, 'never offered in the middle of a shoe');
    const one = await firstCards(href);
    const two = await firstCards(href);
    assert.deepEqual(one, two, 'the same link, the same cards');
    assert.match(one.mine, /^You hand 1: /);
    // The link's table is the two-deck one it was shared from.
    const left = Number((await page.locator('.shoe-box').getAttribute('aria-label')).match(/^(\d+) cards left/)[1]);
    assert.ok(left > 80 && left < 104, `${left} cards left of two decks`);

    for (const bad of ['?shoe=zz#casino', '?shoe=600471abc#casino', `?shoe=${'9'.repeat(300)}#casino`]) {
      await putSaves(page, server.url, {});
      await page.goto(new URL(bad, `${server.url}tables/`).href);
      assert.match(await page.getByRole('alert').first().innerText(), /This link to a shoe could not be read\. Here is a new table instead\./, bad);
      await page.getByRole('button', { name: 'Sit down' }).waitFor();
    }
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
