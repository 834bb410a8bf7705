// Today's deal of UNO Blackjack (issue 36 §4) in headless Chromium, on a fixed day (noon on 28
// November 2026, UTC), so the deal is the same every run; the bots draw nothing and the player
// plays by a fixed policy (Hit every time), so the whole game is too. The menu's "Today's deal"
// opens the UNO page on the day's deal; played to its end, the results offer the result line and
// its Share result (copied: this browser has no Web Share) and the game's replay; the menu then
// shows the line and the streak; a second try, from the menu or the UNO page's own address, is
// refused with a notice that says the result, and deals nothing. Controls are found by role and
// accessible name; the game's loop is bounded by a stall watch on the game log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, axeViolations, stallWatch } from './harness.mjs';
import { dailyBrowser, shareLine } from './daily-harness.mjs';

/** UNO's result line as the page writes it (nothing hidden, no link). */
const UNO_LINE = /^UNO Blackjack daily, 28 Nov: (won|(2nd|3rd|4th) of 4), \d+ rounds?, \d+ round wins?$/;

/** Plays the player's turns by Hit every time, revealing each round and fast-forwarding once out. */
async function finishUno(page) {
  const watch = stallWatch('the end of the daily UNO game');
  const log = page.getByRole('list', { name: 'Game log' });
  const button = (name) => page.getByRole('button', { name, exact: true });
  const usable = async (b) => (await b.count()) > 0 && (await b.first().isVisible()) && (await b.first().isEnabled());
  while (!(await page.getByRole('dialog').count())) {
    watch(await log.innerText().catch(() => ''));
    const reveal = page.getByRole('button', { name: /^Reveal/ });
    if (await usable(reveal)) await reveal.first().click().catch(() => {});
    else if (await usable(button('Hit'))) await button('Hit').click().catch(() => {});
    else if (await usable(button('Fast-forward'))) await button('Fast-forward').click().catch(() => {});
    await page.waitForTimeout(40);
  }
}

test("today's UNO Blackjack deal: played to the end, shared from its results, a second try refused", { timeout: 300_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await dailyBrowser(server);
  try {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel("Bots' pace").selectOption('4');
    await page.getByRole('button', { name: 'Settings' }).click();
    const daily = page.getByRole('region', { name: "Today's deal" });
    await daily.getByRole('button', { name: "Play today's UNO Blackjack deal" }).click();
    await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/uno/');
    // Four seats: the player and three bots.
    assert.equal(await page.getByRole('list', { name: 'Players' }).getByRole('listitem').count(), 4);

    await finishUno(page);
    const dialog = page.getByRole('dialog');
    // The results: the line to share, shared (copied) from here, and the game's replay.
    const line = await shareLine(page, dialog);
    assert.match(line, UNO_LINE);
    assert.match(await dialog.getByRole('link', { name: 'Replay' }).getAttribute('href'), /^\.\.\/replay\/uno\/#replay=uno\./);
    assert.deepEqual(await axeViolations(page), [], 'axe on the daily game\'s results');

    // The menu: the same line in place of the deal, and the streak.
    await dialog.getByRole('button', { name: 'Menu' }).click();
    const field = page.locator('#line-uno');
    await field.waitFor();
    assert.equal(await field.inputValue(), line);
    assert.equal(await daily.getByRole('button', { name: "Play today's UNO Blackjack deal" }).count(), 0, 'played: no second deal');
    await daily.getByText('Daily streak: 1 day (best 1)').waitFor();
    // The shedding games' deals are still to play.
    assert.equal(await daily.getByRole('button', { name: "Play today's Taylor deal" }).count(), 1);

    // A second try from the statistics page's link: refused on the menu, with the result.
    await page.goto('about:blank');
    await page.goto(`${server.url}#daily=uno`);
    const notice = page.getByText(/^You have played today's UNO Blackjack deal already/);
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes(line), 'the notice says the result');
    assert.equal(new URL(page.url()).pathname, '/', 'still on the menu');
    // And at the UNO page's own address: refused there too, with the new-game form, no table.
    await page.goto('about:blank');
    await page.goto(`${server.url}uno/#daily`);
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes(line));
    assert.equal(await page.getByRole('region', { name: 'UNO Blackjack table' }).count(), 0, 'no table dealt');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
