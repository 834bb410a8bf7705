// A newcomer's path to a table with friends (issue 35, section 2): Play with friends is a tile of
// the menu; a table's end screen offers the same game with friends (the friends page opens with
// it chosen, and an unknown game falls back quietly); the host copies the room link (and the
// clipboard holds it; where the clipboard is refused, the link is selected instead); and a link
// that cannot get to the table says why, never the host's "Open a table" form: a link cut short
// or not a room, a room whose host is not there (the page joins when the host comes), a full
// table, a server that cannot be reached, and a host of another version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, putSaves } from './harness.mjs';
import { signalling, seat, takeSeat, openTable, move, friendsPlayer as player, QUICK_SETTINGS as SETTINGS } from './friends-harness.mjs';
import { createServer } from 'node:net';

const freePort = () => new Promise((ok) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
});

/** The notice a page shows (its alert), waited for. */
const notice = (page, text) => page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 45_000 });
const noForm = async (page) => assert.equal(await page.getByRole('heading', { name: 'Open a table' }).count(), 0, 'no host form');

test('newcomer: Play with friends is a tile of the menu, and opens the friends page', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.goto(server.url);
    const tile = page.locator('#games > li').filter({ has: page.getByRole('heading', { name: 'Play with friends' }) });
    await tile.waitFor();
    assert.equal(await page.locator('#games > li').count(), 6, 'five games and Play with friends');
    assert.equal(await page.locator('#footer').getByRole('link', { name: 'Play with friends' }).count(), 0, 'no longer a footer link');
    // The app has taken the list over (its buttons no longer wait): the tile is still there.
    await page.locator('#games button[aria-disabled]').first().waitFor({ state: 'detached' });
    assert.deepEqual(await axeViolations(page), [], 'axe on the menu');
    await tile.getByRole('link', { name: 'Open a table' }).click();
    await page.waitForURL(/\/friends\/$/);
    await page.getByRole('heading', { name: 'Open a table' }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('newcomer: a table\'s end screen offers the game with friends, chosen on the friends page', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // Crazy Eights for two, one card each: the game ends within a few moves.
    await putSaves(page, server.url, { 'blackjack.settings': SETTINGS });
    await page.goto(`${server.url}#table=crazy-eights.2.normal.77~hand=1~hand2=1`);
    await page.waitForURL(/\/play\/$/);
    const dialog = page.getByRole('dialog');
    for (let i = 0; !(await dialog.count()); i++) {
      assert.ok(i < 600, 'the game ended');
      await move(page).catch(() => {});
      await page.waitForTimeout(100);
    }
    const offer = dialog.getByRole('link', { name: 'Play this with friends' });
    assert.match(await offer.getAttribute('href'), /friends\/\?game=crazy-eights$/);
    await offer.click();
    await page.waitForURL(/\/friends\/\?game=crazy-eights$/);
    assert.equal(await page.getByLabel('Game').inputValue(), 'crazy-eights', 'the game is chosen');
    // A game the page does not know falls back to its first, without a word.
    await page.goto(`${server.url}friends/?game=poker`);
    await page.getByRole('heading', { name: 'Open a table' }).waitFor();
    assert.equal(await page.getByLabel('Game').inputValue(), 'taylor');
    assert.equal(await page.getByRole('alert').count(), 0);

    // The casino's results: a hand's show on the felt, and the dialog at the end of a shoe offers
    // its own friends page. A one-deck shoe and no bots (a fixed shuffle): the player stands on
    // every hand and deals again until the shoe is out.
    await putSaves(page, server.url, {
      'blackjack.settings': SETTINGS,
      'blackjack.casino': 'blackjack v1\ndecks=1\nbots=0\nsurrender=0\nh17=0\nseed=974\nchips=100000\nlog=\n',
    });
    await page.goto(`${server.url}tables/#casino`);
    const deal = page.getByRole('button', { name: 'Deal', exact: true });
    for (let i = 0; !(await dialog.count()); i++) {
      assert.ok(i < 1200, 'the shoe ended');
      if ((await page.locator('.status').innerText().catch(() => '')) === 'Your decision.') await page.keyboard.press('s');
      else if (await page.getByRole('button', { name: 'Continue' }).count()) await page.getByRole('button', { name: 'Continue' }).first().click().catch(() => {});
      else if (await deal.isEnabled().catch(() => false)) await deal.click().catch(() => {});
      else if (await page.getByRole('button', { name: 'Add $25' }).isEnabled().catch(() => false)) {
        await page.getByRole('button', { name: 'Add $25' }).click().catch(() => {});
      }
      await page.waitForTimeout(100);
    }
    const casino = dialog.getByRole('link', { name: 'Play this with friends' });
    await casino.click();
    await page.waitForURL(/\/friends\/casino\/(\?game=casino)?$/);
    assert.equal(await page.getByLabel('Game').inputValue(), 'casino');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('newcomer: the host copies the room link; where the clipboard is refused, the link is selected', { timeout: 120_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const ann = await player(server.url, signal.url);
  try {
    await ann.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    const link = await openTable(ann.page, server.url, 3, 1);
    const page = ann.page;
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the room link');
    // Share only where the browser can share a link.
    const canShare = await page.evaluate(() => 'share' in navigator);
    assert.equal(await page.getByRole('button', { name: 'Share' }).count(), canShare ? 1 : 0);
    // The clipboard refuses: the link is selected for the player to copy.
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Selected' }).waitFor();
    const selected = await page.evaluate(() => {
      const f = document.activeElement;
      return f?.id === 'fr-link' && f.value.slice(f.selectionStart, f.selectionEnd);
    });
    assert.equal(selected, link, 'the whole link is selected');
    // The lobby says the quick-play setting (the host's is off here).
    await page.getByText('Quick play: off').waitFor();
    assert.deepEqual(ann.problems.consoleErrors, []);
  } finally {
    await ann.context.close();
    await server.close();
    signal.stop();
  }
});

test('newcomer: a link that cannot get to the table says why, never the host\'s form', { timeout: 300_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam, eve] = [await player(server.url, signal.url), await player(server.url, signal.url), await player(server.url, signal.url)];
  try {
    // Cut short, or not a room at all.
    for (const [fragment, words] of [['#room=abc', 'part of the link may be missing'], ['#room=', 'part of the link may be missing'],
      ['#roo', 'This is not a link to a table with friends']]) {
      await eve.page.goto('about:blank');
      await eve.page.goto(`${server.url}friends/${fragment}`);
      await notice(eve.page, words);
      await noForm(eve.page);
    }

    // A room whose host is not there: the page says so, waits, and joins when the host comes.
    const link = await openTable(ann.page, server.url, 2, 1);
    await ann.page.goto('about:blank');
    await sam.page.goto(link);
    await notice(sam.page, 'The host is not at the table; this page will join when they are back.');
    await noForm(sam.page);
    await ann.page.goto(link);
    await seat(sam.page, 2).getByRole('button', { name: 'Take seat 2' }).waitFor({ timeout: 45_000 });
    assert.equal(await sam.page.getByRole('alert').count(), 0, 'the notice went when the host came');
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await sam.page.getByText('Quick play: off').waitFor();

    // Every seat taken: a third browser is told the table is full.
    await eve.page.goto('about:blank');
    await eve.page.goto(link);
    await notice(eve.page, 'The table is full');
    assert.equal(await eve.page.getByRole('button', { name: /^Take seat/ }).count(), 0);

    // The host speaks another version: every message from it carries another version number.
    const old = await player(server.url, signal.url);
    try {
      await old.page.addInitScript(() => {
        const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
        Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
          get() { return d.get.call(this); },
          set(f) {
            d.set.call(this, f && ((e) => {
              const b = new Uint8Array(e.data.slice(0));
              b[0] = 99; b[1] = 0;
              f(new MessageEvent('message', { data: b.buffer }));
            }));
          },
        });
      });
      await old.page.goto(link);
      await notice(old.page, 'This link is old');
      await noForm(old.page);
    } finally {
      await old.context.close();
    }

    // The server cannot be reached.
    await eve.page.goto(`${server.url}friends/`);
    await eve.page.evaluate((port) => localStorage.setItem('bj.friends.signal', `ws://127.0.0.1:${port}`), await freePort());
    await eve.page.goto('about:blank');
    await eve.page.goto(link);
    await notice(eve.page, 'This page could not reach the table');
    await noForm(eve.page);
    for (const b of [ann, sam, eve]) assert.deepEqual(b.problems.consoleErrors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e)), []);
  } finally {
    for (const b of [ann, sam, eve]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
