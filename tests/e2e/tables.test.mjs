// The second page in real headless Chromium: casino rounds through the page with the trainer,
// the chart and a reload that resumes the table; a whole UNO Blackjack game against a bot.
// Everything by role and name, as a screen-reader user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, stallWatch, fixedRandom, PHONE } from './harness.mjs';

const gameLog = (page) => page.getByRole('list', { name: 'Game log' }).innerText().catch(() => '');
/** The UNO round the table shows ("Round 2 · …"; 0 before the first reveal). */
const roundNow = async (page) => Number(((await page.locator('.round-info').innerText().catch(() => '')).match(/Round (\d+)/) || [0, 0])[1]);

const chips = async (page) => (await page.locator('.bankroll').innerText()).trim();

/** The casino hand is over: its results are on the felt and Deal is back (no dialog). */
const handOver = async (page) => (await page.locator('.status').innerText().catch(() => '')) === 'Hand over.';

/** Plays the player's part of one casino round: insurance declined, hit below 12, stand above. */
async function playRound(page) {
  await page.getByRole('button', { name: 'Deal' }).click();
  const watch = stallWatch('the round', 30_000);
  while (!(await handOver(page))) {
    watch(await page.locator('main').innerText().catch(() => ''));
    if (await page.getByRole('button', { name: 'No insurance' }).count()) {
      await page.getByRole('button', { name: 'No insurance' }).click();
    } else if (await page.getByText('Your decision.').count()) {
      const total = await page.locator('.spot.me .bj-hand.current .total').innerText().catch(() => '');
      const best = Math.max(...(total.match(/\d+/g) || ['0']).map(Number).filter((n) => n <= 21));
      await page.getByRole('button', { name: best < 12 ? 'Hit' : 'Stand', exact: true }).click();
    }
    await page.waitForTimeout(100);
  }
}

test('casino: several rounds through the page, the trainer, the chart, a reload resumes', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Play Casino Blackjack' }).click();
    await page.getByLabel('Other players (bots)').selectOption('2');
    assert.deepEqual(await axeViolations(page), [], 'axe on the casino setup');
    await page.getByRole('button', { name: 'Sit down' }).click();
    await page.getByRole('region', { name: 'Casino table' }).waitFor();
    assert.match(await chips(page), /^Chips: \$/);

    // A decision with the hint open: the trainer lists the values, then judges the play.
    let judged = false;
    for (let round = 0; round < 5; round++) {
      if (!judged) {
        await page.getByRole('button', { name: 'Deal' }).click();
        const watch = stallWatch('the round', 30_000);
        while (!(await handOver(page))) {
          watch(await page.locator('main').innerText().catch(() => ''));
          if (await page.getByRole('button', { name: 'No insurance' }).count()) await page.getByRole('button', { name: 'No insurance' }).click();
          if (await page.getByText('Your decision.').count()) {
            await page.getByRole('button', { name: 'Hint' }).click();
            await page.getByRole('table', { name: /Expected value of each play/ }).waitFor();
            assert.deepEqual(await axeViolations(page), [], 'axe with the trainer open');
            await page.getByRole('button', { name: 'Stand', exact: true }).click();
            judged = true;
          }
          await page.waitForTimeout(100);
        }
        if (judged) assert.match(await page.locator('.verdict').innerText(), /^Stand with (hard|soft|a pair)/);
      } else {
        await playRound(page);
      }
      const log = await page.getByRole('list', { name: 'Table log' }).innerText();
      // Every round settles in the log: a hand's result, or the player's blackjack, which is paid
      // at once and never settled again (two bots sit at spots 2 and 4: Cy and Di).
      assert.match(log, /(You|Cy|Di): (win|lose|push|bust|blackjack|surrender)|Blackjack! You win/i);
      // No dialog: the next hand is dealt from the felt (a shoe's end would open one).
      assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after a hand');
    }
    assert.ok(judged, 'the player had at least one decision in five rounds');
    assert.match(await page.locator('.session').innerText(), /Trainer: [1-9]\d* decisions?, \d+ right plays?[.;]/);

    // The shoe shows its cut card, the count can be shown, and the chart is computed for these rules.
    await page.getByLabel('Show the count').check();
    assert.match(await page.locator('.count').innerText(), /Running count [+-]\d+ · true count [+-]\d+\.\d/);
    // Any system of the trainer's: KO starts a six-deck shoe at -20 and counts the sevens (24
    // in the shoe) as Hi-Lo counts its low cards.
    const hiLo = Number((await page.locator('.count').innerText()).match(/Running count ([+-]\d+)/)[1]);
    await page.getByLabel('Count system').selectOption('ko');
    const ko = Number((await page.locator('.count').innerText()).match(/Running count ([+-]\d+)/)[1]);
    assert.ok(ko >= -20 + hiLo && ko <= -20 + hiLo + 24, `KO ${ko} beside Hi-Lo ${hiLo}`);
    // KO is read by its running count alone, against its key count and its pivot (+4 whatever
    // the decks), not divided into a true count.
    assert.match(await page.locator('.count').innerText(), /^Running count [+-]\d+ · key count [+-]\d+ · pivot \+4$/);
    await page.getByText('Strategy chart for these rules').click();
    const chart = page.getByRole('table', { name: /S stand/ });
    await chart.waitFor({ timeout: 30_000 });
    const row16 = await chart.getByRole('row', { name: /^Hard 16/ }).innerText();
    assert.match(row16, /^Hard 16\s+S\s+S\s+S\s+S\s+S\s+H\s+H\s+H\s+H\s+H$/, 'stand 16 v 2-6, hit v 7-A (no surrender)');
    assert.match(await chart.getByRole('row', { name: /^8,8/ }).innerText(), /^8,8(\s+P){10}$/, 'always split eights');
    await screenshot(page, 'casino-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'casino-phone');

    // A reload in the middle of a round resumes the same table and chips. Each side is read
    // where nothing moves (the player's own question, or the hand over): the bots play on
    // their clock, and a bot's move between a read and the reload would differ by chance.
    const still = async () => {
      const status = await page.locator('.status').innerText().catch(() => '');
      return /^(Your decision\.|Hand over\.)$|insurance\?$/.test(status);
    };
    const stillNow = async () => {
      const watch = stallWatch('the table coming to the player', 30_000);
      while (!(await still())) {
        watch(await page.locator('main').innerText().catch(() => ''));
        await page.waitForTimeout(100);
      }
    };
    await page.getByRole('button', { name: 'Deal' }).click();
    await stillNow();
    const before = await page.getByRole('list', { name: 'Players' }).innerText();
    const money = await chips(page);
    await page.reload();
    await page.getByRole('region', { name: 'Casino table' }).waitFor();
    await stillNow();
    assert.equal(await chips(page), money);
    assert.equal(await page.getByRole('list', { name: 'Players' }).innerText(), before);
    // The count stays shown, in the system chosen.
    assert.equal(await page.getByLabel('Count system').inputValue(), 'ko');
    assert.match(await page.locator('.count').innerText(), /^Running count [+-]\d+ · key count/);
    assert.deepEqual(await axeViolations(page), [], 'axe on the casino table');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
    assert.deepEqual(problems.foreignRequests, [], 'requests leaving 127.0.0.1');
  } finally {
    await context.close();
    await server.close();
  }
});

test('UNO Blackjack: a whole game against a bot, through the page', { timeout: 420_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // The same deal every run: a game's length is its deal's (one took 40 s, another 132 s),
    // and a long enough one would outlast the test's limit by chance. This one takes 55 s.
    await fixedRandom(page, 7);
    await page.goto(`${server.url}uno/`);
    await page.getByLabel('Players (you and bots)').selectOption('2');
    assert.deepEqual(await axeViolations(page), [], 'axe on the UNO setup');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
    let reloaded = false;
    let rounds = 0;
    let last = 0;
    // No budget for the whole game (its length is the deal's), only for a table that hangs.
    const watch = stallWatch('the UNO game');
    // Every round is revealed by itself: the player only hits and passes.
    while (!(await page.getByText(/^Game over\./).count())) {
      watch(await gameLog(page));
      const now = await roundNow(page);
      if (now > last) {
        rounds += now - last;
        last = now;
        if (rounds === 1) {
          await page.getByRole('list', { name: 'Game log' }).getByText(/(You flip|Sam flips) /).first().waitFor();
          assert.deepEqual(await axeViolations(page), [], 'axe on the UNO table');
          await screenshot(page, 'uno-desktop');
        }
      }
      if (await page.getByText('Your turn: hit or pass?').count()) {
        // Nothing moves while the player decides: a reload there resumes the same position.
        if (rounds >= 2 && !reloaded) {
          const before = await page.getByRole('list', { name: 'Players' }).innerText();
          await page.reload();
          await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
          assert.equal(await page.getByRole('list', { name: 'Players' }).innerText(), before, 'a reload resumes the same position');
          reloaded = true;
          continue;
        }
        const total = Number(((await page.locator('.uno-player.me .total').innerText()).match(/Total (\d+)/) || [0, 0])[1]);
        await page.getByRole('button', { name: total < 17 ? 'Hit' : 'Pass', exact: true }).click().catch(() => {});
      }
      await page.waitForTimeout(80);
    }
    assert.ok(rounds >= 2, `played ${rounds} rounds`);
    assert.match(await page.getByRole('list', { name: 'Game log' }).innerText(), /Game over: (You win|Sam wins)/);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
    assert.deepEqual(problems.foreignRequests, [], 'requests leaving 127.0.0.1');
  } finally {
    await context.close();
    await server.close();
  }
});

test('UNO Blackjack: round results on the table, keys work, once out Fast-forward plays to the end, Play again deals anew', { timeout: 300_000 }, async (t) => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    // The same deal every run: how soon the player is out is the deal's, not chance's.
    await fixedRandom(page, 9303);
    await page.goto(`${server.url}uno/`);
    await page.getByLabel('Players (you and bots)').selectOption('4');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
    // The longest pause before each round, kept in the settings: the Reveal button beats it.
    await page.getByLabel('Pause before each round').selectOption('100');
    assert.match(await page.evaluate(() => localStorage.getItem('blackjack.settings')), /\nreveal=100\n/);
    const me = page.locator('.uno-player.me');
    const cardsOnFelt = () => page.locator('.uno-felt .stack .uno-card').count();
    let roundChecked = false;
    const watch = stallWatch('the player going out');
    // Always hit, from the keyboard (focus stays on the table): the player soon runs out of cards.
    while (!(await me.locator('.tag', { hasText: /^out$/ }).count())) {
      watch(await gameLog(page));
      const result = page.locator('.round-result');
      if (await result.count()) {
        if (!roundChecked) {
          // The round's result is on the table (no dialog), the stacks still on the felt, and
          // the next round is a tap away (or comes by itself: see the twenty-round test).
          assert.match(await result.innerText(), /round \d+/);
          assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog between rounds');
          assert.ok((await cardsOnFelt()) > 0, 'the stacks stay on the table after the reward');
          assert.deepEqual(await axeViolations(page), [], 'axe on the table after a round');
          roundChecked = true;
          // The button goes on at once, well inside the longest pause (chosen above).
          const round = await roundNow(page);
          await page.getByRole('button', { name: /^Reveal round \d+$/ }).click();
          await page.waitForFunction((r) => Number((document.querySelector('.round-info')?.textContent.match(/Round (\d+)/) || [0, 0])[1]) > r,
            round, { timeout: 8_000 });
        }
      } else if (await page.getByRole('button', { name: 'Reveal', exact: true }).count()) {
        await page.keyboard.press('r');
      } else if (await page.getByText('Your turn: hit or pass?').count()) {
        // The turn came back: the focus is on a control the player can use, not left behind.
        assert.ok(await page.evaluate(() => {
          const a = document.activeElement;
          return a.tagName === 'BUTTON' && !a.disabled && a.closest('[aria-label="Your controls"]') !== null;
        }), 'focus is on a usable control on the player\'s turn');
        await page.keyboard.press('h');
      } else if (await page.getByRole('button', { name: 'Fast-forward' }).count()) {
        // (It plays in chunks, a frame apart, and goes when the round ends: maybe before the click.)
        await page.getByRole('button', { name: 'Fast-forward' }).click({ timeout: 2_000 }).catch(() => {});
      }
      await page.waitForTimeout(60);
    }
    assert.ok(roundChecked, 'at least one round ended with the player in it');
    const endedAsIWentOut = (await page.getByText(/^Game over\./).count()) > 0;
    t.diagnostic(endedAsIWentOut ? 'the game ended in the round the player went out' : 'out with bots still playing: fast-forward');
    if (!endedAsIWentOut) {
      // Out while the bots play on: Hit and Pass say they are unavailable; Fast-forward and Leave are offered.
      assert.equal(await page.getByRole('button', { name: 'Hit', exact: true }).getAttribute('aria-disabled'), 'true');
      assert.equal(await page.getByRole('button', { name: 'Pass', exact: true }).getAttribute('aria-disabled'), 'true');
      assert.ok(await page.getByRole('button', { name: 'Leave' }).isVisible());
      await page.getByRole('button', { name: 'Fast-forward' }).click();
      // Only a hang bound: how many chunks the end takes depends on the machine's pace
      // (uno-forward.test.mjs checks the chunks themselves).
      await page.getByText(/^Game over\./).waitFor({ timeout: 60_000 });
    }
    const end = page.getByRole('dialog');
    await end.waitFor();
    assert.match(await end.getByRole('heading').innerText(), /(wins|share the win)$/);
    assert.equal(await end.getByRole('row').count(), 5);
    assert.deepEqual(await axeViolations(page), [], 'axe on the end screen');
    await end.getByRole('button', { name: 'Play again' }).click();
    await page.getByRole('button', { name: 'Reveal', exact: true }).waitFor();
    assert.deepEqual(await page.locator('.uno-player .count').allInnerTexts(), ['15', '15', '15', '15'], 'a new deal at the same table');
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('UNO Blackjack: twenty rounds go by with no click at all, the first too (the result shows, then the next round comes)', { timeout: 400_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await page.goto(`${server.url}uno/`);
    await page.getByLabel('Players (you and bots)').selectOption('2');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
    let rounds = 0;
    let last = await roundNow(page);
    let results = 0;
    const watch = stallWatch('twenty rounds by themselves');
    while (rounds < 20) {
      watch(`${rounds} ${await gameLog(page)}`);
      // The player's own decisions only: pass at once (a short round); never Reveal.
      if (await page.getByText('Your turn: hit or pass?').count()) await page.keyboard.press('p');
      if (await page.locator('.round-result').count()) results += 1;
      const end = page.getByRole('dialog');
      if (await end.count()) {
        // Only the game's end opens a dialog: a new game, and on.
        assert.match(await end.getByRole('heading').innerText(), /(win!|wins|share the win)$/);
        await end.getByRole('button', { name: 'Play again' }).click();
        last = await roundNow(page);
        continue;
      }
      const now = await roundNow(page);
      if (now > last) rounds += now - last;
      last = now;
      await page.waitForTimeout(150);
    }
    assert.ok(results > 0, 'the rounds\' results were shown on the table');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
