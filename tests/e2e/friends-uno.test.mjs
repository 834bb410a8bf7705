// UNO Blackjack at a table with friends in real headless Chromium: the host picks UNO Blackjack
// on the friends page's form and is taken to its own page (friends/uno/), opens a table for three
// (the host, one friend, one bot), the friend opens the room link (friends/uno/#room=…) and takes
// the free seat, the host deals, and the two play through rounds while the host's worker reveals
// each one. The friend's page memory, as it was before the first reveal, holds none of the cards
// the other seats then flipped from their queues (hidden from every seat until flipped); its own
// stack, which it sees, is found there by the same search (so the search can find a card).
// The signalling server and the WebRTC switches are friends-harness.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, stallWatch, fixedRandom, PHONE, DESKTOP } from './harness.mjs';
import { problemsAtEverySize } from './screen-checks.mjs';
import { WEBRTC_FLAGS, signalling, keepWasmMemories, seat, takeSeat, openFamilyTable } from './friends-harness.mjs';

// Bots at their own pace (a round is revealed 4.5 s after the last), no animations.
const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=1\nsort=0\nassist=1\nclock_seen=1\n';

/** Runs in every page before its scripts: copies the page's wasm memories the first time its UNO
 * table shows the first round, before the host's first reveal (`self.__before`, and the round
 * line then in `self.__beforeWhen`). Taken by the page itself: a copy the test asked for after
 * its waits came after the reveal on a slow enough machine. */
function copyBeforeFirstReveal() {
  const watch = new MutationObserver(() => {
    const info = document.querySelector('.uno.table .uno-centre .round-info');
    if (self.__before || !info || !/^First round/.test(info.textContent)) return;
    self.__before = (self.__wasmMemories || []).map((m) => new Uint8Array(m.buffer).slice());
    self.__beforeWhen = info.textContent;
    watch.disconnect();
  });
  watch.observe(document, { childList: true, subtree: true, characterData: true });
}

async function player(siteUrl, signal, viewport) {
  const b = await openBrowser(viewport, WEBRTC_FLAGS);
  await b.context.addInitScript(keepWasmMemories);
  await b.context.addInitScript(copyBeforeFirstReveal);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate((s) => localStorage.setItem('bj.friends.signal', s), signal);
  await b.page.evaluate((s) => localStorage.setItem('blackjack.settings', s), SETTINGS);
  return b;
}

/** An UNO card's name as the table says it ("Red 5", "Blue Draw Two", "Wild") -> [colour 0-3 or
 * 4 for none, face 0-5, number]: the engine's enums in declaration order. */
function cardOf(name) {
  const COLOURS = ['Red', 'Yellow', 'Green', 'Blue'];
  const FACES = { Skip: 1, Reverse: 2, 'Draw Two': 3 };
  if (name === 'Wild') return [4, 4, 0];
  if (name === 'Wild Draw Four') return [4, 5, 0];
  const [c, ...rest] = name.split(' ');
  const face = rest.join(' ');
  const colour = COLOURS.indexOf(c);
  assert.ok(colour >= 0, `a card's name: ${name}`);
  if (face in FACES) return [colour, FACES[face], 0];
  const n = Number(face);
  assert.ok(n >= 0 && n <= 9, `a card's name: ${name}`);
  return [colour, 0, n];
}

/** Each seat's stack on a page, as card names, and the round shown. */
async function stacks(page) {
  const labels = await page.locator('.uno-players li .cards.stack').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const info = await page.locator('.uno-centre .round-info').textContent().catch(() => '');
  const round = (info.match(/^(First round|Round \d+)/) || [''])[0];
  return { round, stacks: labels.map((l) => (l.split(': ')[1] || '').split(', ').filter((s) => s)) };
}

/** Whether `bytes` (a wasm memory, or a copy of it) holds `cards` side by side in the engine's
 * in-memory form (3 bytes a card, in any field order; a face without a number leaves its number
 * byte unset) or in the wire's (postcard: colour as an option, the face's index, its number). */
function holds(memories, cards) {
  const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const wire = cards.flatMap(([c, f, n]) => [...(c === 4 ? [0] : [1, c]), f, ...(f === 0 ? [n] : [])]);
  for (const b of memories) {
    for (const order of orders) {
      // The card fields at positions order[0..2]: colour, face, number (null: any byte).
      const want = cards.flatMap(([c, f, n]) => {
        const card = [];
        card[order[0]] = c;
        card[order[1]] = f;
        card[order[2]] = f === 0 ? n : null;
        return card;
      });
      outer: for (let o = 0; o + want.length <= b.length; o++) {
        for (let k = 0; k < want.length; k++) if (want[k] !== null && b[o + k] !== want[k]) continue outer;
        return true;
      }
    }
    outer2: for (let o = 0; o + wire.length <= b.length; o++) {
      for (let k = 0; k < wire.length; k++) if (b[o + k] !== wire[k]) continue outer2;
      return true;
    }
  }
  return false;
}

/** [`holds`] run in the page, on its memory now or as it was copied before the first reveal. */
const search = (page, cards, before) => page.evaluate(([src, cards, before]) => {
  const holds = new Function(`return (${src})`)();
  const memories = before ? self.__before : self.__wasmMemories.map((m) => new Uint8Array(m.buffer));
  return holds(memories, cards);
}, [holds.toString(), cards, before]);

test('friends: UNO Blackjack is played for rounds by two people and a bot, and no queue reaches a page', { timeout: 300_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam] = [await player(server.url, signal.url, DESKTOP), await player(server.url, signal.url, PHONE)];
  // The same deal every run (the host's page draws the table's seed), so the table checked at
  // every size below is the same one each time: a fault is seen every time or never. A start of
  // its own: the host's room and key come from the same numbers, on a signalling server the
  // other files share.
  await fixedRandom(ann.page, 4104);
  try {
    // The friends page offers every game: UNO Blackjack takes the host to its own page.
    const link = await openFamilyTable(ann.page, server.url, { game: 'UNO Blackjack', path: 'uno', value: 'uno' });

    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    assert.match(await seat(ann.page, 3).innerText(), /Bot 3/);
    await screenshot(sam.page, 'friends-uno-lobby-phone');

    // The host deals: both pages mount the UNO table of their own seat; the first round is
    // revealed by the host's worker a moment later. The friend's memory before it: no card of
    // any queue has been seen by anyone.
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const b of [ann, sam]) await b.page.locator('.uno.table').waitFor({ timeout: 20_000 });
    await sam.page.waitForFunction(() => self.__before, null, { timeout: 20_000 });
    const when = await sam.page.evaluate(() => self.__beforeWhen);
    assert.match(when, /^First round/, 'the copy of the friend\'s memory is from before the first reveal');
    assert.ok(await sam.page.evaluate(() => self.__before.length > 0), 'the friend\'s page has its wasm memory');
    assert.equal(await ann.page.getByRole('button', { name: /^Reveal/ }).count(), 0, 'the host reveals, not a button');
    assert.match(await sam.page.locator('.uno.table').innerText(), /Ann/);

    // Both play (hit below 15, else pass) until the second round is revealed; the host's page
    // notes every seat's flips round by round.
    const flips = new Map(); // `${round}|${seat}` -> the longest stack seen
    const note = async () => {
      const { round, stacks: s } = await stacks(ann.page);
      s.forEach((cards, i) => {
        const key = `${round}|${i}`;
        if ((flips.get(key) || []).length < cards.length) flips.set(key, cards);
      });
      return round;
    };
    let shotDesk = false;
    /** Each person's decision, if it is theirs to make: hit below 15, else pass. */
    const decide = async () => {
      for (const p of [ann.page, sam.page]) {
        const hit = p.getByRole('button', { name: 'Hit', exact: true });
        if (!(await p.getByText('Your turn: hit or pass?', { exact: true }).count()) || (await hit.isDisabled().catch(() => true))) continue;
        const mine = await p.locator('.uno-players li.me .total .sum').textContent().catch(() => 'Total 0');
        const total = Number((mine.match(/\d+/) || [0])[0]);
        if (!shotDesk && p === ann.page) { await screenshot(ann.page, 'friends-uno-table-desktop'); shotDesk = true; }
        await (total < 15 ? hit : p.getByRole('button', { name: 'Pass', exact: true })).click().catch(() => {});
      }
      await ann.page.waitForTimeout(60);
    };
    // No budget for the rounds, only a hang catcher: the host reveals each round a few seconds
    // after the last, on its own clock.
    const hostLog = () => ann.page.locator('.uno.table .log').innerText().catch(() => '');
    const rounds = stallWatch('the rounds', 60_000);
    let round = '';
    for (;;) {
      round = await note();
      if (/Round 3/.test(round) || (await ann.page.locator('.uno.table').getByText(/Game over/).count())) break;
      await decide();
      rounds(round + (await hostLog()));
    }
    assert.match(round, /Round [23]|Game over/, `rounds were played (the host shows: ${round})`);
    await screenshot(sam.page, 'friends-uno-table-phone');
    // Each screen logs both people's moves.
    for (const p of [ann.page, sam.page]) {
      const log = await p.locator('.uno.table .log').innerText();
      assert.match(log, /Sam|You/);
    }

    // The friend's page before the first reveal held none of the cards Ann's and the bot's seats
    // later flipped from their queues; its own first round's stack is in its memory now.
    const seq = (s) => ['Round 1', 'Round 2', 'Round 3'].flatMap((r) => flips.get(`${r}|${s}`) || []).map(cardOf);
    for (const s of [0, 2]) {
      const cards = seq(s).slice(0, 5);
      assert.ok(cards.length >= 3, `seat ${s + 1} flipped cards: ${JSON.stringify(cards)}`);
      assert.ok(!(await search(sam.page, cards, true)), `the friend's page held seat ${s + 1}'s queue before it was flipped: ${JSON.stringify(cards)}`);
    }
    // A stack of two cards or more on the friend's table (right after a reveal each has one):
    // the round is played on until one is.
    const grown = stallWatch('a stack of two cards on the friend\'s table', 60_000);
    let now = (await stacks(sam.page)).stacks;
    while (!now.some((st) => st.length >= 2) && !(await ann.page.locator('.uno.table').getByText(/Game over/).count())) {
      await decide();
      grown(JSON.stringify(now) + (await hostLog()));
      now = (await stacks(sam.page)).stacks;
    }
    const seen = now.reduce((a, b) => (b.length > a.length ? b : a), []).map(cardOf);
    assert.ok(seen.length >= 2, `a stack on the friend's table: ${JSON.stringify(now)}`);
    assert.ok(await search(sam.page, seen, false), `the search finds a stack the friend sees: ${JSON.stringify(seen)}`);
    assert.deepEqual(await axeViolations(sam.page), [], 'axe on the friend\'s UNO table');
    // The friend's table at every size a player holds it, upright and sideways.
    assert.deepEqual(await problemsAtEverySize(sam.page, 'friends-uno-table'), [], 'the friend\'s table at every size');
    for (const b of [ann, sam]) assert.deepEqual(b.problems.consoleErrors, [], 'no console errors');

    // The host closes the page: the friend is told. The host opens the room link again (the
    // table's save is in this browser): the table comes back as it was, the friend in their seat.
    const left = () => sam.page.getByRole('status').getByText('The host left the table.', { exact: false });
    const before = (await stacks(sam.page)).round;
    await ann.page.close();
    await left().waitFor({ timeout: 30_000 });
    const host = await ann.context.newPage();
    await host.goto(link);
    await host.locator('.uno.table').waitFor({ timeout: 30_000 });
    await left().waitFor({ state: 'detached', timeout: 30_000 });
    assert.match(await host.locator('.uno.table').innerText(), /Sam/, 'the host sees the friend in their seat again');
    assert.match(await sam.page.locator('.uno.table').innerText(), /Ann/, 'the friend sees the host again');
    const after = (await stacks(sam.page)).round;
    assert.ok(after === before || /Round [34]|Game over/.test(after), `the table is where it was: ${before}, now ${after}`);
  } finally {
    for (const b of [ann, sam]) await b.context.close();
    await server.close();
    signal.stop();
  }
});

test('friends: a broken UNO Blackjack room link is explained, never a crash', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const b = await openBrowser();
  try {
    await b.page.goto(`${server.url}friends/uno/#room=short`);
    await b.page.getByRole('alert').getByText('not one the game makes').waitFor();
    assert.deepEqual(b.problems.consoleErrors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});
