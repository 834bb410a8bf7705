// Tables with friends in real headless Chromium: three browsers (three profiles) meet in one
// room through the signalling server on 127.0.0.1, each sees the others' seats taken, the host
// deals, a friend who closes the page is played by a bot and takes the seat back from the same
// link, and a browser without the seat's token cannot take it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, fixedRandom, PHONE } from './harness.mjs';
import { problemsAtEverySize } from './screen-checks.mjs';
import { WEBRTC_FLAGS, signalling, keepWasmMemories, seat, takeSeat, play, openTable } from './friends-harness.mjs';

/** Runs in every page before its scripts (not in workers): notes when the player clicks and
 * when the game log's text changes, on the page's own clock (for the round-trip figures; never
 * asserted on). */
function instrument() {
  self.__clicks = [];
  self.__logChanges = [];
  let seen = '';
  // A move's click: a card or a move's button on the table (they carry the move in data-act).
  addEventListener('click', (e) => {
    if (e.target.closest?.('.table.shed [data-act]')) self.__clicks.push(performance.now());
  }, true);
  new MutationObserver(() => {
    const text = document.getElementById('game-log')?.textContent ?? '';
    if (text !== seen) {
      seen = text;
      self.__logChanges.push(performance.now());
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The cards of this page's hand, as its buttons name them ("10 of hearts"): [rank 1-13, suit
 * 0-3 in the engine's order clubs, diamonds, hearts, spades]. */
async function handCards(page) {
  const labels = await page.locator('.table.shed .hand-card').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const RANKS = { Ace: 1, Jack: 11, Queen: 12, King: 13 };
  const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
  return labels.map((l) => {
    const [, r, s] = l.match(/^(\w+) of (\w+)$/) || [];
    const card = [RANKS[r] ?? Number(r), SUITS.indexOf(s)];
    assert.ok(card[0] >= 1 && card[0] <= 13 && card[1] >= 0, `a card's name: ${l}`);
    return card;
  });
}

/** Whether the page's wasm memory holds `cards` as a hand, in either of the engine's forms: the
 * game's bit set (`shedding::Hand`: bit suit * 13 + rank - 1 of a little-endian u64) or that
 * many `Card`s side by side (two bytes, rank and suit, in either order; a view's hand), in any
 * order. */
function memoryHolds(page, cards) {
  return page.evaluate((cards) => {
    const key = (list) => list.map(([r, s]) => r * 4 + s).sort((a, b) => a - b).join(',');
    const want = key(cards);
    const n = cards.length;
    let mask = 0n;
    for (const [r, s] of cards) mask |= 1n << BigInt(s * 13 + r - 1);
    const maskBytes = [...Array(8)].map((_, i) => Number((mask >> BigInt(8 * i)) & 0xffn));
    for (const memory of self.__wasmMemories || []) {
      const b = new Uint8Array(memory.buffer);
      for (let o = 0; o + 8 <= b.length; o++) {
        let k = 0;
        while (k < 8 && b[o + k] === maskBytes[k]) k++;
        if (k === 8) return true;
      }
      for (let o = 0; o + 2 * n <= b.length; o++) {
        for (const [ri, si] of [[0, 1], [1, 0]]) {
          const got = [];
          for (let k = 0; k < n; k++) {
            const r = b[o + 2 * k + ri];
            const s = b[o + 2 * k + si];
            if (r < 1 || r > 13 || s > 3) break;
            got.push([r, s]);
          }
          if (got.length === n && key(got) === want) return true;
        }
      }
    }
    return false;
  }, cards);
}

/** Each click's time to the next change of the game log's text, on a page's clock. */
async function roundTrips(page) {
  const { clicks, changes } = await page.evaluate(() => ({ clicks: self.__clicks, changes: self.__logChanges }));
  return clicks.map((c) => changes.find((t) => t > c) - c).filter((d) => d >= 0 && d < 2000);
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** A browser whose friends page uses `signal`. */
async function player(siteUrl, signal, viewport) {
  const b = await openBrowser(viewport, WEBRTC_FLAGS);
  await b.context.addInitScript(keepWasmMemories);
  await b.context.addInitScript(instrument);
  errors.set(b.page, b.problems.consoleErrors);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate((s) => localStorage.setItem('bj.friends.signal', s), signal);
  // Bots at eight times people's pace, no animations, the assist on: a whole game in a minute or two.
  await b.page.evaluate((s) => localStorage.setItem('blackjack.settings', s), SETTINGS);
  return b;
}

const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

const won = (page) => page.locator('.table.shed').getByText(/ won!$/).count();
const log = (page) => page.locator('#game-log').textContent();
const logLines = (page) => page.locator('#game-log li').allTextContents();

const errors = new Map();
const take = (page, n, name) => takeSeat(page, n, name, errors.get(page));

test('friends: three browsers meet in one room, see each other seated, and a dropped friend comes back', { timeout: 600_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam, bo] = [await player(server.url, signal.url), await player(server.url, signal.url, PHONE), await player(server.url, signal.url)];
  // The same deal every run (the host's page draws the table's seed): the game's length is the
  // deal's, not chance's.
  await fixedRandom(ann.page, 4101);
  try {
    // The host opens a Taylor table for four: two seats for friends, one bot.
    await ann.page.goto(`${server.url}friends/`);
    await ann.page.getByLabel('Players').selectOption('4');
    await ann.page.getByLabel('Seats for friends').selectOption('2');
    await ann.page.getByLabel('Your name').fill('Ann');
    assert.deepEqual(await axeViolations(ann.page), [], 'axe on the host form');
    await ann.page.getByRole('button', { name: 'Open the table' }).click();
    const link = await ann.page.getByLabel('Room link').inputValue();
    assert.match(link, /\/friends\/#room=[A-Za-z0-9_-]{22}$/);

    // Two friends open the link and take seats 2 and 3; each sees the other's taken.
    await sam.page.goto(link);
    await take(sam.page, 2, 'Sam');
    await bo.page.goto(link);
    await seat(bo.page, 2).getByText('Sam').waitFor();
    assert.equal(await bo.page.getByRole('button', { name: 'Take seat 2' }).count(), 0, 'a taken seat is not offered');
    await take(bo.page, 3, 'Bo');
    await seat(sam.page, 3).getByText('Seat 3: Bo').waitFor();
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    await seat(ann.page, 3).getByText('Seat 3: Bo').waitFor();
    assert.match(await seat(ann.page, 4).innerText(), /Bot 4/);
    // The host's lobby, with the link's Copy button and a Remove beside each friend, for the eye.
    await screenshot(ann.page, 'friends-host-lobby-desktop');
    await sam.page.getByRole('status').getByText('Waiting for the host to deal. The host\'s browser deals and keeps the cards.').waitFor();
    assert.deepEqual(await axeViolations(sam.page), [], 'axe on the friend\'s lobby');
    await screenshot(sam.page, 'friends-lobby-phone');

    // The host deals: every page mounts the table of its own seat, and each seat's line tells
    // whose turn it is.
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const b of [ann, sam, bo]) {
      await b.page.getByRole('status').getByText(/turn\. You hold \d+ cards/).waitFor({ timeout: 20_000 });
      await b.page.locator('.table.shed .hand-card').first().waitFor({ timeout: 20_000 });
    }
    // Each screen speaks to its own seat and names the others.
    assert.match(await sam.page.locator('.table.shed').innerText(), /Ann/);
    assert.match(await ann.page.locator('.table.shed').innerText(), /Sam/);

    // What a page's memory holds: its own hand (the search finds a hand where there is one),
    // never another seat's, the host's page included (the game is in its worker).
    const hands = { ann: await handCards(ann.page), sam: await handCards(sam.page), bo: await handCards(bo.page) };
    for (const [who, page] of [['ann', ann.page], ['sam', sam.page], ['bo', bo.page]]) {
      assert.ok(await memoryHolds(page, hands[who]), `${who}'s page holds ${who}'s hand`);
      for (const other of Object.keys(hands).filter((o) => o !== who)) {
        assert.ok(!(await memoryHolds(page, hands[other])), `${who}'s page holds no trace of ${other}'s hand`);
      }
    }

    // A few moves each, through the tables.
    await play([ann.page, sam.page, bo.page], async () => /Sam (plays|picks)/.test(await log(ann.page)), 60_000);
    assert.match(await log(ann.page), /Sam (plays|picks)/, 'Sam moved from the table');
    // A friend's table at every size a player holds it, upright and sideways.
    assert.deepEqual(await problemsAtEverySize(bo.page, 'friends-taylor-table', { handOnScreen: true }), [], 'the friend\'s table at every size');

    // Sam closes the page mid-game: the host sees the seat away and a bot plays it (the log
    // names the bot, not Sam); the same link in the same browser takes it back; another
    // browser's token cannot.
    await sam.page.close();
    await seat(ann.page, 2).getByText('away: a bot plays for now').waitFor({ timeout: 20_000 });
    const seen = new Set(await logLines(ann.page));
    const botPlayed = await play([ann.page, bo.page], async () =>
      (await logLines(ann.page)).some((l) => !seen.has(l) && /^Bot for Sam (plays|picks)/.test(l)) || (await won(ann.page)) > 0, 60_000);
    assert.ok(botPlayed, 'a bot played the seat of the friend who left');
    const back = await sam.context.newPage();
    await back.goto(link);
    await seat(back, 2).getByText('Sam (you)').waitFor({ timeout: 20_000 });
    await back.getByRole('status').getByText(/You hold \d+ cards|You are out/).waitFor();
    await seat(ann.page, 2).getByText(/^Seat 2: Sam$/).waitFor();
    assert.equal(await back.getByRole('button', { name: /Take seat/ }).count(), 0);
    await back.locator('.table.shed').waitFor();

    // The three play the game to its end; every screen tells who won.
    const over = await play([ann.page, back, bo.page], async () => (await won(ann.page)) > 0);
    assert.ok(over, `the game ended; the host's log: ${(await log(ann.page)).slice(-400)}`);
    for (const p of [back, bo.page]) await p.locator('.table.shed').getByText(/ won!$/).first().waitFor({ timeout: 20_000 });
    for (const p of [ann.page, back, bo.page]) await p.getByRole('status').getByText(/^The game is over: .+ won\.$/).waitFor();
    await screenshot(back, 'friends-game-over');

    // A measurement, never asserted: a click on the table to the log's line of that move, on
    // loopback (the host's page through its worker; a friend's through WebRTC, the host's page
    // and its worker, and back).
    for (const [who, page] of [['host', ann.page], ['friend', back], ['friend', bo.page]]) {
      const rtt = await roundTrips(page);
      if (rtt.length) console.log(`round trip of a move (${who}'s page): median ${quantile(rtt, 0.5).toFixed(1)} ms, p95 ${quantile(rtt, 0.95).toFixed(1)} ms, ${rtt.length} moves`);
    }
    for (const b of [ann, sam, bo]) assert.deepEqual(b.problems.consoleErrors, [], 'no console errors');
  } finally {
    for (const b of [ann, sam, bo]) await b.context.close();
    await server.close();
    signal.stop();
  }
});

test('friends: a broken room link is explained, never a crash', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const b = await openBrowser();
  try {
    await b.page.goto(`${server.url}friends/#room=short`);
    await b.page.getByRole('alert').getByText('not one the game makes').waitFor();
    assert.deepEqual(b.problems.consoleErrors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});

test('friends: the host\'s clock shows its ring on a friend\'s screen and times out a friend who does not move', { timeout: 240_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam] = [await player(server.url, signal.url), await player(server.url, signal.url, PHONE)];
  try {
    // The host's setting runs the quick-play clock, at a table with friends at least four times
    // the rules' time (Taylor's 2 seconds: 8); the friend's own setting (off) does not matter:
    // the host's clock decides, and every lobby says it.
    await ann.page.evaluate((s) => localStorage.setItem('blackjack.settings', s), SETTINGS.replace('clock=0', 'clock=1'));
    const link = await openTable(ann.page, server.url, 2, 1);
    await sam.page.goto(link);
    await take(sam.page, 2, 'Sam');
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    for (const page of [ann.page, sam.page]) await page.getByText('Quick play: 8 s a move').waitFor();
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    await sam.page.locator('.table.shed .hand-card').first().waitFor({ timeout: 20_000 });

    // Ann plays; Sam never moves. On Sam's turn the ring runs on Sam's own seat, big, the
    // table's eight seconds in full (less the link's half round trip), and on Ann's screen too.
    const ring = sam.page.locator('.table.shed .seat.me .clock-ring.big');
    const ringed = await play([ann.page], async () => (await ring.count()) > 0, 60_000);
    assert.ok(ringed, 'the ring shows on the friend\'s screen on their turn');
    const style = await ring.getAttribute('style');
    assert.match(style, /animation-duration:8000ms/);
    const late = Number(style.match(/animation-delay:-(\d+)ms/)?.[1] ?? 0);
    // Less the half round trip the page measured: on loopback a few ms, but this is a figure, not
    // a timing test, so only "most of the time is left" is asserted (a loaded machine may lag).
    assert.ok(late < 1000, `the ring starts with most of the time left on a loopback link (${late} ms gone)`);
    await screenshot(sam.page, 'friends-clock-phone');
    assert.ok(await ann.page.locator('.table.shed .seat[data-seat="1"] .clock-ring').count() <= 1);

    // Sam's eight seconds pass: the host times Sam out, and both screens log it.
    await sam.page.locator('#game-log').getByText('You pick up 1 card (too slow).').first().waitFor({ state: 'attached', timeout: 20_000 });
    await ann.page.locator('#game-log').getByText('Sam picks up 1 card (too slow).').first().waitFor({ state: 'attached', timeout: 20_000 });
    for (const b of [ann, sam]) assert.deepEqual(b.problems.consoleErrors, [], 'no console errors');

    // The host closes the page: the friend is told. The host opens the room link again (the
    // table's save is in this browser): the game goes on, the friend in their seat with the
    // hand they had (Sam never moves, so it can only have grown by cards picked up).
    const hand = () => sam.page.locator('.table.shed .hand-card').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const left = () => sam.page.getByRole('status').getByText('The host left the table.', { exact: false });
    await ann.page.close();
    await left().waitFor({ timeout: 30_000 });
    const held = await hand();
    const host = await ann.context.newPage();
    await host.goto(link);
    await host.locator('.table.shed').waitFor({ timeout: 30_000 });
    await left().waitFor({ state: 'detached', timeout: 30_000 });
    const now = await hand();
    assert.ok(held.length > 0 && held.every((c) => c && now.includes(c)), `the friend's hand is as it was: ${held} -> ${now}`);
    assert.match(await host.locator('.table.shed').innerText(), /Sam/, 'the host sees the friend in their seat again');
  } finally {
    for (const b of [ann, sam]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
