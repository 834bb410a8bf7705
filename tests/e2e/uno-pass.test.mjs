// UNO Blackjack pass-and-play in real headless Chromium: two people and one bot on one page.
// The table is covered between the two people's turns (no card of it in the DOM), a reload
// resumes covered, every round is revealed by itself (no click), the game is played to its end
// and Play again deals anew at the same seats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, fixedRandom, stallWatch, PHONE } from './harness.mjs';

/** The new-game screen with seat 3 a person named Jo; seat 2 stays a bot. */
async function setUp(page, url) {
  await page.goto(`${url}uno/`);
  await page.getByLabel('Players (you and bots)').selectOption('3');
  await page.getByText(/^Seats: names, bots and people/).click();
  await page.getByLabel('Seat 3 name').fill('Jo');
  await page.getByLabel('Seat 3 name').dispatchEvent('change');
  await page.getByRole('combobox', { name: /^Seat 3$/ }).selectOption('person');
  await page.getByText('3 players: 2 people, passing the screen, and 1 bot (Normal).').waitFor();
}

test('UNO Blackjack pass-and-play: two people and a bot, covered between them, reload, to the end, Play again', { timeout: 420_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // The same deal every run: the browser's random numbers are a fixed sequence.
    await fixedRandom(page, 2024);
    await setUp(page, server.url);
    assert.deepEqual(await axeViolations(page), [], 'axe on the setup with its seats open');
    await screenshot(page, 'uno-pass-setup-desktop');
    await page.getByRole('button', { name: 'Start' }).click();
    const cover = page.getByRole('group', { name: 'Pass the screen' });
    await cover.waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the cover');
    await screenshot(page, 'uno-pass-cover-desktop');
    const handedTo = [];
    let reloaded = false;
    let rounds = 0;
    // No budget for the whole game (its length is the deal's), only for a table that hangs.
    const watch = stallWatch('the pass-and-play UNO game', 90_000);
    while (!(await page.getByText(/^Game over\./).count())) {
      const now = await page.getByRole('list', { name: 'Game log' }).innerText().catch(() => '');
      try {
        watch(now + (await cover.count()));
      } catch (e) {
        await screenshot(page, 'uno-pass-late');
        assert.fail(`${e.message}; the log:\n${now}`);
      }
      if (await cover.count()) {
        // Covered: no card of the table is in the page, only whose turn it is.
        assert.equal(await page.locator('.uno-card').count(), 0, 'the cover hides every card');
        assert.equal(await page.getByRole('group', { name: 'Your controls' }).count(), 0, 'no move while covered');
        const who = (await cover.getByRole('paragraph').innerText()).match(/^Pass to (.+)\.$/)[1];
        if (handedTo.at(-1) !== who) handedTo.push(who);
        if (new Set(handedTo).size === 2 && !reloaded) {
          // A reload keeps the game, and comes back covered for the same person.
          reloaded = true;
          await page.reload();
          await cover.waitFor();
          assert.equal(await cover.getByRole('paragraph').innerText(), `Pass to ${who}.`);
          continue;
        }
        await cover.getByRole('button', { name: `${who}: tap when ready` }).click();
        await page.getByRole('group', { name: 'Your controls' }).waitFor();
        // The longest pause before each round (the new deal's full queues are read below).
        if (handedTo.length === 1) await page.getByLabel('Pause before each round').selectOption('100');
        // Uncovered: the screen is that person's seat.
        assert.equal(await page.locator('.uno-player.me .who').innerText(), who);
        if (who === 'Jo' && handedTo.length <= 2) await screenshot(page, 'uno-pass-table-desktop');
        continue;
      }
      const turn = page.getByText(/^(.+): your turn, hit or pass\?$/);
      if (await turn.count()) {
        const who = (await turn.innerText()).split(':')[0];
        assert.equal(await page.locator('.uno-player.me .who').innerText(), who, 'the screen shows the person to decide');
        const total = Number(((await page.locator('.uno-player.me .total').innerText()).match(/Total (\d+)/) || [0, 0])[1]);
        // Sound play for two rounds, then always hit: the people run out of cards sooner.
        await page.getByRole('button', { name: rounds < 2 && total >= 17 ? 'Pass' : 'Hit', exact: true }).click();
      } else if (await page.getByRole('button', { name: /^Reveal( round \d+)?$/ }).count()) {
        // Each round is revealed by itself after the pause (never under the cover): no click.
        rounds = Number(((await page.locator('.round-info').innerText().catch(() => '')).match(/Round (\d+)/) || [0, 0])[1]);
      } else if (await page.getByRole('button', { name: 'Fast-forward' }).count()) {
        // The bots may end the round first, and the button goes with it.
        await page.getByRole('button', { name: 'Fast-forward' }).click({ timeout: 5_000 }).catch(async (e) => {
          await screenshot(page, 'uno-pass-ff');
          console.log(`Fast-forward not clicked: ${e.message.split('\n')[0]}; ${await page.locator('.status, .round-result').innerText().catch(() => '')}`);
        });
      }
      await page.waitForTimeout(60);
    }
    assert.ok(reloaded, 'the game was reloaded between the two people');
    assert.deepEqual([...new Set(handedTo)].sort(), ['Jo', 'Player 1'], 'the screen went to each person in turn');
    assert.ok(handedTo.length >= 3, `the screen changed hands ${handedTo.length} times`);
    const log = await page.getByRole('list', { name: 'Game log' }).innerText();
    assert.doesNotMatch(log, /\bYou\b/, 'nobody is "you" on a shared screen');
    assert.match(log, /(Player 1|Jo|Sam) (passes|busts|flips)/);
    const end = page.getByRole('dialog');
    await end.waitFor();
    assert.equal(await end.getByRole('row').count(), 4);
    await end.getByRole('button', { name: 'Play again' }).click();
    // A new deal at the same seats: covered for the first person, every queue full.
    await cover.waitFor();
    assert.equal(await cover.getByRole('paragraph').innerText(), 'Pass to Player 1.');
    await cover.getByRole('button', { name: 'Player 1: tap when ready' }).click();
    assert.deepEqual(await page.locator('.uno-player .count').allInnerTexts(), ['15', '15', '15']);
    assert.deepEqual(await page.locator('.uno-player .who').allInnerTexts(), ['Player 1', 'Sam', 'Jo']);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
    assert.deepEqual(problems.foreignRequests, [], 'requests leaving 127.0.0.1');
  } finally {
    await context.close();
    await server.close();
  }
});

test('UNO Blackjack pass-and-play on a phone: the setup and the cover fit the screen', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await setUp(page, server.url);
    await screenshot(page, 'uno-pass-setup-phone');
    await page.getByRole('button', { name: 'Start' }).click();
    const cover = page.getByRole('group', { name: 'Pass the screen' });
    await cover.waitFor();
    await screenshot(page, 'uno-pass-cover-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scrolling (${width} px)`);
    assert.ok(await cover.getByRole('button', { name: 'Player 1: tap when ready' }).isVisible());
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
