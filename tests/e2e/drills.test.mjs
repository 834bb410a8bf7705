// The casino drills page (drills/) as a player meets it, in headless Chromium: each of the four
// drills answered right and wrong from the keyboard, the score, streak and weakest hands checked
// against the verdicts, the cards drawn as the tables draw them, the index plays as a table (the
// Illustrious 18 and Fab 4 asked while the worker finds the rest), the first question of every
// drill timed, the record kept over a reload, and a broken save set aside with a notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, putSaves, fixedRandom } from './harness.mjs';

const score = async (page) => (await page.locator('.drill .score').innerText()).trim();
const scoreOf = (right, wrong, streak, best) => `Right ${right} · wrong ${wrong} · streak ${streak} · best streak ${best}`;
const verdict = async (page) => (await page.locator('.verdict').innerText()).trim();

/** Keeps a player's tally: each verdict moves it the way the page's score must move. */
function tally() {
  const t = { right: 0, wrong: 0, streak: 0, best: 0 };
  t.add = (ok) => {
    if (ok) { t.right++; t.streak++; t.best = Math.max(t.best, t.streak); } else { t.wrong++; t.streak = 0; }
    return scoreOf(t.right, t.wrong, t.streak, t.best);
  };
  return t;
}

/** Points of a card as data-card names it ("QS" → 10, "AH" → 1). */
const points = (c) => { const r = c.slice(0, -1); return r === 'A' ? 1 : ['J', 'Q', 'K'].includes(r) ? 10 : Number(r); };
const hiLo = (c) => { const p = points(c); return p >= 2 && p <= 6 ? 1 : p === 1 || p === 10 ? -1 : 0; };

async function open(page, server, saves = {}) {
  await putSaves(page, server.url, saves);
  await page.goto(`${server.url}drills/`);
  await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
}

test('drills: strategy flashcards scored from the keyboard, with the values of every play and the weakest hands', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // The same questions every run: with random ones the three hands of known play below
    // were missing from the 60 questions about one run in 900.
    await fixedRandom(page, 3702);
    await open(page, server);
    assert.deepEqual(await axeViolations(page), [], 'axe on the drills list');
    await page.keyboard.press('1');
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.equal(await score(page), scoreOf(0, 0, 0, 0));
    // The cards are the tables' SVG cards from the sprite, each named for a screen reader.
    const names = await page.locator('.question .pc[role="img"]').evaluateAll((es) => es.map((e) => e.getAttribute('aria-label')));
    assert.equal(names.length, 3, names.join('; '));
    assert.ok(names.every((n) => /^(Ace|Jack|Queen|King|\d+) of (hearts|diamonds|clubs|spades)$/.test(n)), names.join('; '));
    const hrefs = await page.locator('.question svg.card use').evaluateAll((es) => es.map((e) => e.getAttribute('href')));
    assert.ok(hrefs.length === 3 && hrefs.every((h) => /^\.\.\/cards\.svg#\w+$/.test(h)), hrefs.join('; '));
    const t = tally();
    let knownRight = 0, knownWrong = 0;
    for (let i = 0; i < 60 && (knownRight < 2 || knownWrong < 1 || i < 4); i++) {
      const cards = await page.locator('.question [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
      const [a, b] = cards.slice(1).map(points);
      const hard = a + b, soft = (a === 1) !== (b === 1);
      // Hands whose play no rule of this table changes: hard 17 to 19 stand, hard 5 to 7 hit,
      // a pair of tens stands, aces split.
      let known = null;
      if (a === b && a === 10) known = 's';
      else if (a === b && a === 1) known = 'p';
      else if (!soft && a !== b && hard >= 17 && hard <= 19) known = 's';
      else if (!soft && a !== b && hard <= 7) known = 'h';
      let key = 's';
      if (known) {
        // The first known hand answered right, the next one wrong on purpose, then right again.
        const wrong = knownRight >= 1 && knownWrong === 0;
        key = wrong ? (known === 'h' ? 's' : 'h') : known;
      }
      await page.keyboard.press(key);
      const v = await verdict(page);
      const ok = v.startsWith('Right');
      if (known) {
        assert.equal(ok, key === known, `${cards}: ${v}`);
        if (ok) knownRight++; else knownWrong++;
      }
      assert.equal(await score(page), t.add(ok), `after ${cards}: ${v}`);
      // Every play's value, the best first: the verdict's play.
      const rows = await page.getByRole('table', { name: /Expected value of each play/ }).getByRole('row').allInnerTexts();
      assert.ok(rows.length >= 2 && rows.some((r) => r.startsWith('Stand')) && rows.some((r) => r.startsWith('Hit')), rows.join('; '));
      const best = rows[0].split(/\s/)[0];
      assert.ok(v.includes(`${best}`), `${v} names ${best}`);
      if (!ok) assert.match(await page.locator('.weakest').innerText(), /missed \d+ of \d+/);
      await page.keyboard.press('Enter');
    }
    assert.ok(knownRight >= 2 && knownWrong >= 1, `known hands: ${knownRight} right, ${knownWrong} wrong`);
    assert.deepEqual(await axeViolations(page), [], 'axe on a flashcard');
    // The record outlives the page.
    const before = await score(page);
    await page.reload();
    // The keys are the app's once it has mounted: wait for its list before pressing one.
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.equal(await score(page), before);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('drills: the running count flashes, and the count typed is scored', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    await page.getByLabel('Pace of the cards').selectOption('300');
    await page.getByLabel('Cards a round').selectOption('10');
    await page.getByLabel('Cards at a time').selectOption('2');
    await page.keyboard.press('2');
    await page.getByRole('heading', { name: 'Running count' }).waitFor();
    const t = tally();
    for (const wrong of [false, true]) {
      // Every card that flashes is written down, as a player counts it.
      await page.evaluate(() => {
        window.flashes = {};
        window.watch = new MutationObserver(() => {
          const flash = document.querySelector('.flash');
          const cards = [...(flash?.querySelectorAll('[data-card]') || [])].map((e) => e.dataset.card);
          if (flash && cards.length) window.flashes[flash.dataset.shown] = cards;
        });
        window.watch.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      });
      await page.keyboard.press('Enter');
      const input = page.getByLabel('The running count');
      await input.waitFor({ timeout: 20_000 });
      const seen = await page.evaluate(() => Object.keys(window.flashes).sort((a, b) => a - b).flatMap((k) => window.flashes[k]));
      assert.equal(seen.length, 10, `ten cards flashed, two at a time: ${seen}`);
      const count = seen.map(hiLo).reduce((a, b) => a + b, 0) + (wrong ? 1 : 0);
      assert.ok(await page.evaluate(() => document.activeElement?.id === 'count-answer'), 'the answer field has focus');
      await page.keyboard.type(String(count));
      await page.keyboard.press('Enter');
      const v = await verdict(page);
      assert.equal(v.startsWith('Right'), !wrong, v);
      assert.equal(await score(page), t.add(!wrong));
      const shown = await page.locator('.cards-were [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
      assert.deepEqual(shown, seen, 'the cards are shown again after the answer');
      await page.evaluate(() => window.watch.disconnect());
    }
    assert.match(await page.locator('.weakest').innerText(), /2 at a time, 0\.3 s: missed 1 of 2/);
    assert.deepEqual(await axeViolations(page), [], 'axe after a round');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

// The stopwatch is the page's (the browser's clock): under Playwright's fake clock, a deck
// turned at the player's own pace takes exactly the time the test lets pass, the count checks
// along the way left out, and the pace is held to the player's target.
test('drills: the running count at your own pace, timed by the stopwatch against a target, with count checks', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await page.clock.install();
    await open(page, server);
    await page.getByLabel('Pace of the cards').selectOption('0');
    await page.getByLabel('Cards a round').selectOption('52');
    await page.getByLabel('Speed target').selectOption('25');
    await page.getByLabel('Count checks').check();
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('2');
    await page.getByRole('heading', { name: 'Running count' }).waitFor();
    const t = tally();
    // A deck at 460 ms a card (23.9 s: within 25 s), then at 600 ms (31.2 s: slower).
    for (const [ms, within] of [[460, true], [600, false]]) {
      const now = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(now + 1000);
      await page.keyboard.press('Enter');
      // The first card comes by itself (a timer of no delay, set once the round is drawn), the
      // rest by the player's key.
      await page.locator('.flash[data-shown="0"]').waitFor();
      await page.clock.runFor(1);
      await page.locator('.flash [data-card]').first().waitFor();
      const seen = [], events = [];
      for (let i = 0; i < 60 && seen.length < 52; i++) {
        if (await page.locator('#check-answer').count()) {
          // A count check: the count so far, typed 5 s later (not on the stopwatch).
          events.push(`check after ${seen.length}`);
          await page.clock.fastForward(5000);
          await page.locator('#check-answer').fill(String(seen.map(hiLo).reduce((a, b) => a + b, 0)));
          await page.keyboard.press('Enter');
          await page.locator('.check-verdict').waitFor();
          assert.match(await page.locator('.check-verdict').innerText(), /^Right/);
          t.add(true);
          await page.locator('.flash [data-card]').first().waitFor();
          continue;
        }
        const shown = await page.locator('.flash').getAttribute('data-shown');
        seen.push(...(await page.locator('.flash [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card))));
        await page.clock.fastForward(ms);
        await page.keyboard.press(' ');
        // The next card, a count check or the count asked at the end.
        await page.waitForFunction((s) => document.querySelector('.flash')?.dataset.shown !== s || document.querySelector('#check-answer'), shown);
      }
      assert.equal(seen.length, 52, `a deck turned: ${seen.length}`);
      assert.equal(events.length, 2, `two checks in a deck: ${events}`);
      console.log(`count checks: ${events.join(', ')}`);
      await page.getByLabel('The running count').fill(String(seen.map(hiLo).reduce((a, b) => a + b, 0)));
      await page.keyboard.press('Enter');
      assert.match(await verdict(page), /^Right/);
      assert.equal(await score(page), t.add(true));
      const watch = await page.locator('.stopwatch').innerText();
      const secs = ((ms * 52) / 1000).toFixed(1);
      assert.equal(watch, `52 cards in ${secs} s: a deck in ${secs} s. ${within ? 'Within' : 'Slower than'} your target of a deck in 25 s.`);
      assert.match(await page.locator('.checks').innerText(), /Count checks along the way: 2 of 2 right\./);
      await page.clock.resume();
    }
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

// The bet ramp drill: the player's own ramp entered, then bets graded against it (issue 38).
test('drills: bets graded against the ramp the player enters', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    await page.keyboard.press('6');
    await page.getByRole('heading', { name: 'Bet ramp' }).waitFor();
    await page.locator('.ramp-form summary').click();
    const ramp = [1, 1, 2, 4, 8, 12];
    for (const [i, units] of ramp.entries()) await page.locator(`#ramp-${i}`).fill(String(units));
    await page.getByRole('button', { name: 'Save the ramp' }).click();
    await page.locator('.ramp-form .formula', { hasText: 'Now: 1 at +1 or less, 1 at +2, 2 at +3, 4 at +4, 8 at +5, 12 at +6 or more.' }).waitFor();
    const t = tally();
    for (const wrong of [false, true, false]) {
      const count = Number((await page.locator('.true-count').innerText()).replace('True count ', ''));
      const bet = ramp[Math.min(Math.max(count, 1), 6) - 1];
      await page.locator('#bet-answer').fill(String(bet + (wrong ? 1 : 0)));
      await page.keyboard.press('Enter');
      const v = await verdict(page);
      assert.equal(v.startsWith('Right'), !wrong, `${count}: ${v}`);
      if (wrong) assert.equal(v, `Not quite: your ramp bets ${bet} at ${count >= 0 ? '+' : ''}${count}, not ${bet + 1}.`);
      assert.equal(await score(page), t.add(!wrong));
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('Enter');
    }
    // The ramp is kept with the record.
    await page.reload();
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    await page.keyboard.press('6');
    await page.getByRole('heading', { name: 'Bet ramp' }).waitFor();
    assert.equal(await page.locator('#ramp-5').inputValue(), '12');
    assert.equal(await score(page), scoreOf(2, 1, 1, 1));
    assert.deepEqual(await axeViolations(page), [], 'axe on the bet ramp');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('drills: the true count from a drawn discard tray, right and wrong', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    // Graded by one rounding, the player's: rounding down here.
    await page.getByLabel('True count rounding').selectOption('floor');
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('3');
    await page.getByRole('heading', { name: 'True count' }).waitFor();
    const t = tally();
    let dealt = 0, shoes = 0, convention = 0;
    // Trays from one shoe dealt down to its cut card (two thirds of six decks: 208 cards), so
    // a new shoe comes within 27 trays of 8 cards or more.
    for (let i = 0; i < 40 && (i < 4 || shoes < 2 || convention < 1); i++) {
      const wrong = i === 1;
      const tray = await page.evaluate(() => {
        const box = document.querySelector('.tray-box'), stack = document.querySelector('.tray-stack');
        return { decks: Number(box.dataset.decks), dealt: Number(stack.dataset.dealt), marks: document.querySelectorAll('.tray-mark').length,
          cut: document.querySelectorAll('.cut-card').length, fresh: !!document.querySelector('.new-shoe') };
      });
      assert.equal(tray.marks, 0, 'no deck marks unless asked for');
      assert.equal(tray.cut, 1, 'the cut card in the shoe');
      if (tray.fresh) shoes++; else assert.ok(tray.dealt > dealt, `the shoe goes down: ${dealt} then ${tray.dealt}`);
      dealt = tray.dealt;
      const halves = Math.max(1, Math.round(((tray.decks * 52 - tray.dealt) / 52) * 2));
      const running = Number((await page.locator('.running').innerText()).replace('−', '-'));
      const exact = running / (halves / 2);
      // Rounded down, and not cut toward zero: where the two differ, the other is wrong.
      const tc = Math.floor(exact + 1e-9);
      const other = Math.trunc(exact);
      const otherWay = !wrong && other !== tc && convention === 0;
      assert.ok(await page.evaluate(() => document.activeElement?.id === 'decks-left'), 'the first field has focus');
      await page.keyboard.type(String(halves / 2 + (wrong ? 2 : 0)));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(otherWay ? other : tc));
      await page.keyboard.press('Enter');
      const ok = !wrong && !otherWay;
      if (otherWay) convention++;
      if (i % 2 === 0) {
        // Every other tray, Enter for the next one the moment the verdict is on the page (the
        // answered fields, just disabled, may still hold focus then: that Enter was once lost).
        await page.locator('.verdict').waitFor({ state: 'attached' });
        await page.keyboard.press('Enter');
        await page.locator('.verdict').waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => assert.fail(`tray ${i}: the Enter pressed as the verdict was drawn was lost`));
        assert.equal(await score(page), t.add(ok));
        continue;
      }
      const v = await verdict(page);
      assert.equal(v.startsWith('Right'), ok, `${JSON.stringify(tray)} running ${running}: ${v}`);
      assert.equal(await score(page), t.add(ok));
      assert.match(await page.locator('.formula').innerText(), /running count ÷ decks left/);
      // The next tray by its button, and it is read only once the verdict has gone, when the
      // next tray is drawn.
      await page.getByRole('button', { name: /^Next tray/ }).click();
      await page.locator('.verdict').waitFor({ state: 'detached' });
    }
    assert.ok(shoes >= 2 && convention >= 1, `${shoes} shoes; ${convention} answers cut toward zero where that differs`);
    assert.match(await page.locator('.weakest').innerText(), /decks? left of 6: missed \d+ of/);
    assert.deepEqual(await axeViolations(page), [], 'axe on a tray');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('drills: the test mode, a round right then one wrong, with its score and streak kept', { timeout: 180_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // A fixed shoe: the page's random source fixed, so the rounds dealt are the same every run.
    await fixedRandom(page, 3801);
    await open(page, server);
    await page.keyboard.press('7');
    await page.getByRole('heading', { name: 'Test mode' }).waitFor();
    assert.equal(await score(page), scoreOf(0, 0, 0, 0));
    const ramp = [1, 2, 4, 6, 8, 10];
    const t = tally();
    let running = 0, wholeRounds = 0, wrongRounds = 0;
    // Counted by the test as a player counts: every card since the shuffle, across rounds (the
    // page shows a hand's cards again among the next round's). Hands whose play no count changes (hard 5 to 7 hit, hard 18 and 19
    // stand) are answered right; the first such round after one all right is answered with a
    // bet one unit off.
    for (let i = 0; i < 40 && (wholeRounds < 1 || wrongRounds < 1); i++) {
      const fresh = await page.locator('.new-shoe').count();
      if (fresh) running = 0;
      const seen = await page.locator('.test-cards [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
      running += seen.map(hiLo).reduce((a, b) => a + b, 0);
      const tray = await page.evaluate(() => ({
        decks: Number(document.querySelector('.tray-box').dataset.decks),
        dealt: Number(document.querySelector('.tray-stack').dataset.dealt),
      }));
      const halves = Math.max(1, Math.round(((tray.decks * 52 - tray.dealt) / 52) * 2));
      const tc = Math.trunc(running / (halves / 2) + (running >= 0 ? 1e-9 : -1e-9));
      const bet = ramp[Math.min(Math.max(tc, 1), 6) - 1];
      const hand = await page.locator('.question [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
      const [a, b] = hand.slice(1).map(points);
      const hard = a !== 1 && b !== 1 && a !== b ? a + b : 0;
      const known = hard >= 5 && hard <= 7 ? 'h' : hard >= 18 && hard <= 19 ? 's' : null;
      const wrong = known !== null && wholeRounds >= 1 && wrongRounds === 0;
      assert.ok(await page.evaluate(() => document.activeElement?.id === 'test-running'), 'the first field has focus');
      await page.keyboard.type(String(running));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(tc));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(bet + (wrong ? 1 : 0)));
      await page.keyboard.press('Enter');
      await page.getByRole('group', { name: 'Your play' }).waitFor();
      await page.keyboard.press(known ?? 's');
      const v = await verdict(page);
      const parts = await page.locator('.test-parts li').evaluateAll((es) => es.map((e) => e.className));
      assert.equal(parts.length, 4, v);
      assert.deepEqual(parts.slice(0, 2), ['right', 'right'], `running ${running}, true ${tc}: ${v}`);
      assert.equal(parts[2], wrong ? 'wrong' : 'right', `bet ${bet}: ${v}`);
      const ok = parts.every((c) => c === 'right');
      if (known) {
        assert.equal(parts[3], 'right', `${hand}: ${v}`);
        assert.equal(v.startsWith(wrong ? 'This round: 3 of 4.' : 'This round: 4 of 4, all right.'), true, v);
        if (wrong) wrongRounds++; else wholeRounds++;
      }
      assert.equal(await score(page), t.add(ok), `${hand}: ${v}`);
      await page.keyboard.press('Enter');
      await page.locator('.test-parts').waitFor({ state: 'detached' });
    }
    assert.ok(wholeRounds >= 1 && wrongRounds >= 1, `${wholeRounds} rounds all right, ${wrongRounds} answered wrong`);
    assert.equal(t.streak, 0, 'the wrong bet ended the streak');
    assert.ok(t.best >= 1);
    // The streak and best are kept with the record.
    await page.reload();
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    await page.keyboard.press('7');
    await page.getByRole('heading', { name: 'Test mode' }).waitFor();
    assert.equal(await score(page), scoreOf(t.right, t.wrong, t.streak, t.best));
    assert.deepEqual(await axeViolations(page), [], 'axe on the test mode');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

/**
 * The hands the deviations drill asks before the whole table is worked out: the Illustrious 18
 * and the Fab 4 (Schlesinger), each with the decision it is answered with (a hard total and its
 * surrender), as the drill names them ("hard 16 v 10", "surrender 16 v 10", "10,10 v 5").
 */
const FIRST_HANDS = new Set([
  ['insurance', 'A'], ['hard 16', '10'], ['hard 15', '10'], ['10,10', '5'], ['10,10', '6'], ['hard 10', '10'],
  ['hard 12', '3'], ['hard 12', '2'], ['hard 11', 'A'], ['hard 9', '2'], ['hard 10', 'A'], ['hard 9', '7'],
  ['hard 16', '9'], ['hard 13', '2'], ['hard 12', '4'], ['hard 12', '5'], ['hard 12', '6'], ['hard 13', '3'],
  ['hard 14', '10'], ['hard 15', '9'], ['hard 15', 'A'],
].flatMap(([hand, up]) => [`${hand} v ${up}`, `${hand.replace('hard', 'surrender')} v ${up}`]));

test('drills: deviations answered by the computed index plays, the first hands while the worker finds the rest', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    // The index plays are worked out in the drills' worker, which says how far it is: the share
    // done shows several values on its way, and the first question comes while it works.
    await page.evaluate(() => {
      window.shares = new Set();
      window.seen = [];
      const once = (what) => { if (!window.seen.some((w) => w.startsWith(what.split(' ')[0]))) window.seen.push(what); };
      // The questions on screen while the worker still works (the page says so): their cards.
      window.early = new Set();
      window.watchShares = new MutationObserver(() => {
        const working = document.querySelector('.working')?.textContent || '';
        const m = working.match(/(\d+)%/);
        if (m) window.shares.add(Number(m[1]));
        if (document.querySelector('.true-count')) {
          const early = working.startsWith('Asking the Illustrious 18');
          once(early ? 'question while working' : 'question');
          const cards = [...document.querySelectorAll('.question [data-card]')].map((e) => e.dataset.card);
          if (early) window.early.add(cards.length === 1 ? `insurance ${cards[0]}` : cards.join(' '));
        }
        if (document.querySelector('.index-table')) once('every play');
      });
      window.watchShares.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.press('4');
    await page.locator('.true-count').waitFor({ timeout: 60_000 });
    const shares = await page.evaluate(() => [...window.shares].sort((a, b) => a - b));
    assert.ok(shares.length >= 2 && shares.every((x) => x >= 0 && x < 100), `shares seen: ${shares}`);
    const t = tally();
    // Only the plays this table offers: no Surrender at a table without it; Insure and No
    // insurance only for insurance. A key for a play not offered is not an answer.
    const offered = async () => (await page.locator('.answers button').allInnerTexts()).map((b) => b.replace(/\s*\S+$/, ''));
    const keyOf = { Stand: 's', Hit: 'h', Double: 'd', Split: 'p', Surrender: 'r', Insure: 'i', 'No insurance': 'n' };
    // A question answered with the first play offered, while the worker still works.
    {
      const plays = await offered();
      assert.ok(!plays.includes('Surrender'), plays.join(', '));
      await page.keyboard.press('r');
      await page.keyboard.press(keyOf[plays[0]]);
      const v = await verdict(page);
      assert.ok(!v.includes('Surrender'), `Surrender is no answer here: ${v}`);
      const ok = v.startsWith('Right');
      assert.equal(await score(page), t.add(ok));
      await page.keyboard.press('Enter');
    }
    // Every computed index play as a table once the worker has them all, insurance included
    // (Hi-Lo insures from +3, published).
    await page.locator('.index-table summary').click({ timeout: 200_000 });
    // Each question now answered from the table: the play at the count shown (the side of the
    // highest index at or under it, or below the lowest), right once, then wrong on purpose.
    const rows = (await page.getByRole('table', { name: /at the index or above/ }).locator('tbody tr').allInnerTexts())
      .map((r) => r.trim().split('\t').map((x) => x.trim()));
    const name = (p) => (p === 1 ? 'A' : String(p));
    const handOf = (cards) => {
      if (cards.length === 1) return 'insurance';
      const [a, b] = cards.map(points);
      if (a === b) return `${name(a)},${name(b)}`;
      return a === 1 || b === 1 ? `soft ${a + b + 10}` : `hard ${a + b}`;
    };
    let right = 0, wrong = 0;
    for (let i = 0; i < 10 && (right < 1 || wrong < 1); i++) {
      const cards = await page.locator('.question [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
      const count = Number((await page.locator('.true-count').innerText()).replace('True count ', '').replace('−', '-'));
      const [up, hand] = [name(points(cards[0])), handOf(cards.slice(1).length ? cards.slice(1) : cards)];
      const mine = rows.filter((r) => r[0] === up && r[1] === hand).sort((x, y) => Number(x[2]) - Number(y[2]));
      assert.ok(mine.length >= 1, `${hand} v ${up}: asked from the table's plays`);
      const at = mine.filter((r) => count >= Number(r[2])).pop();
      const play = at ? at[3] : mine[0][4];
      const plays = await offered();
      assert.ok(plays.includes(play), `${play} offered: ${plays}`);
      const answer = right === 0 ? play : plays.find((p) => p !== play);
      await page.keyboard.press(keyOf[answer]);
      const v = await verdict(page);
      assert.equal(v.startsWith('Right'), answer === play, `${hand} v ${up} at ${count}, ${answer}: ${v}`);
      if (answer === play) right++; else wrong++;
      assert.equal(await score(page), t.add(answer === play), v);
      const rule = await page.locator('.index-rule').innerText();
      assert.match(rule, / at a true count of [+-]\d+ or more, .* below\./);
      await page.keyboard.press('Enter');
    }
    assert.ok(right >= 1 && wrong >= 1, `${right} right, ${wrong} wrong`);
    const seen = await page.evaluate(() => window.seen);
    assert.deepEqual(seen, ['question while working', 'every play'], 'the first question came before the whole table');
    // Each hand asked before the whole table is one of the first hands (its cards named as the
    // drill names the hand: a pair, insurance, or a hard total against the dealer's card).
    const early = await page.evaluate(() => [...window.early]);
    for (const q of early) {
      const [up, a, b] = q.replace('insurance ', '').split(' ').map(points);
      const hand = q.startsWith('insurance') ? 'insurance' : a === b ? `${name(a)},${name(b)}` : a === 1 || b === 1 ? 'soft' : `hard ${a + b}`;
      assert.ok(FIRST_HANDS.has(`${hand} v ${name(up)}`), `${q}: ${hand} v ${name(up)}, asked before the whole table`);
    }
    assert.ok(early.length >= 1, 'a question before the whole table');
    console.log(`asked before the whole table (dealer's card first): ${early.join('; ')}`);
    const plays = page.getByRole('table', { name: /at the index or above/ });
    assert.ok(rows.length > 20, 'a row a play');
    const insurance = await plays.getByRole('row', { name: /^A insurance/ }).innerText();
    const m = /^A\s+insurance\s+([+-]\d+)\s+Insure\s+No insurance\s+[\d.]+$/.exec(insurance.trim());
    assert.ok(m && Math.abs(Number(m[1]) - 3) <= 1, insurance);
    // Ranked: the Illustrious 18 and Fab 4 first (insurance leads), then by what each is worth.
    const first = Number(/The first (\d+) are the Illustrious 18/.exec(await plays.locator('caption').innerText())[1]);
    assert.ok(first >= 18 && first < rows.length, `${first} of ${rows.length}`);
    assert.deepEqual(rows[0].slice(0, 2), ['A', 'insurance']);
    for (const r of rows.slice(0, first)) assert.ok(FIRST_HANDS.has(`${r[1]} v ${r[0]}`), r.join(' '));
    const worth = rows.slice(first).map((r) => Number(r[5]));
    assert.ok(worth.every((w, i) => i === 0 || worth[i - 1] >= w), `by worth: ${worth.join(' ')}`);
    console.log(`ranked after the first ${first}: ${rows.slice(first, first + 8).map((r) => `${r[1]} v ${r[0]} (${r[5]})`).join('; ')}`);
    assert.deepEqual(await axeViolations(page), [], 'axe on a deviation');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

// KO is played by its running count alone (issue 38): its deviations are asked at a running
// count, with its key count and pivot for the shoe, and each rule names a running count.
test('drills: KO deviations asked by the running count, with the key count and pivot', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    await page.getByLabel('Decks in the shoe').selectOption('1');
    await page.getByLabel('Count system').selectOption('ko');
    // Out of the form's fields (where keys are the field's), then to the drill.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('4');
    await page.locator('.true-count').waitFor({ timeout: 60_000 });
    assert.match(await page.locator('.true-count').innerText(), /^Running count [+-]\d+$/);
    // The key count and pivot for one deck (count::KEY_COUNTS; KO pivots at +4 at any depth).
    assert.equal(await page.locator('.keys').innerText(), 'KO, 1-deck shoe: key count +1 · pivot +4');
    const isInsurance = (await page.locator('.question').innerText()).includes('Insurance?');
    await page.keyboard.press(isInsurance ? 'n' : 's');
    await page.locator('.index-rule').waitFor();
    assert.match(await page.locator('.index-rule').innerText(), / at a running count of [+-]\d+ or more, .* below\./);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

/**
 * Opens drill `key` and waits for `selector` (its first question), after `then` (keys pressed
 * once it is open); the time from the key to the question, in ms, as the page measures it.
 */
async function firstQuestion(page, key, heading, selector, then = []) {
  await page.evaluate((selector) => {
    window.asked = null;
    window.watchAsked = new MutationObserver(() => {
      if (window.asked === null && document.querySelector(selector)) window.asked = performance.now();
    });
    window.watchAsked.observe(document.body, { childList: true, subtree: true, attributes: true });
    window.opened = performance.now();
  }, selector);
  await page.keyboard.press(key);
  await page.getByRole('heading', { name: heading }).waitFor();
  for (const k of then) await page.keyboard.press(k);
  await page.locator(selector).first().waitFor({ timeout: 60_000 });
  const ms = await page.evaluate(() => { window.watchAsked.disconnect(); return window.asked - window.opened; });
  // Out of an answer's field (where keys are the field's), then back to the list.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
  return ms;
}

// Issue 38: the first question of every drill within 2 s of opening it. A figure, printed; what
// is asserted is the order of events (the deviations drill's first question before its worker
// has the whole table), never a time.
test('drills: the first question of every drill, timed in the browser', { timeout: 240_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    const times = {
      'Strategy flashcards': await firstQuestion(page, '1', 'Strategy flashcards', '.question [data-card]'),
      'Running count': await firstQuestion(page, '2', 'Running count', '.flash [data-card]', ['Enter']),
      'True count': await firstQuestion(page, '3', 'True count', '.tray-box'),
    };
    await page.evaluate(() => {
      window.order = [];
      window.watchOrder = new MutationObserver(() => {
        for (const [what, sel] of [['question', '.true-count'], ['every play', '.index-table']]) {
          if (!window.order.includes(what) && document.querySelector(sel)) window.order.push(what);
        }
      });
      window.watchOrder.observe(document.body, { childList: true, subtree: true });
    });
    times.Deviations = await firstQuestion(page, '4', 'Deviations', '.true-count');
    // Back to the drill: the worker goes on while it is closed, and the whole table comes.
    await page.keyboard.press('4');
    await page.locator('.index-table').waitFor({ timeout: 200_000 });
    const whole = await page.evaluate(() => performance.now() - window.opened);
    assert.deepEqual(await page.evaluate(() => window.order), ['question', 'every play']);
    for (const [drill, ms] of Object.entries(times)) {
      assert.ok(Number.isFinite(ms) && ms >= 0, `${drill}: ${ms}`);
      console.log(`first question: ${drill} after ${Math.round(ms)} ms`);
    }
    console.log(`index plays: every one after ${Math.round(whole)} ms`);
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('drills: a broken record is set aside with a notice, and the drills start afresh', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    const bad = 'blackjack v1\ndecks=6\nh17=0\nsurrender=0\nsystem=hilo\nspeed=1000\nat_once=1\nlength=20\n'
      + 'strategy=1 0 5 1\nrunning=0 0 0 0\ntrue=0 0 0 0\ndeviations=0 0 0 0\ncells=\nrunning.kinds=\ntrue.kinds=\ndeviations.kinds=\n';
    await open(page, server, { 'blackjack.drills': bad });
    await page.getByRole('alert').filter({ hasText: 'Your saved drill record could not be read and was set aside.' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('blackjack.drills.unreadable')), bad);
    await page.keyboard.press('1');
    assert.equal(await score(page), scoreOf(0, 0, 0, 0));
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('drills: the table\'s cut card and doubling are its rules, in the rules line, kept over a reload, and the spread form starts from them', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    await open(page, server);
    const rulesLine = async () => (await page.locator('.drill .rules-line').innerText()).trim();
    await page.keyboard.press('1');
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.equal(await rulesLine(), '6 decks, dealer stands on soft 17, no surrender, 67% dealt before the cut card, double on 9 to 11, double after a split · Hi-Lo count');
    await page.keyboard.press('Escape');
    await page.getByLabel('Dealt before the cut card').selectOption('80');
    await page.getByLabel('Double on', { exact: true }).selectOption({ label: '10 or 11 only' });
    await page.getByLabel('Double after a split').uncheck();
    const chosen = '6 decks, dealer stands on soft 17, no surrender, 80% dealt before the cut card, double on 10 or 11, no double after a split · Hi-Lo count';
    // By its button: a key pressed in a form field is the field's.
    await page.getByRole('button', { name: /^Strategy flashcards/ }).click();
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.equal(await rulesLine(), chosen);
    await page.reload();
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.equal(await rulesLine(), chosen, 'the rules are saved with the record');
    // The bet spread's form starts from the drills' table.
    await page.goto(`${server.url}bankroll/`);
    await page.locator('#ror-pen').waitFor();
    assert.equal(await page.locator('#ror-pen').inputValue(), '80');
    assert.equal(await page.locator('#ror-das').isChecked(), false);
    assert.equal(await page.locator('#ror-double option:checked').innerText(), '10 or 11 only');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
