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
    assert.equal(await page.getByRole('heading', { level: 3, name: title }).count(), 1, title);
  }
}

for (const [name, dist, base] of [['root', 'dist', '/'], ['subpath', 'dist-sub', '/blackjack/']]) {
  test(`shell at ${base}: loads, accessible, offline after one visit`, async () => {
    const server = await serve(dist, base);
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
      // The second page (casino and UNO tables) is precached too.
      await page.getByRole('link', { name: 'Play Casino Blackjack' }).click();
      await page.getByRole('heading', { name: 'Casino Blackjack' }).waitFor();
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
