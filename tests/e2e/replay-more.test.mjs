// The replay pages of UNO Blackjack (replay/uno/) and casino Blackjack (replay/casino/), issue 36
// section 2, in headless Chromium: an UNO game (a fixed deal: a save one round from its end)
// and a casino shoe (a fixed shuffle: one deck, no bots) are finished through their pages, each
// opens its replay from its results, which steps back and forth by keys and buttons, shows
// another seat's view and what was face down, and plays to the end by itself; each page lists
// its kept games; the replay links open in a fresh browser and broken ones get a notice.
// (Not yet: the screenshot matrix's checks, which find the tables' totals below the first screen
// under the replay's controls at every size.) Controls are found by role
// and accessible name; nothing waits on a wall-clock time but the bounded loops' stall checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, putSaves, stallWatch } from './harness.mjs';

const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

/** An UNO game against one bot, short queues, a fixed deal, saved at the start of its last
 * round (as tests/replay_uno.rs plays it: the player hits under 17). */
const UNO_SAVE = [
  'blackjack v1', 'players=2', 'level=normal', 'seats=person,normal', 'names=You,Sam', 'skip_zero=0',
  'pass_again=0', 'deal_back_in=0', 'latecomer=0', 'short=1', 'seed=2026',
  'log=v h0 h1 h0 h1 p0 h1 h1 h1 h1 v h1 h0 h1 p0 h1 p1 v h0 h1 p0 p1 v h1 h0 h1 h0 v h0 h1 p0 h1 p1 v h1 h0 h1 h0 h1 p0 h1',
  '',
].join('\n');

/** A one-deck casino shoe and no bots (a fixed shuffle), the player's opening bet placed. */
const CASINO_SAVE = 'blackjack v1\ndecks=1\nbots=0\nsurrender=0\nh17=0\nseed=974\nchips=100000\nlog=b3:500\n';

const tap = (locator) => locator.click({ timeout: 2_000 }).catch(() => {});

/** The replay's line for the step shown: "The deal: …", "Move 3 of 9: …". */
const now = (page) => page.locator('.replay-now').innerText();

/** Steps a replay by keys and buttons: a move forward and back, to the end and the deal. */
async function stepBackAndForth(page) {
  const moves = Number((await page.getByRole('slider', { name: /Move/ }).getAttribute('max')) ?? '0');
  assert.ok(moves >= 2, `a finished game has moves (${moves})`);
  assert.match(await now(page), /^The deal/);
  await page.keyboard.press('ArrowRight');
  await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByText(`Move 2 of ${moves}`, { exact: true }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
  await page.keyboard.press('End');
  await page.getByText(`Move ${moves} of ${moves}`, { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Forward one move' }).isDisabled(), true, 'nothing after the end');
  await page.keyboard.press('Home');
  await page.getByText('The deal', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Forward one move' }).click();
  await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Back one move' }).click();
  await page.getByText('The deal', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Back one move' }).isDisabled(), true, 'nothing before the deal');
  return moves;
}

/** Plays, at the quickest speed, to the end by itself. */
async function playToTheEnd(page, moves) {
  await page.getByLabel('Speed').selectOption({ label: 'Very quick' });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByText(`Move ${moves} of ${moves}`, { exact: true }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
}

let unoUrl;
let casinoUrl;

test('a finished UNO Blackjack game opens its replay, which steps back and forth', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await putSaves(page, server.url, { 'blackjack.settings': SETTINGS, 'blackjack.uno': UNO_SAVE });
    await page.goto(`${server.url}uno/`);
    await page.getByRole('list', { name: 'Game log' }).waitFor();
    const dialog = page.getByRole('dialog');
    const watch = stallWatch('the end of the UNO game');
    for (let i = 0; !(await dialog.count()); i++) {
      assert.ok(i < 3_000, 'the game ended');
      watch(await page.getByRole('list', { name: 'Game log' }).innerText().catch(() => ''));
      if (await page.getByText('Your turn: hit or pass?', { exact: true }).count()) {
        const total = Number(((await page.locator('.uno-player.me .total').innerText().catch(() => '')).match(/Total (\d+)/) || [0, 0])[1]);
        await tap(page.getByRole('button', { name: total < 17 ? 'Hit' : 'Pass', exact: true }));
      } else if (await page.getByRole('button', { name: /^Reveal( round \d+)?$/ }).count()) {
        await tap(page.getByRole('button', { name: /^Reveal( round \d+)?$/ }).first());
      }
      await page.waitForTimeout(50);
    }
    const winner = await dialog.getByRole('heading').innerText();
    await dialog.getByRole('link', { name: 'Replay', exact: true }).click();

    await page.getByRole('heading', { name: 'Replay: UNO Blackjack' }).waitFor();
    unoUrl = page.url();
    assert.match(unoUrl, /\/replay\/uno\/#replay=uno\.pn\.00001\.2026\/v_h0_/);
    // A replay is watched: the table's own moves are not offered.
    for (const name of ['Hit', 'Pass', 'Fast-forward']) {
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name} button in a replay`);
    }
    await page.keyboard.press('ArrowRight');
    await page.getByText(/^Move 1 of \d+$/).waitFor();
    const first = (await now(page)).split(': ').slice(1).join(': ');
    assert.ok((await page.getByRole('list', { name: 'Game log' }).innerText()).includes(first.split('. ')[0]),
      `the move is said as the log says it: ${first}`);
    await page.keyboard.press('Home');
    const moves = await stepBackAndForth(page);
    await page.keyboard.press('End');
    assert.equal(await page.getByRole('dialog').getByRole('heading').innerText(), winner, 'the end shows the result');
    await page.getByRole('button', { name: 'View table' }).click();
    await page.keyboard.press('Home');
    await page.getByText('The deal', { exact: true }).waitFor();

    // Sam's seat, and every queue face up.
    await page.getByLabel('Seen by').selectOption({ label: 'Sam' });
    await page.waitForFunction(() => document.querySelector('.uno-player.me .who')?.textContent === 'Sam');
    await page.getByLabel('Every queue face up').check();
    const every = page.getByRole('region', { name: 'Every queue' });
    assert.equal(await every.getByRole('listitem').count(), 2);
    assert.match(await every.getByRole('listitem').first().innerText(), /^You: 8 cards/);
    assert.deepEqual(await axeViolations(page), [], 'axe on the UNO replay');
    await playToTheEnd(page, moves);

    // The kept games: the UNO list.
    await page.goto(`${server.url}replay/uno/`);
    const kept = page.getByRole('list').getByRole('link', { name: /^UNO Blackjack · 2 players · \d+ moves$/ });
    await kept.first().waitFor();
    assert.equal(await kept.count(), 1, 'the finished game is kept once');
    await kept.click();
    await page.getByRole('heading', { name: 'Replay: UNO Blackjack' }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a finished casino shoe opens its replay, which steps back and forth', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await putSaves(page, server.url, { 'blackjack.settings': SETTINGS, 'blackjack.casino': CASINO_SAVE });
    await page.goto(`${server.url}tables/#casino`);
    const dialog = page.getByRole('dialog');
    const deal = page.getByRole('button', { name: 'Deal', exact: true });
    const watch = stallWatch('the end of the shoe');
    // The player stands on every hand and deals again until the shoe is out.
    for (let i = 0; !(await dialog.count()); i++) {
      assert.ok(i < 1_200, 'the shoe ended');
      watch(await page.getByRole('list', { name: 'Table log' }).innerText().catch(() => ''));
      if ((await page.locator('.status').innerText().catch(() => '')) === 'Your decision.') await page.keyboard.press('s');
      else if (await page.getByRole('button', { name: 'Continue' }).count()) await tap(page.getByRole('button', { name: 'Continue' }).first());
      else if (await deal.isEnabled().catch(() => false)) await tap(deal);
      await page.waitForTimeout(100);
    }
    await dialog.getByRole('link', { name: 'Replay', exact: true }).click();

    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    casinoUrl = page.url();
    assert.match(casinoUrl, /\/replay\/casino\/#replay=casino\.10010[0-9a-z]+\.100000\/d_/);
    assert.equal(await page.getByRole('button', { name: 'Deal', exact: true }).count(), 0, 'no Deal in a replay');
    const moves = await stepBackAndForth(page);
    // The first move is the deal: the player's cards and the dealer's up card on the felt, the
    // hole card face down until it is shown face up.
    await page.keyboard.press('ArrowRight');
    await page.getByText(`Move 1 of ${moves}`, { exact: true }).waitFor();
    const dealer = page.getByRole('group', { name: 'Dealer' });
    assert.ok((await dealer.innerText()).includes('Face-down card'), 'the hole card is face down');
    await page.getByLabel("The dealer's cards face up").check();
    const faceUp = page.getByRole('region', { name: "The dealer's cards" }).getByRole('img');
    assert.equal((await faceUp.getAttribute('aria-label')).split(', ').length, 2, 'both dealer cards face up');
    assert.deepEqual(await axeViolations(page), [], 'axe on the casino replay');
    await playToTheEnd(page, moves);

    await page.goto(`${server.url}replay/casino/`);
    const kept = page.getByRole('list').getByRole('link', { name: /^Casino Blackjack · 1 decks · \d+ moves$/ });
    await kept.first().waitFor();
    assert.equal(await kept.count(), 1, 'the finished shoe is kept once');
    await kept.click();
    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('UNO and casino replay links open in a fresh browser; broken ones get a notice', { timeout: 120_000 }, async () => {
  assert.ok(unoUrl && casinoUrl, 'the first tests made replay links');
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    const uno = new URL(unoUrl).hash;
    const casino = new URL(casinoUrl).hash;
    await page.goto(`${server.url}replay/uno/${uno}`);
    await page.getByRole('heading', { name: 'Replay: UNO Blackjack' }).waitFor();
    await page.keyboard.press('End');
    await page.getByRole('dialog').getByText(/win/).waitFor();
    await page.goto('about:blank');
    await page.goto(`${server.url}replay/casino/${casino}`);
    await page.getByRole('heading', { name: 'Replay: Casino Blackjack' }).waitFor();
    await page.keyboard.press('End');
    await page.getByText(/^Move (\d+) of \1$/).waitFor();

    const broken = [
      ['uno', uno.slice(0, uno.lastIndexOf('_')), /not finished/],
      ['uno', uno.replace('/', '/zz_'), /Move 1 of it cannot be read/],
      ['uno', uno.replace('/v_', '/v_v_'), /Move 2 of it breaks the rules/],
      ['uno', `#replay=uno.${'p'.repeat(300_000)}`, /far too long/],
      ['casino', casino.slice(0, casino.lastIndexOf('_')), /not finished/],
      ['casino', casino.replace('casino.1', 'casino.9'), /cannot be dealt/],
      ['casino', casino.replace('/', '/zz_'), /Move 1 of it cannot be read/],
    ];
    for (const [family, hash, why] of broken) {
      await page.goto('about:blank');
      await page.goto(`${server.url}replay/${family}/${hash}`);
      const notice = page.getByText(/^This replay cannot be shown\./);
      await notice.waitFor();
      assert.match(await notice.innerText(), why, hash.slice(0, 60));
      assert.equal(await page.getByRole('heading', { name: /^Replay:/ }).count(), 0);
    }
    // With no game kept in this browser, the list says how games get there.
    assert.equal(await page.getByText(/No finished games yet/).count(), 1);
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
