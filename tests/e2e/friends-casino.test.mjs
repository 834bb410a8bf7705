// Casino Blackjack at a table with friends in real headless Chromium: the host picks the casino
// game on the friends page's form and is taken to its own page (friends/casino/), opens a table
// of three spots (the host, one friend, one bot), the friend opens the room link and takes the
// free spot, the host deals, and each person bets their own chips, says they are ready (Deal),
// and plays their hand to the end of a round, while the host's worker deals, plays the bot and
// clears the table. While the hands are played no page shows the dealer's hole card. Then the
// host closes the page and opens the link again: the table, and the friend's spot, come back.
// The signalling server and the WebRTC switches are friends-harness.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, stallWatch, fixedRandom, PHONE, DESKTOP } from './harness.mjs';
import { problemsAtEverySize } from './screen-checks.mjs';
import { WEBRTC_FLAGS, signalling, seat, takeSeat, openFamilyTable } from './friends-harness.mjs';

// Bots at twice their pace, no animations.
const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=2\nsort=0\nassist=1\nclock_seen=1\n';

/** Runs in every page before its scripts: keeps every line the table's log has shown. The log
 * holds the round being played and is cleared with the felt a few seconds after the round ends,
 * so a test that looked for a result in it now and then would see it or not by chance. */
function keepLogLines() {
  self.__logLines = [];
  new MutationObserver(() => {
    for (const li of document.querySelectorAll('.casino.table .log li')) {
      if (!self.__logLines.includes(li.textContent)) self.__logLines.push(li.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Every line the page's table log has shown, one a line. */
const logSeen = (page) => page.evaluate(() => (self.__logLines || []).join('\n')).catch(() => '');

/** The log line of `who`'s result in a round: "You: lose, −$25." when the dealer settles the
 * hand, or "Blackjack! Sam wins $37.50." for a natural paid at once (the hand then has no
 * other). */
const resultOf = (who) => new RegExp(`^(${who}: (win|lose|push|blackjack|bust|surrender)|Blackjack! ${who} wins?)`, 'm');

/** A hang caught (`error`), with what the host's and the friend's pages showed: each one's
 * status and the end of its log, and a screenshot of each. */
async function stalled(error, host, friend) {
  await screenshot(host, 'friends-casino-stalled-desktop').catch(() => {});
  await screenshot(friend, 'friends-casino-stalled-phone').catch(() => {});
  const said = async (p) => `status "${await table(p).locator('.status').innerText().catch(() => '?')}", log ${JSON.stringify((await logSeen(p)).split('\n').slice(-12))}`;
  return new Error(`${error.message}\nthe host's page: ${await said(host)}\nthe friend's page: ${await said(friend)}`);
}

async function player(siteUrl, signal, viewport) {
  const b = await openBrowser(viewport, WEBRTC_FLAGS);
  await b.context.addInitScript(keepLogLines);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate((s) => localStorage.setItem('bj.friends.signal', s), signal);
  await b.page.evaluate((s) => localStorage.setItem('blackjack.settings', s), SETTINGS);
  return b;
}

const table = (page) => page.locator('.casino.table');
const button = (page, name) => table(page).getByRole('button', { name, exact: true });
const enabled = async (b) => (await b.count()) > 0 && !(await b.isDisabled({ timeout: 2_000 }).catch(() => true));

/** One person's move, as a careful player makes it: a $25 chip while their spot has no bet, and
 * Deal (ready) once it has, no insurance, hit below 12, else stand. Returns what it did. What
 * to do is read from the table each time, not remembered: a click the host did not get yet (a
 * friend's page still connecting) is made again. Deal again is harmless (the same bet again
 * is still ready), so it is repeated only every two seconds. A click waits two seconds at
 * most: one on a button the round just took away otherwise waited up to Playwright's 30 s,
 * and the next round, dealt meanwhile, went by unseen. */
const CLICK = { timeout: 2_000 };
async function move(page, state, { bet = true } = {}) {
  const noBet = (await table(page).locator('.spot.me .bet.none').count()) > 0;
  // With `bet` false only the decisions of a hand dealt (the host deals on its clock as well).
  if (bet && noBet && (await enabled(table(page).getByRole('button', { name: 'Add $25' })))) {
    await table(page).getByRole('button', { name: 'Add $25' }).click(CLICK);
    return 'bet';
  }
  if (bet && !noBet && Date.now() - (state.readyAt || 0) > 2000 && (await enabled(button(page, 'Deal')))) {
    await button(page, 'Deal').click(CLICK);
    state.readyAt = Date.now();
    return 'ready';
  }
  if (await enabled(button(page, 'No insurance'))) {
    await button(page, 'No insurance').click(CLICK);
    return 'no insurance';
  }
  if (await enabled(button(page, 'Stand'))) {
    const total = await table(page).locator('.spot.me .total').first().textContent(CLICK).catch(() => '');
    const n = Number((total.match(/\d+/) || [21])[0]);
    await button(page, n < 12 ? 'Hit' : 'Stand').click(CLICK);
    return n < 12 ? 'hit' : 'stand';
  }
  return null;
}

test('friends: casino Blackjack is played for a round by two people and a bot, each with their own chips', { timeout: 300_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam] = [await player(server.url, signal.url, DESKTOP), await player(server.url, signal.url, PHONE)];
  // The same deal every run (the host's page draws the table's seed), so the table checked at
  // every size below is the same one each time: a fault is seen every time or never. A start of
  // its own: the host's room and key come from the same numbers, on a signalling server the
  // other files share.
  await fixedRandom(ann.page, 4103);
  try {
    // The friends page offers every game: the casino takes the host to its own page.
    const link = await openFamilyTable(ann.page, server.url, { game: 'Casino Blackjack', path: 'casino', value: 'casino' });

    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    assert.match(await seat(ann.page, 3).innerText(), /Bot 3/);

    // The host deals: both pages mount the felt of their own spot.
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const b of [ann, sam]) await table(b.page).waitFor({ timeout: 20_000 });
    assert.match(await table(sam.page).innerText(), /Ann/, 'the friend sees the host by name');
    assert.match(await table(ann.page).innerText(), /Sam/, 'the host sees the friend by name');
    await screenshot(sam.page, 'friends-casino-betting-phone');

    // Each person bets $25 of their own chips and says ready; the worker deals once both are.
    const states = new Map([[ann.page, {}], [sam.page, {}]]);
    let shot = false;
    let holeChecked = false;
    // The round is over when each page's log has shown its result (kept by keepLogLines: the
    // status says "Hand over" and the log holds the results only until the host clears the
    // felt, a few seconds, which a busy machine's poll can miss). No budget for the round, only
    // a hang catcher.
    const round = stallWatch('the round', 60_000);
    const result = resultOf('You');
    let settled = false;
    while (!settled) {
      // A page whose log shows the round's result bets no more: after the host clears the
      // felt, its Deal (ready) again would have the next round dealt while this loop, on a busy
      // machine, is still waiting to see the other page's result. It still plays a hand it is
      // dealt: the host deals on its betting clock too (after a Deal it did not get, or when a
      // page never drew the result before the felt was cleared and so bet again), and a hand
      // left unplayed would hold the table for good.
      for (const [page, state] of states) {
        await move(page, state, { bet: !result.test(await logSeen(page)) }).catch(() => null);
      }
      // While hands are played the dealer's second card is face down on every page.
      const dealer = await table(sam.page).locator('.dealer .sr-cards li').allTextContents().catch(() => []);
      const playing = await table(sam.page).getByText(/is deciding|Your decision|insurance\?/).count().catch(() => 0);
      if (dealer.length === 2 && playing > 0 && /Face-down/.test(dealer.join())) {
        holeChecked = true;
        if (!shot) {
          await screenshot(ann.page, 'friends-casino-table-desktop');
          await screenshot(sam.page, 'friends-casino-table-phone');
          shot = true;
        }
      }
      const logs = await Promise.all([ann.page, sam.page].map(logSeen));
      settled = logs.every((l) => result.test(l));
      if (!settled) {
        try {
          round(logs.join('\n'));
        } catch (e) {
          throw await stalled(e, ann.page, sam.page);
        }
        await ann.page.waitForTimeout(100);
      }
    }
    assert.ok(settled, 'the round was played to the end on both pages');
    assert.ok(holeChecked || (await logSeen(ann.page)).match(/blackjack/i), 'the hole card was face down while hands were played');
    await screenshot(ann.page, 'friends-casino-settled-desktop');
    await screenshot(sam.page, 'friends-casino-settled-phone');
    // Each page's chips are its own: $1,000 less the $25 bet, plus what the hand won.
    for (const p of [ann.page, sam.page]) {
      const text = await table(p).locator('.bankroll').innerText();
      assert.match(text, /Your chips: \$\d+/);
      assert.match(await logSeen(p), resultOf('You'), 'the round\'s result for this page\'s spot');
    }
    // Each log names the other person as this table does, not as the table of one player would.
    assert.match(await logSeen(ann.page), resultOf('Sam'), 'the host\'s log names the friend');
    assert.match(await logSeen(sam.page), resultOf('Ann'), 'the friend\'s log names the host');
    // The worker clears the table for the next round: betting again, the bets still up.
    // A hand still dealt (the loop above can end in a round the host dealt on its clock) is
    // played out first, and no bet made.
    const cleared = stallWatch('clearing the table', 60_000);
    while ((await table(ann.page).locator('.status').getByText(/Place your bet/).count()) === 0) {
      for (const [page, state] of states) await move(page, state, { bet: false }).catch(() => null);
      try {
        cleared((await Promise.all([ann.page, sam.page].map(logSeen))).join('\n'));
      } catch (e) {
        throw await stalled(e, ann.page, sam.page);
      }
      await ann.page.waitForTimeout(100);
    }
    assert.deepEqual(await axeViolations(sam.page), [], 'axe on the friend\'s table');
    // The friend's table at every size a player holds it, upright and sideways.
    assert.deepEqual(await problemsAtEverySize(sam.page, 'friends-casino-betting'), [], 'the friend\'s table at every size');

    // The host closes the page: the friend is told. The host opens the room link again (the
    // table's save is in this browser) and the table comes back, the friend at their spot with
    // their chips as they were, and the next round is played.
    const samChips = await table(sam.page).locator('.bankroll').innerText();
    await ann.page.close();
    await sam.page.getByRole('status').getByText('The host left the table.', { exact: false }).waitFor({ timeout: 30_000 });
    const host = await ann.context.newPage();
    await host.goto(link);
    for (const p of [host, sam.page]) {
      await table(p).locator('.status').getByText(/Place your bet/).waitFor({ timeout: 30_000 });
    }
    assert.equal(await table(sam.page).locator('.bankroll').innerText(), samChips, 'the friend\'s chips as they were');
    assert.match(await table(sam.page).innerText(), /Ann/, 'the friend sees the host by name again');
    assert.match(await table(host).innerText(), /Sam/, 'the host sees the friend at their spot again');
    // The next round is dealt when the dealer has cards again (the table was cleared for
    // betting). The log is no sign: it shows its last twelve lines, whose count stops changing.
    // The host deals once both say they are ready, or after its betting time with no new bet;
    // the bound below only catches a table that hangs.
    const again = new Map([[host, {}], [sam.page, {}]]);
    const dealerCards = () => table(sam.page).locator('.dealer .sr-cards li').count().catch(() => 0);
    assert.equal(await dealerCards(), 0, 'the reopened table is betting, the felt cleared');
    let dealt = false;
    for (const end = Date.now() + 120_000; Date.now() < end && !dealt;) {
      for (const [page, state] of again) await move(page, state).catch(() => null);
      dealt = (await dealerCards()) > 0;
      if (!dealt) await sam.page.waitForTimeout(100);
    }
    assert.ok(dealt, 'the reopened table deals the next round to both');
    await table(host).locator('.dealer .sr-cards li').first().waitFor({ state: 'attached', timeout: 20_000 });
  } finally {
    for (const b of [ann, sam]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
