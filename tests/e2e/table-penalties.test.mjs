// Penalties a player understands, at the shedding table (issue 37, items 4 to 7): the clock's first
// note lies over the felt on a phone's first screen and any move closes it; a tap in flight as
// the ring runs out costs one penalty (none within the grace), never a second for "out of turn";
// a call-out shown to be false reads "cards returned" on its seat; table talk that costs a card
// says so before it is said. Time at the table is the browser's fake clock where it matters
// (`page.clock`): the test moves it on itself, so nothing here waits on the machine's speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, PHONE } from './harness.mjs';

const logText = (page) => page.getByRole('list', { name: 'Game log' }).innerText();
const hand = (page) => page.getByRole('list', { name: 'Your hand' }).getByRole('button');
/** Taylor's clock (2 s) and the grace after it (CLOCK_GRACE_MS), in ms. */
const CLOCK = 2000;
const GRACE = 300;

test('on a phone the clock\'s first note is over the felt on the first screen, the table shows it is paused, and a move closes it; table talk that costs a card says so first', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await page.goto(`${server.url}#table=taylor.3.normal.77`);
    const note = page.getByRole('note').filter({ hasText: 'Quick play' });
    await note.waitFor();
    const inView = async (locator) => {
      const box = await locator.boundingBox();
      return box && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    assert.ok(await inView(note), `the note is on the first screen: ${JSON.stringify(await note.boundingBox())}`);
    assert.ok(await inView(hand(page).first()), 'and so is the hand under it');
    assert.match(await note.innerText(), /^Paused\./);
    assert.equal(await page.locator('.felt.paused').count(), 1, 'the felt looks paused');
    // Any move closes it (a word of free talk here: it is a bot's turn), and the clock starts.
    const dealt = await logText(page);
    await page.getByRole('button', { name: 'Well played', exact: true }).click();
    await note.waitFor({ state: 'detached' });
    assert.equal(await page.locator('.felt.paused').count(), 0);
    assert.match(await logText(page), /You: "Well played"/);
    assert.notEqual(await logText(page), dealt);
    // "Sorry!" costs a card under Taylor's rules: it sits in a group of its own that says so,
    // and the first tap explains instead of saying it; the second says it, and costs the card.
    const talk = page.getByRole('group', { name: 'Table talk: each costs 1 card' });
    assert.equal(await talk.getByRole('button', { name: 'Sorry!', exact: true }).count(), 1);
    assert.equal(await page.getByRole('group', { name: 'Say', exact: true }).getByRole('button', { name: 'Sorry!' }).count(), 0);
    await talk.getByRole('button', { name: 'Sorry!', exact: true }).click();
    const tip = page.getByRole('note').filter({ hasText: 'Table talk' });
    await tip.waitFor();
    assert.match(await tip.innerText(), /costs 1 card/);
    assert.doesNotMatch(await logText(page), /You: "Sorry!"/, 'the first tap said nothing');
    await talk.getByRole('button', { name: 'Sorry!', exact: true }).click();
    await page.getByRole('list', { name: 'Game log' }).getByText('You pick up 1 card (table talk).').waitFor();
    await tip.waitFor({ state: 'detached' });
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

/** Moves the fake clock on until it is the player's turn with nothing laid yet (the bots move
 * only as it moves). */
async function untilMyTurn(page) {
  for (let i = 0; i < 400; i++) {
    const mine = await page.locator('.turn.mine').count();
    const fresh = (await page.locator('.laid-so-far').count()) === 0;
    const suits = await page.getByRole('group', { name: 'Name a suit' }).count();
    if (mine && fresh && !suits) return;
    if (mine && suits) await page.getByRole('group', { name: 'Name a suit' }).getByRole('button').first().click();
    else if (mine && (await page.getByRole('button', { name: 'Finished' }).count())) await page.getByRole('button', { name: 'Finished' }).click();
    else await page.clock.runFor(250);
  }
  throw new Error('the player never had a turn');
}

/** A tap on `selector` (a button of the table) whose press begins now and whose click lands
 * after the fake clock has moved on `ms`: a tap in flight. The click goes to the same element,
 * as a finger's does when the element under it stays. */
async function tapInFlight(page, selector, ms) {
  await page.evaluate((s) => {
    window.__pressed = document.querySelector(s);
    window.__pressed.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true }));
  }, selector);
  await page.clock.runFor(ms);
  await page.evaluate(() => window.__pressed.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 })));
}

test('a tap in flight as the ring runs out is played within the grace, and after it costs one penalty, never a second for "out of turn"', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.goto(`${server.url}#table=taylor.3.normal.4242`);
    const note = page.getByRole('note').filter({ hasText: 'Quick play' });
    await note.waitFor();
    // Nothing runs while the note is open: the fake clock goes in now, and from Got it on the
    // bots and the player's clock run on it alone.
    await page.clock.install();
    // Installed, the fake clock still flows; paused, it moves only as the test moves it.
    await page.clock.pauseAt(Date.now() + 5_000);
    await note.getByRole('button', { name: 'Got it' }).click();
    await note.waitFor({ state: 'detached' });

    // Within the grace: the ring has run out (2 s) but the tap lands 100 ms into the grace:
    // it is played, and nobody is too slow.
    await untilMyTurn(page);
    const playable = await page.locator('.hand-card.playable').count();
    const target = playable ? '.hand-card.playable' : '.controls [data-act^="d."]';
    const before = await logText(page);
    await tapInFlight(page, target, CLOCK + 100);
    // Polled from here: the page's own timers and frames are the fake clock's.
    let within = before;
    for (let i = 0; i < 100 && within === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      within = await logText(page);
    }
    assert.doesNotMatch(within, /too slow/, 'a tap within the grace is in time');
    assert.match(within, playable ? /You play the / : /You pick up 1 card\./);

    // After the grace: the clock's timeout lands first, then the tap, stamped with the turn that
    // timed out. One penalty (too slow), the card is not played, and the banner says so.
    await untilMyTurn(page);
    const held = await hand(page).count();
    await tapInFlight(page, '.hand-card', CLOCK + GRACE + 50);
    const banner = page.getByRole('status').filter({ hasText: /^Too late/ });
    await banner.waitFor();
    assert.match(await banner.innerText(), /not played/);
    assert.match(await banner.innerText(), /Too slow: you pick up 1 card\./);
    assert.equal(await hand(page).count(), held + 1, 'one card for being too slow, and no more');
    const after = await logText(page);
    assert.match(after, /You pick up 1 card \(too slow\)\./);
    assert.doesNotMatch(after, /You play out of turn|played out of turn/);
    assert.equal(await page.locator('.seat.me .act').innerText(), '+1: too slow');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a call-out shown to be false reads "cards returned" on its seat, and the log says who pays', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // Pass-and-play: the person whose screen it is calls the other person out though they hold
    // many cards, and the one called out disputes it from the caller's screen. The bot (Sam)
    // waits: the fake clock stands still. Who starts is the deal's: Player 1 (seat 0) or Jo
    // (seat 2), so the test reads whose screen comes first and takes the other as the target.
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Play Taylor Blackjack' }).click();
    await page.getByLabel('Players', { exact: true }).selectOption('3');
    await page.getByText(/^Seats: names, bots and people/).click();
    await page.getByLabel('Seat 3 name').fill('Jo');
    await page.getByLabel('Seat 3 name').dispatchEvent('change');
    await page.getByRole('combobox', { name: /^Seat 3\b/ }).selectOption('person');
    await page.getByRole('button', { name: 'Deal' }).click();
    const cover = page.getByRole('group', { name: 'Pass the screen' });
    await cover.waitFor();
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 5_000);
    // Each tap, then a moment of the page's time (20 ms: far less than a bot takes to move),
    // for the page to draw what it did.
    const tap = async (locator) => {
      await locator.click();
      await page.clock.runFor(20);
    };
    await tap(cover.getByRole('button', { name: /tap when ready/ }));
    // The clock's first note: any move would close it too.
    await tap(page.getByRole('note').filter({ hasText: 'Quick play' }).getByRole('button', { name: 'Got it' }));
    const mine = Number(await page.locator('.seat.me').getAttribute('data-seat'));
    assert.ok(mine === 0 || mine === 2, `a person's screen comes first, not the bot's: seat ${mine}`);
    const [caller, target, targetSeat] = mine === 0 ? ['Player 1', 'Jo', 2] : ['Jo', 'Player 1', 0];
    await tap(page.getByRole('button', { name: 'Call out' }));
    await tap(page.getByRole('button', { name: `${target} missed Last card` }));
    const called = page.locator(`.seat[data-seat="${targetSeat}"]`);
    await called.getByText('+7: no "Last card"').waitFor();
    await tap(page.getByRole('button', { name: `${target}: dispute ${caller}'s call-out` }));
    await called.getByText('7 cards returned').waitFor();
    assert.equal(await called.getByText('no "Last card"').count(), 0, `the seat no longer says ${target} paid 7`);
    assert.match(await page.locator(`.seat[data-seat="${mine}"]`).innerText(), /\+1: false call-out/);
    const log = await logText(page);
    assert.ok(
      log.includes(`${target} shows the call-out was false: the 7 cards go back to the stock, and ${caller} pays for the false call-out.`),
      log,
    );
    assert.ok(log.includes(`${caller} picks up 1 card (false call-out).`), log);
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
