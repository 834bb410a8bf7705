// Today's deal and the statistics page (issue 36 §4 and §5) in headless Chromium. The browser's
// clock is fixed at noon on 28 November 2026 (UTC), so the day's deal is the same every run: the
// Taylor daily deal is played to its end through the page; its result line is shared (the
// clipboard, as this browser has no Web Share) from the table's results and again from the menu,
// the same line both times, and read back from the clipboard; a reload keeps
// the result, a second try is refused with a notice, and the streak shows; the statistics page
// shows the record, today's result and the game over time with its replay, and passes the
// screenshot matrix's checks at its five sizes, phone to desktop; an unreadable daily record
// gets a notice. Controls are found by role and accessible name; nothing waits on a wall-clock
// time (the game's loop is bounded by a stall watch on the game log).
// Casino Blackjack's daily deal, from the menu: its 20 hands played through the page's own
// buttons (the smallest bet, Stand, no insurance: whatever the cards), its result line shared
// from the table's results and its replay opened; the menu shows the line and the streak, and a
// second try (from the menu or the casino page's own address) is refused; the player's own chips
// are never touched. Yesterday's casino game, left for the record by the page of the build before
// and never gathered (the menu not opened since), is not lost when today's is left: the menu
// gathers both, a streak of two.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, axeViolations, putSaves, stallWatch } from './harness.mjs';
import { problemsAtEverySize } from './screen-checks.mjs';
import { dailyBrowser, shareLine } from './daily-harness.mjs';

/** The casino's result line as the page writes it (nothing hidden, no link). */
const CASINO_LINE = /^Casino Blackjack daily, 28 Nov: (\+|-)?\$\d+(\.\d\d)? over 20 hands, \d+ won, \d+ blackjacks?$/;

/** A result line as the page writes it (nothing hidden, no link). */
const LINE = /^Taylor daily, 28 Nov: (won|(2nd|3rd|4th) of 4) in \d+ turns?, \d+ pick-ups?$/;

const tap = (locator, options = {}) => locator.click({ timeout: 2_000, ...options }).catch(() => {});

/**
 * Plays the player's turns until the game is over, by a fixed policy: name Hearts, lay the first
 * playable card, else Finished, else pick up; "Last card" when one card is left to lay.
 */
async function finishGame(page) {
  const watch = stallWatch('the end of the daily game');
  const log = page.getByRole('list', { name: 'Game log' });
  const hand = page.getByRole('list', { name: 'Your hand' }).getByRole('button');
  while (!(await page.getByText(/ won!$/).count())) {
    watch(await log.innerText().catch(() => ''));
    const suits = page.getByRole('group', { name: 'Name a suit' });
    if (await suits.count()) {
      await tap(suits.getByRole('button', { name: 'Hearts' }));
    } else if (await page.getByText('Your turn', { exact: true }).count()) {
      if ((await hand.count()) === 2) await tap(page.getByRole('button', { name: 'Last card' }));
      const playable = page.locator('.hand-card.playable');
      const finished = page.getByRole('button', { name: 'Finished' });
      if (await playable.count()) await tap(playable.first(), { position: { x: 10, y: 30 } });
      else if (await finished.count()) await tap(finished);
      else await tap(page.getByRole('button', { name: /^Pick up/ }));
    }
    await page.waitForTimeout(40);
  }
}

/** What the first test leaves in the browser's storage, for the statistics page's test. */
let saved;

test("today's Taylor deal: played to the end, its result shared, a second try refused", { timeout: 300_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await dailyBrowser(server);
  try {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Quick-play clock').selectOption('0');
    await page.getByLabel("Bots' pace").selectOption('4');
    await page.getByRole('button', { name: 'Settings' }).click();
    const daily = page.getByRole('region', { name: "Today's deal" });
    await daily.getByText(/^28 Nov: one deal a day/).waitFor();
    await daily.getByRole('button', { name: "Play today's Taylor deal" }).click();

    await page.getByRole('list', { name: 'Your hand' }).waitFor();
    await finishGame(page);
    // The table's results offer the line too, shared (copied) from there.
    const results = page.getByRole('dialog');
    const atTable = await shareLine(page, results);
    assert.deepEqual(await axeViolations(page), [], "axe on the table's results with the line");
    // Emptied, so that the menu's Share is seen to copy its own line.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await results.getByRole('button', { name: 'Menu' }).click();

    // The menu: the result line in place of the deal, shared (copied), and the streak.
    const line = await shareLine(page, daily);
    assert.match(line, LINE);
    assert.equal(atTable, line, "the table's line is the menu's");
    assert.equal(await daily.getByRole('button', { name: "Play today's Taylor deal" }).count(), 0, 'played: no second deal');
    await daily.getByText('Daily streak: 1 day (best 1)').waitFor();
    assert.deepEqual(await axeViolations(page), [], "axe on the menu's Today's deal");

    // A reload keeps it; a second try (the statistics page's link to the deal) is refused, with
    // the result, and deals nothing.
    await page.reload();
    assert.equal(await daily.getByRole('textbox', { name: 'Your result, to paste anywhere' }).inputValue(), line);
    await page.goto('about:blank');
    await page.goto(`${server.url}#daily=taylor`);
    const notice = page.getByText(/^You have played today's Taylor deal already/);
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes(line), 'the notice says the result');
    assert.equal(new URL(page.url()).pathname, '/', 'still on the menu: no table dealt');
    // Priestly's deal is still to play today.
    assert.equal(await daily.getByRole('button', { name: "Play today's Priestly deal" }).count(), 1);

    saved = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    assert.ok(saved['blackjack.daily'], 'the daily record is saved');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the statistics page: record, today, games over time; at every size; a bad record', { timeout: 180_000 }, async () => {
  assert.ok(saved, 'the first test played the daily deal');
  const server = await serve('dist', '/');
  const { context, page, problems } = await dailyBrowser(server);
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await putSaves(page, server.url, saved);
    await page.goto(`${server.url}stats/`);
    const record = page.getByRole('region', { name: 'Your record' });
    const taylor = record.getByRole('row', { name: /^Taylor Blackjack/ });
    await taylor.waitFor();
    // Played, won, average place, daily streak, best streak.
    const cells = await taylor.getByRole('cell').allInnerTexts();
    assert.equal(cells.length, 5);
    assert.equal(cells[0], '1');
    assert.match(cells[2], /^[1-4]\.0$/);
    assert.deepEqual(cells.slice(3), ['1', '1']);
    const line = await page.getByRole('textbox', { name: 'Your result, to paste anywhere' }).inputValue();
    assert.match(line, LINE);
    assert.equal(cells[1], line.includes(': won ') ? '1' : '0');
    // The game over time: a chart, and the same as a table with the game's replay.
    await page.getByRole('img', { name: /^Taylor Blackjack: your place in each game/ }).waitFor();
    const replay = page.getByRole('link', { name: 'Replay game 1' });
    assert.match(await replay.getAttribute('href'), /^\.\.\/replay\/#replay=taylor\.4\./);
    // The deals still to play today lead to them.
    assert.equal(await page.getByRole('link', { name: "Play today's British deal" }).getAttribute('href'), '../#daily=british');
    assert.deepEqual(await axeViolations(page), [], 'axe on the statistics page');
    assert.deepEqual(await problemsAtEverySize(page, 'stats'), []);
    await replay.click();
    await page.getByRole('heading', { name: 'Replay: Taylor Blackjack' }).waitFor();

    // An unreadable daily record is set aside with a notice; the page still shows the rest.
    await putSaves(page, server.url, { ...saved, 'blackjack.daily': 'blackjack v1\ngames=1.chess.9.9.9\nbest=x\n' });
    await page.goto(`${server.url}stats/`);
    await page.getByText('Your saved daily results could not be read and was set aside.').waitFor();
    await record.getByRole('row', { name: /^Taylor Blackjack/ }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

/**
 * Plays today's casino deal to its end through the page's own buttons: Deal with the bet in
 * place, No insurance, Stand on every decision, and Next shoe when the cut card comes out before
 * the last hand. Returns the hands counted as the table showed them ("hand N of 20").
 */
async function finishCasino(page) {
  const watch = stallWatch('the end of the daily casino game');
  const table = page.getByRole('region', { name: 'Casino table' });
  const dialog = page.getByRole('dialog');
  const button = (within, name) => within.getByRole('button', { name, exact: true });
  // A button may go between two looks (a bot's move, the dealer's): gone is not usable.
  const usable = async (b) => (await b.count()) > 0
    && (await b.first().isVisible().catch(() => false))
    && (await b.first().isEnabled({ timeout: 1_000 }).catch(() => false));
  const seen = new Set();
  for (;;) {
    const hand = await table.locator('.daily-hands').innerText().catch(() => '');
    seen.add(hand);
    watch(hand + (await table.locator('.status').innerText().catch(() => '')) + (await page.getByRole('list', { name: 'Table log' }).innerText().catch(() => '')));
    if (await dialog.count()) {
      if (/^Today's deal: /.test(await dialog.getByRole('heading').first().innerText())) return seen;
      await tap(button(dialog, 'Next shoe'));
    } else if (await usable(button(table, 'No insurance'))) await tap(button(table, 'No insurance'));
    else if (await usable(button(table, 'Stand'))) await tap(button(table, 'Stand'));
    else if (await usable(button(table, 'Deal'))) await tap(button(table, 'Deal'));
    await page.waitForTimeout(40);
  }
}

test("today's casino deal: 20 hands, its result shared and replayed, a second try refused", { timeout: 300_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await dailyBrowser(server);
  // The player's own chips, which the daily game never touches.
  const ownBank = 'blackjack v1\nchips=4200\ndecisions=0\nbest=0\nlost=0\n';
  try {
    await putSaves(page, server.url, { 'blackjack.casino.bank': ownBank });
    await page.goto(server.url);
    const daily = page.getByRole('region', { name: "Today's deal" });
    await daily.getByRole('button', { name: "Play today's Casino Blackjack deal" }).click();
    const table = page.getByRole('region', { name: 'Casino table' });
    await table.waitFor();
    assert.equal(new URL(page.url()).pathname, '/tables/');
    // The daily's own chips ($1000, the smallest bet placed), whatever the player's bank holds.
    assert.equal((await table.locator('.bankroll').innerText()).trim(), 'Chips: $995');
    await table.getByText("Today's deal: hand 1 of 20").waitFor();
    // Yesterday's game (27 Nov), left as the page of the build before left its one game, after
    // the menu last gathered.
    await page.evaluate(() => localStorage.setItem(
      'blackjack.daily.casino',
      'blackjack v1\nday=20784\nchips=103500\nhands=20\nwon=12\nblackjacks=2\n',
    ));
    // No link to the day's shoe: it would deal its cards to anyone.
    assert.equal(await page.getByRole('link', { name: 'Share this shoe' }).count(), 0);

    const seen = await finishCasino(page);
    for (let n = 1; n <= 20; n++) assert.ok(seen.has(`Today's deal: hand ${n} of 20`), `hand ${n} was played`);
    assert.ok(!seen.has("Today's deal: hand 21 of 20"));
    const dialog = page.getByRole('dialog');
    assert.match(await dialog.getByRole('heading').first().innerText(), /^Today's deal: (\+|-)?\$\d+/);
    // Nothing more to play: no Deal at the table, Play again for a table of one's own.
    assert.equal(await table.getByRole('button', { name: 'Deal', exact: true }).count(), 0, 'no twenty-first hand');
    assert.equal(await dialog.getByRole('button', { name: 'Play again' }).count(), 1);
    const line = await shareLine(page, dialog);
    assert.match(line, CASINO_LINE);
    assert.deepEqual(await axeViolations(page), [], "axe on the daily casino game's results");

    // Its replay: kept, and opened in the replay viewer.
    await dialog.getByRole('link', { name: 'Replay' }).click();
    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    assert.match(new URL(page.url()).hash, /^#replay=casino\./);
    assert.ok(await page.evaluate(() => localStorage.getItem('blackjack.replays.casino')), 'kept among the replays');

    // The menu: the same line in place of the deal, and the streak; a reload keeps them.
    await page.goto(server.url);
    const field = page.locator('#line-casino');
    await field.waitFor();
    assert.equal(await field.inputValue(), line);
    await page.reload();
    await field.waitFor();
    assert.equal(await field.inputValue(), line);
    assert.equal(await daily.getByRole('button', { name: "Play today's Casino Blackjack deal" }).count(), 0, 'played: no second deal');
    // Yesterday's and today's, both gathered.
    await daily.getByText('Daily streak: 2 days (best 2)').waitFor();
    assert.match(await page.evaluate(() => localStorage.getItem('blackjack.daily')), /\b20784\.casino\.103500\.20\.12\.2\b/);
    assert.equal(await daily.getByRole('button', { name: "Play today's Taylor deal" }).count(), 1, "the other games' deals are still to play");

    // A second try from the statistics page's link: refused on the menu, with the result.
    const notice = page.getByText(/^You have played today's Casino Blackjack deal already/);
    await page.goto('about:blank');
    await page.goto(`${server.url}#daily=casino`);
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes(line), 'the notice says the result');
    assert.equal(new URL(page.url()).pathname, '/', 'still on the menu');
    // And at the casino page's own address: refused there too, the new-table form, no table.
    await page.goto('about:blank');
    await page.goto(`${server.url}tables/#daily`);
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes(line));
    await page.getByRole('button', { name: 'Sit down' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Casino table' }).count(), 0, 'no table dealt');
    assert.equal(await page.evaluate(() => localStorage.getItem('blackjack.casino.bank')), ownBank, "the player's own chips are untouched");
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
