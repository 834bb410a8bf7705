// The casino sessions' page, bankroll/ (issue 26; opened from the drills page): the casino
// table's stored history (kept in the player's bank) drawn as three SVG charts, each with its
// figures as a table (the text alternative), and the risk of ruin with its formula and source,
// both as played and for a bankroll, bet spread and game (penetration, doubling) the player
// enters. A history with a figure out of bounds is cleared with a notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, PHONE, DESKTOP, putSaves, screenshot } from './harness.mjs';

/** A bank of $1020 with a session of `n` rounds at $5 and $25 (wins and losses), counts from −4 to +4. */
function bank(n) {
  let worth = 100_000;
  const rounds = [];
  for (let i = 0; i < n; i++) {
    const net = i % 3 === 0 ? 500 : i % 2 ? -500 : 500;
    worth += net;
    rounds.push(`${worth},${i % 5 === 0 ? 2500 : 500},${((i % 9) - 4) * 10},${net}`);
  }
  return `blackjack v1\nchips=102000\ndecisions=19\nbest=15\nlost=1380\nrounds=${rounds.join(' ')}\nkinds=12,480,4,0,3,900\n`;
}

/** A risk figure as a number: "Risk of ruin: 12.3%" → 0.123 (the far ends as 0.0005 and 0.9995). */
function riskOf(text) {
  if (/less than 0\.1%/.test(text)) return 0.0005;
  if (/more than 99\.9%/.test(text)) return 0.9995;
  return Number(/Risk of ruin: ([\d.]+)%/.exec(text)[1]) / 100;
}

/**
 * The risk for a bankroll and bet spread the player enters: worked out between frames for the
 * drills' rules, then a figure from W and SD by the formula, refused entries said so, a bigger
 * bankroll a smaller risk and a flat bet a losing game.
 */
async function spreadRisk(page, game) {
  const box = page.locator('.risk.spread');
  const figure = box.locator('.risk-figure');
  await figure.waitFor({ timeout: 180_000 });
  assert.match(await box.innerText(),
    /For the drills' table: 6 decks, dealer stands on soft 17, no surrender · Hi-Lo count; 67% dealt before the cut card, double on 9 to 11, double after a split\./);
  const read = async () => {
    const text = await box.innerText();
    const w = Number(/W, your average result a round: ([+-][\d.]+) units/.exec(text)[1]);
    const sd = Number(/SD, its standard deviation: ([\d.]+) units a round/.exec(text)[1]);
    const b = Number(/B, your bankroll: (\d+) units/.exec(text)[1]);
    return { w, sd, b, risk: riskOf(await figure.innerText()) };
  };
  // The default plan: 1,000 units, 1 to 8 units from +1 to +5.
  const first = await read();
  assert.equal(first.b, 1000);
  assert.ok(first.w > 0 && first.sd > 1.5, JSON.stringify(first));
  // W is shown to a thousandth and SD to a hundredth, the risk to a tenth of a percent: the
  // formula from the figures shown, within their rounding.
  const ror = (w, sd) => Math.exp((-2 * w * first.b) / (sd * sd));
  const [lo, hi] = [ror(first.w + 0.0005, first.sd - 0.005) - 0.0005, ror(first.w - 0.0005, first.sd + 0.005) + 0.0005];
  assert.ok(lo <= first.risk && first.risk <= hi, `${first.risk} in ${lo}..${hi}`);
  // The win an hour (100 rounds) and N0, (SD / W)², from the same figures (W shown to a
  // thousandth: N0 within that rounding).
  const text = await box.innerText();
  const hour = Number(/An hour at 100 rounds: (-?[\d.]+) units/.exec(text)[1]);
  assert.ok(Math.abs(hour - 100 * first.w) <= 0.051, `${hour} an hour, W ${first.w}`);
  const hundred = Number(/units \((-?[\d.]+) a hundred rounds\)/.exec(text)[1]);
  assert.equal(hundred, hour, 'a hundred rounds, an hour at 100 rounds');
  const n0 = Number(/N0, the rounds after which your win is one standard deviation: (\d+) \(about \d+ hours\)/.exec(text)[1]);
  const [n0lo, n0hi] = [((first.sd - 0.005) / (first.w + 0.0005)) ** 2, ((first.sd + 0.005) / (first.w - 0.0005)) ** 2];
  assert.ok(n0lo - 1 <= n0 && n0 <= n0hi + 1, `N0 ${n0} in ${n0lo}..${n0hi}`);
  // The bankroll for the risk the player accepts (5% unless they say): SD² · ln(1 / risk) /
  // (2 · W), within the rounding of the figures shown; 13.5% (e^−2) takes SD² / W.
  const needs = async () => Number(/For a [\d.]+% risk of ruin: a bankroll of (\d+) units/.exec(await box.innerText())[1]);
  const bankrollFor = (risk, w, sd) => (sd * sd * Math.log(1 / risk)) / (2 * w);
  const within = (b, risk) => {
    const [blo, bhi] = [bankrollFor(risk, first.w + 0.0005, first.sd - 0.005), bankrollFor(risk, first.w - 0.0005, first.sd + 0.005)];
    assert.ok(blo - 1 <= b && b <= bhi + 1, `${b} units for ${risk} in ${blo}..${bhi}`);
  };
  assert.equal(await page.getByLabel('Risk of ruin you accept, in percent').inputValue(), '5');
  within(await needs(), 0.05);
  await page.getByLabel('Risk of ruin you accept, in percent').fill('13.5');
  await page.getByLabel('Risk of ruin you accept, in percent').press('Enter');
  await page.waitForFunction(() => /For a 13\.5% risk of ruin/.test(document.querySelector('.risk.spread').innerText));
  within(await needs(), 0.135);
  await page.getByLabel('Risk of ruin you accept, in percent').fill('0');
  await page.getByLabel('Risk of ruin you accept, in percent').press('Enter');
  await box.getByText(/The risk you accept is a percent from 0\.01 to 99\.99/).waitFor();
  await page.getByLabel('Risk of ruin you accept, in percent').fill('5');
  const table = page.getByRole('table', { name: /Each true count/ });
  assert.match(await table.getByRole('row', { name: /^\+5\b/ }).innerText(), /\+5\s+[\d.]+%\s+\+[\d.]+%\s+8$/);
  assert.match(await table.getByRole('row', { name: /^-1\b/ }).innerText(), /-1\s+[\d.]+%\s+-[\d.]+%\s+1$/);
  // Keyboard only: the fields are labelled, the button submits.
  await page.getByLabel('Bankroll, in units').fill('4000');
  await page.getByLabel('Bankroll, in units').press('Enter');
  await page.waitForFunction(() => /B, your bankroll: 4000 units/.test(document.querySelector('.risk.spread').innerText));
  const richer = await read();
  assert.ok(richer.risk < first.risk || richer.risk === 0.0005, `${richer.risk} < ${first.risk}`);
  assert.equal(richer.w, first.w);
  if (game) {
    // The game: every figure worked out again for it (the figures only once they are its own).
    const figuresFor = async (rules) => {
      await page.getByRole('button', { name: 'Work out my risk' }).click();
      await page.waitForFunction((r) => document.querySelector('.risk.spread .rules-line').innerText.includes(r)
        && document.querySelector('.risk.spread .risk-figure'), rules, { timeout: 180_000 });
      return read();
    };
    // Deeper penetration, the same spread: more rounds at the counts bet high, a higher win.
    await page.getByLabel('Dealt before the cut card, in percent').fill('85');
    const deep = await figuresFor('85% dealt before the cut card, double on 9 to 11, double after a split');
    assert.ok(deep.w > first.w, `W at 85%: ${deep.w}, at 67%: ${first.w}`);
    // No doubling after a split, doubling on 10 or 11 only: a lower win.
    await page.getByLabel('Double after a split').uncheck();
    await page.getByLabel('Double on').selectOption({ label: '10 or 11 only' });
    const tight = await figuresFor('85% dealt before the cut card, double on 10 or 11, no double after a split');
    assert.ok(tight.w < deep.w, `W without DAS, on 10-11 only: ${tight.w}, with: ${deep.w}`);
    await page.getByLabel('Dealt before the cut card, in percent').fill('95');
    await page.getByLabel('Dealt before the cut card, in percent').press('Enter');
    await box.getByText(/a whole percent from 50 to 90/).waitFor();
  }
  // A bet that does not rise with the count loses: certain ruin.
  for (const label of ['Bet at a true count of +1 or less', 'Bet at +2', 'Bet at +3', 'Bet at +4', 'Bet at +5 or more']) {
    await page.getByLabel(label).fill('2');
  }
  await page.getByRole('button', { name: 'Work out my risk' }).click();
  await page.waitForFunction(() => /betting 2 to 2 units/.test(document.querySelector('.risk.spread').innerText));
  const flat = await read();
  assert.ok(flat.w < 0, JSON.stringify(flat));
  assert.equal(flat.risk, 1);
  assert.match(await box.innerText(), /any bankroll is lost in the end/);
  // Entries it cannot use are refused with a reason; the figures stay.
  await page.getByLabel('Bankroll, in units').fill('lots');
  await page.getByLabel('Bankroll, in units').press('Enter');
  await box.getByText(/whole numbers of units/).waitFor();
  assert.match(await box.innerText(), /B, your bankroll: 4000 units/);
  // Out of the field (whose keys are the player's typing), the page's keys work again.
  await page.evaluate(() => document.activeElement.blur());
}

// The phone opens the page by the old link (drills/#sessions), the desktop by its own, and
// changes the game too (each change is the worker's work again).
for (const [size, viewport, path] of [['phone', PHONE, 'drills/#sessions'], ['desktop', DESKTOP, 'bankroll/']]) {
  test(`bankroll: the casino session, each chart with its table (${size})`, { timeout: 600_000 }, async () => {
    const server = await serve('dist', '/');
    const { context, page, problems } = await openBrowser(viewport);
    try {
      await putSaves(page, server.url, { 'blackjack.casino.bank': bank(60) });
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: 'Your casino sessions' }).waitFor();
      const charts = page.locator('svg.chart[role="img"]');
      assert.equal(await charts.count(), 3, 'three charts');
      for (const label of await charts.evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')))) assert.ok(label.length > 20, label);
      assert.ok(Number(await page.locator('svg.bankroll polyline').evaluate((l) => l.points.length)) === 60, 'a point a round');
      // The text alternatives: the figures as tables.
      const bankroll = page.getByRole('table', { name: 'Bankroll after each tenth round' });
      assert.equal(await bankroll.getByRole('row').count(), 1 + 6);
      assert.match(await bankroll.getByRole('row').last().innerText(), /^60\s+\$\d+/);
      const kinds = page.getByRole('table', { name: /expected value given up/ });
      assert.match(await kinds.getByRole('row', { name: /Pairs/ }).innerText(), /Pairs\s+3\s+0\.90 of a bet\s+0\.30 of a bet/);
      const counts = page.getByRole('table', { name: /true count at the deal/ });
      assert.equal(await counts.getByRole('row').count(), 1 + 7);
      assert.match(await counts.getByRole('row', { name: /or more/ }).innerText(), /\+3 or more\s+\d+\s+\$\d+/);
      // The risk of ruin, for the bank's chips, with the formula and its source.
      const played = page.locator('.risk:not(.spread)');
      assert.match(await played.locator('.risk-figure').innerText(), /^Risk of ruin: [\d.]+%|^Risk of ruin: (less|more) than/);
      assert.match(await played.locator('.risk-figure').innerText(), /your \$1020 \(204 bets of \$5\)/);
      assert.match(await played.innerText(), /exp\(−2 · W · B \/ SD²\).*Blackjack Attack/s);
      // Beside it, betting as the player did: the win a hundred rounds and N0, (SD / W)², from
      // the W and SD shown (W to a thousandth, SD to a hundredth) once the edges are worked out.
      await played.getByText(/what your bets could expect at the counts you placed them/).waitFor({ timeout: 180_000 });
      const asPlayed = await played.innerText();
      const pw = Number(/W, what your bets could expect at the counts you placed them: ([+-][\d.]+) bets/.exec(asPlayed)[1]);
      const psd = Number(/SD, its standard deviation: ([\d.]+) bets/.exec(asPlayed)[1]);
      const perHundred = Number(/A hundred rounds, about an hour at a table: (-?[\d.]+) bets/.exec(asPlayed)[1]);
      assert.ok(Math.abs(perHundred - 100 * pw) <= 0.051, `${perHundred} a hundred rounds, W ${pw}`);
      const playedN0 = /N0, the rounds after which your win is one standard deviation: (\d+)/.exec(asPlayed);
      assert.equal(!!playedN0, pw > 0, asPlayed);
      if (playedN0) {
        const [lo, hi] = [((psd - 0.005) / (pw + 0.0005)) ** 2, ((psd + 0.005) / Math.max(pw - 0.0005, 1e-9)) ** 2];
        assert.ok(lo - 1 <= Number(playedN0[1]) && Number(playedN0[1]) <= hi + 1, `N0 ${playedN0[1]} in ${lo}..${hi}`);
      }
      await spreadRisk(page, size === 'desktop');
      await screenshot(page, `drills-sessions-${size}`);
      assert.deepEqual(await axeViolations(page), [], 'axe on the Sessions screen');
      // Escape goes to the drills page, whose button (or 5) opens this one again.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Your casino sessions/ }).waitFor();
      await page.keyboard.press('5');
      await page.getByRole('heading', { name: 'Your casino sessions' }).waitFor();
      assert.deepEqual(problems.consoleErrors, [], 'console errors');
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('bankroll: a session history with a figure out of bounds is cleared with a notice; none at all says so', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await putSaves(page, server.url, { 'blackjack.casino.bank': 'blackjack v1\nchips=5000\ndecisions=0\nbest=0\nlost=0\nrounds=1,2,9999,4\nkinds=0,0,0,0,0,0\n' });
    await page.goto(`${server.url}bankroll/`);
    assert.match(await page.getByRole('alert').first().innerText(), /Your casino session history could not be read; it starts again from your next round\./);
    assert.match(await page.locator('.sessions').innerText(), /No rounds yet\./);
    const kept = await page.evaluate(() => localStorage.getItem('blackjack.casino.bank'));
    assert.match(kept, /\nchips=5000\n/, 'the chips stay');
    assert.match(kept, /\nrounds=\n/, 'the history is cleared');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
