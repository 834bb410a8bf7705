// The app shell in real headless Chromium: it loads, lists the five games, has no console
// errors, sends nothing off the machine, passes axe, and plays offline after one visit,
// both at / and under a GitHub Pages subpath.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations, screenshot, PHONE, DESKTOP } from './harness.mjs';

const GAMES = ['Taylor Blackjack', 'Priestly College BlackJack', 'British Black Jack', 'UNO Blackjack', 'Casino Blackjack'];

async function checkShell(page) {
  await page.getByRole('heading', { level: 1, name: 'Blackjack' }).waitFor();
  for (const title of GAMES) {
    assert.equal(await page.getByRole('heading', { level: 3, name: title, exact: true }).count(), 1, title);
  }
}

// One build serves both: its URLs are relative (scripts/build.sh).
for (const [name, base] of [['root', '/'], ['subpath', '/blackjack/']]) {
  test(`shell at ${base}: loads, accessible, offline after one visit`, async () => {
    const server = await serve('dist', base);
    const { context, page, problems } = await openBrowser(DESKTOP);
    try {
      await page.goto(server.url);
      await checkShell(page);
      assert.deepEqual(await axeViolations(page), [], 'axe violations on the title screen');

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'axe violations with settings open');
      await page.getByLabel('Four-colour deck').check();
      await page.reload();
      await page.getByRole('button', { name: 'Settings' }).click();
      assert.equal(await page.getByLabel('Four-colour deck').isChecked(), true, 'settings survive a reload');

      // The service worker has precached every built file once it is active.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, server.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await server.close();
      await page.reload();
      await checkShell(page);
      // The casino page (tables/) and the UNO page (uno/) are precached too.
      await page.getByRole('link', { name: 'Play Casino Blackjack' }).click();
      await page.getByRole('heading', { name: 'Casino Blackjack' }).waitFor();
      await page.getByRole('link', { name: 'All games' }).click();
      await checkShell(page);
      await page.getByRole('link', { name: 'Play UNO Blackjack' }).click();
      await page.getByLabel('Players (you and bots)').waitFor();
      await page.getByRole('link', { name: 'All games' }).click();
      await checkShell(page);

      if (name === 'root') {
        await screenshot(page, 'shell-desktop');
        await page.setViewportSize(PHONE);
        await screenshot(page, 'shell-phone');
      }
      assert.deepEqual(problems.consoleErrors, [], 'console errors');
      assert.deepEqual(problems.foreignRequests, [], 'requests leaving 127.0.0.1');
    } finally {
      await context.close();
      await server.close().catch(() => {});
    }
  });
}

// The first screen is in index.html, and the app's code waits for it to be painted: a wasm
// download that finished before the largest paint would count against it (Lighthouse's LCP).
test('the first screen paints before the app\'s code is fetched, and the app then takes it over', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await page.goto(server.url);
    // The app is up once the prerendered Play buttons are live (no longer aria-disabled).
    await page.waitForSelector('button[data-play="taylor"]:not([aria-disabled])');
    const t = await page.evaluate(async () => {
      const lcp = await new Promise((done) => new PerformanceObserver((l) => done(l.getEntries().at(-1)))
        .observe({ type: 'largest-contentful-paint', buffered: true }));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const code = performance.getEntriesByType('resource').filter((r) => /\/blackjack-[^/]*\.(wasm|js)$/.test(r.name));
      return {
        lcp: lcp.startTime, fcp: fcp.startTime, inList: !!lcp.element?.closest('#masthead, #games, #footer'),
        code: code.map((r) => [r.name.split('/').pop(), r.startTime]),
      };
    });
    assert.ok(t.inList, 'the largest paint is the prerendered first screen');
    assert.equal(t.code.length, 2, `the app's glue and wasm are fetched once each: ${JSON.stringify(t.code)}`);
    for (const [name, start] of t.code) {
      assert.ok(start >= t.lcp && start >= t.fcp, `${name} requested at ${start} ms, before the first screen's paint at ${t.lcp} ms`);
    }
    await page.getByRole('button', { name: 'Play Taylor Blackjack' }).click();
    await page.getByRole('button', { name: 'Deal' }).first().waitFor();
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('a broken table link says what is wrong with it, in players\' words', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    for (const [fragment, why] of [
      ['#table=garbage', /Part of it is missing or changed\./],
      ['#table=taylor.99.x.1', /asks for 99 players; Taylor Blackjack seats 2 to 12\./],
      ['#table=priestly.2.hard.5~hand=99', /house rules could not be read: Cards dealt: "99" is not a possible value/],
    ]) {
      // A fresh load each time: a change of fragment alone makes the app reload itself.
      await page.goto('about:blank');
      await page.goto(server.url + fragment);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      const text = await alert.innerText();
      assert.match(text, /^This table link is broken\./, fragment);
      assert.match(text, why, fragment);
      assert.match(text, /choose a game below/, fragment);
      assert.doesNotMatch(text, /seed|preset|spec/i, fragment);
      // The games are all still there to choose from.
      await checkShell(page);
    }
    assert.deepEqual(await axeViolations(page), [], 'axe with the broken-link notice');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});

test('Continue on the first screen resumes the game in progress', async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await page.goto(server.url);
    await checkShell(page);
    assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0, 'nothing to continue yet');
    await page.getByRole('button', { name: 'Play Priestly College BlackJack' }).click();
    await page.getByLabel('Players', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Deal' }).click();
    const hand = page.getByRole('list', { name: 'Your hand' });
    await hand.waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await checkShell(page);
    const resume = page.getByRole('region', { name: 'Your game in progress' });
    assert.match(await resume.innerText(), /Priestly College BlackJack · 2 players/);
    const cards = await hand.count();
    assert.equal(cards, 0, 'the menu shows no table');
    await resume.getByRole('button', { name: 'Continue' }).click();
    await hand.waitFor();
    assert.ok((await hand.getByRole('button').count()) > 0, 'the saved hand is back');
    // "Game restored." once a move was made; a deal with no move yet still says who starts.
    assert.match(await page.getByRole('list', { name: 'Game log' }).innerText(), /Game restored\.|starts?\./);

    // A casino table saved by the second page (which resumes it there): its tile says Continue.
    await page.evaluate(() => localStorage.setItem('blackjack.casino', 'saved by tables/'));
    await page.reload();
    await hand.waitFor(); // a reload resumes the shedding game at once
    await page.getByRole('button', { name: 'Menu' }).click();
    const casino = page.getByRole('link', { name: 'Continue Casino Blackjack' });
    assert.equal(new URL(await casino.getAttribute('href'), server.url).hash, '#casino');
    assert.equal(await page.getByRole('link', { name: 'Play UNO Blackjack' }).count(), 1, 'nothing saved for UNO');
    assert.deepEqual(await axeViolations(page), [], 'axe on the first screen with games in progress');
    assert.deepEqual(problems.consoleErrors, [], 'console errors');
  } finally {
    await context.close();
    await server.close();
  }
});
