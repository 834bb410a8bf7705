// Who is at a table with friends, in real headless Chromium (issue 35, section 2): when a friend
// leaves, every other page says so ("Sam left; a bot plays for Sam until Sam is back") in the
// lobby and in the table's log, the log names the bot that plays the seat ("Bot for Sam"), and
// says when Sam is back; the host removes a friend (after a question in the page's own words),
// whose page says so and stays out while a friend who comes later takes the seat over from the
// bot, and closes the table, which every friend's page says while the
// host's goes back to its form. The same leaving and coming back at UNO Blackjack and the casino.
// The signalling server and the WebRTC switches are friends-harness.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, fixedRandom, PHONE } from './harness.mjs';
import { WEBRTC_FLAGS, signalling, seat, takeSeat, play, openTable, openFamilyTable } from './friends-harness.mjs';

// Bots at eight times people's pace, no animations.
const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

/** Runs in every page before its scripts: keeps every line any table's log has shown (a short
 * log shows its last few lines only, and a bot's moves can push a line out before it is read). */
function keepLogLines() {
  self.__logLines = [];
  new MutationObserver(() => {
    for (const li of document.querySelectorAll('.log li')) {
      if (!self.__logLines.includes(li.textContent)) self.__logLines.push(li.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A browser whose friends page uses `signal`. */
async function player(siteUrl, signal, viewport) {
  const b = await openBrowser(viewport, WEBRTC_FLAGS);
  await b.context.addInitScript(keepLogLines);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate((s) => localStorage.setItem('bj.friends.signal', s), signal);
  await b.page.evaluate((s) => localStorage.setItem('blackjack.settings', s), SETTINGS);
  return b;
}

/** The log lines `page` has shown so far. */
const logLines = (page) => page.evaluate(() => self.__logLines);

/** Waits until a line of `page`'s table log has matched `re`. */
const logged = (page, re) => page.waitForFunction((src) => self.__logLines.some((l) => new RegExp(src).test(l)), re.source, { timeout: 30_000 });

/** The lobby's line of who left or came back. */
const news = (page) => page.locator('.seat-news');

const LEFT = 'Sam left; a bot plays for Sam until Sam is back.';

test('friends: the table says who left and is back, and the host removes a friend and closes the table', { timeout: 600_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam, bo] = [await player(server.url, signal.url), await player(server.url, signal.url, PHONE), await player(server.url, signal.url)];
  // The same deal every run: Sam's seat has turns before the game can end. (A start of its
  // own: the host's room and key come from the same numbers, and friends.test.mjs's table, on
  // the same signalling server, must not be this one.)
  await fixedRandom(ann.page, 4102);
  const errors = (b) => b.problems.consoleErrors;
  try {
    const link = await openTable(ann.page, server.url, 4, 2);
    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', errors(sam));
    await bo.page.goto(link);
    await takeSeat(bo.page, 3, 'Bo', errors(bo));
    await seat(ann.page, 3).getByText('Seat 3: Bo').waitFor();
    // The host's lobby offers to remove each friend, and nobody else's does.
    assert.equal(await ann.page.getByRole('button', { name: /^Remove / }).count(), 2);
    assert.equal(await bo.page.getByRole('button', { name: /^Remove / }).count(), 0);
    assert.equal(await bo.page.getByRole('button', { name: 'Close the table', exact: true }).count(), 0);
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const p of [ann.page, sam.page, bo.page]) await p.locator('.table.shed .hand-card').first().waitFor({ timeout: 20_000 });

    // Sam closes the page: the others' lobby and log say so, and the log names the bot that
    // plays Sam's seat, not Sam.
    await sam.page.close();
    for (const p of [ann.page, bo.page]) {
      await news(p).getByText(LEFT).waitFor({ timeout: 20_000 });
      await logged(p, /^Sam left; a bot plays for Sam until Sam is back\.$/);
    }
    const botPlayed = await play([ann.page, bo.page], async () => (await logLines(bo.page)).some((l) => /^Bot for Sam (plays|picks)/.test(l)), 60_000);
    assert.ok(botPlayed, `the log names the bot on Sam's seat: ${(await logLines(bo.page)).slice(-12).join(' | ')}`);
    assert.ok(!(await logLines(bo.page)).some((l) => /^Sam (plays|picks)/.test(l)), 'no move of the bot is said as Sam\'s');
    assert.match(await ann.page.locator('.table.shed .seat[data-seat="1"]').innerText(), /Bot for Sam/);

    // Sam opens the link again: back in the seat, and the others are told.
    const back = await sam.context.newPage();
    await back.goto(link);
    await seat(back, 2).getByText('Sam (you)').waitFor({ timeout: 20_000 });
    for (const p of [ann.page, bo.page]) {
      await news(p).getByText('Sam is back.').waitFor({ timeout: 20_000 });
      await logged(p, /^Sam is back\.$/);
      // The table names Sam again.
      await p.waitForFunction(() => {
        const t = document.querySelector('.table.shed .seat[data-seat="1"]')?.innerText ?? '';
        return /Sam/.test(t) && !/Bot for/.test(t);
      }, null, { timeout: 20_000 });
    }

    // The host removes Bo: a question first (in the page, not a browser dialog), then Bo's page
    // says so and shows no table, and a bot plays the seat for the rest of the game.
    const dialogs = [];
    ann.page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    await seat(ann.page, 3).getByRole('button', { name: 'Remove Bo' }).click();
    await ann.page.getByRole('alert').getByText(/^Remove Bo\? A bot plays Bo's seat for the rest of the game/).waitFor();
    assert.deepEqual(await axeViolations(ann.page), [], 'axe on the host\'s question');
    await ann.page.getByRole('button', { name: 'Cancel' }).click();
    await seat(ann.page, 3).getByText('Seat 3: Bo').waitFor();
    assert.equal(await bo.page.getByText('The host removed you from this table.').count(), 0, 'Cancel removes nobody');
    await seat(ann.page, 3).getByRole('button', { name: 'Remove Bo' }).click();
    await ann.page.getByRole('button', { name: 'Yes, remove Bo' }).click();
    await bo.page.getByRole('alert').getByText('The host removed you from this table.').waitFor({ timeout: 20_000 });
    assert.equal(await bo.page.locator('.table').count(), 0, 'the removed friend\'s page shows no table');
    // The seat is a bot's now, for good.
    await seat(ann.page, 3).getByText('Seat 3: Bot 3').waitFor();
    await news(back).getByText('The host removed Bo; a bot plays seat 3 from now on.').waitFor({ timeout: 20_000 });
    // The link again in Bo's browser: still removed, no reconnecting, no seat to take.
    await bo.page.reload();
    await bo.page.getByRole('alert').getByText('The host removed you from this table.').waitFor();
    assert.equal(await bo.page.getByRole('button', { name: /Take seat/ }).count(), 0);
    assert.match(await seat(ann.page, 3).innerText(), /Seat 3: Bot 3/);
    // Kim opens the link later, in another browser: the lobby offers her no seat 3 (a stranger
    // removed would otherwise take it straight back).
    const kim = await player(server.url, signal.url);
    try {
      await kim.page.goto(link);
      await seat(kim.page, 3).getByText('Seat 3: Bot 3').waitFor({ timeout: 20_000 });
      assert.equal(await kim.page.getByRole('button', { name: 'Take seat 3' }).count(), 0);
      assert.deepEqual(errors(kim), [], 'no console errors');
    } finally {
      await kim.context.close();
    }

    // The host closes the table: Sam's page says so; the host's goes back to its form, its
    // save forgotten.
    await ann.page.getByRole('button', { name: 'Close the table', exact: true }).click();
    await ann.page.getByRole('alert').getByText(/^Close the table for everyone\?/).waitFor();
    await ann.page.getByRole('button', { name: 'Yes, close the table' }).click();
    await back.getByRole('alert').getByText('The host closed this table.').waitFor({ timeout: 20_000 });
    assert.equal(await back.locator('.table').count(), 0);
    await ann.page.getByRole('button', { name: 'Open the table' }).waitFor();
    await ann.page.getByRole('status').getByText('You closed the table.').waitFor();
    assert.doesNotMatch(ann.page.url(), /#room=/);
    const kept = await ann.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bj.friends.host')));
    assert.deepEqual(kept, [], 'the host\'s save and key are gone');
    assert.deepEqual(dialogs, [], 'no browser dialog asked anything');
    // The link again in Sam's browser says the same, and does not wait for a host.
    await back.reload();
    await back.getByRole('alert').getByText('The host closed this table.').waitFor();
    for (const b of [ann, sam, bo]) assert.deepEqual(errors(b), [], 'no console errors');
  } finally {
    for (const b of [ann, sam, bo]) await b.context.close();
    await server.close();
    signal.stop();
  }
});

for (const family of [
  { game: 'UNO Blackjack', path: 'uno', value: 'uno', table: '.uno.table' },
  { game: 'Casino Blackjack', path: 'casino', value: 'casino', table: '.casino.table' },
]) {
  test(`friends: ${family.game} says who left and is back, and names the bot meanwhile`, { timeout: 300_000 }, async () => {
    const signal = await signalling();
    const server = await serve('dist', '/');
    const [ann, sam] = [await player(server.url, signal.url), await player(server.url, signal.url, PHONE)];
    try {
      const link = await openFamilyTable(ann.page, server.url, family);
      await sam.page.goto(link);
      await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
      await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
      await ann.page.getByRole('button', { name: 'Deal' }).click();
      for (const p of [ann.page, sam.page]) await p.locator(family.table).waitFor({ timeout: 20_000 });

      await sam.page.close();
      await news(ann.page).getByText(LEFT).waitFor({ timeout: 20_000 });
      await logged(ann.page, /^Sam left; a bot plays for Sam until Sam is back\.$/);
      await ann.page.locator(family.table).getByText(/Bot for Sam/).first().waitFor({ timeout: 20_000 });

      const back = await sam.context.newPage();
      await back.goto(link);
      await seat(back, 2).getByText('Sam (you)').waitFor({ timeout: 20_000 });
      await news(ann.page).getByText('Sam is back.').waitFor({ timeout: 20_000 });
      await logged(ann.page, /^Sam is back\.$/);
      for (const b of [ann, sam]) assert.deepEqual(b.problems.consoleErrors, [], 'no console errors');
    } finally {
      for (const b of [ann, sam]) await b.context.close();
      await server.close();
      signal.stop();
    }
  });
}
