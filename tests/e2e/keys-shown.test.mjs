// What the pages say about the keyboard, by the screen in hand, in headless Chromium: the drills'
// keycaps ("Enter", "1" to "5", a choice's letter) show with a mouse and not on a touch screen
// (no keys to press there), and a table's "?" says what it opens ("? Shortcuts") where the
// screen is wide, with its name "Keyboard shortcuts" at every width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves, PHONE, DESKTOP } from './harness.mjs';

/** The keycaps the player can see on the page. */
const keycaps = (page) => page.locator('kbd').evaluateAll((ks) => ks.filter((k) => k.getBoundingClientRect().width > 0).map((k) => k.textContent));

test('drills: keycaps with a mouse, none on a touch screen', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(PHONE);
  try {
    await page.goto(`${server.url}drills/`);
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    const withMouse = await keycaps(page);
    assert.ok(withMouse.includes('1'), `the drills list shows its keys with a mouse: ${withMouse.join(' ')}`);
    // A phone: touch only, no hover (Chromium's touch emulation, as its device mode has it).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await page.reload();
    await page.getByRole('heading', { name: 'Casino drills' }).waitFor();
    assert.deepEqual(await page.evaluate(() => [matchMedia('(hover: none)').matches, matchMedia('(pointer: coarse)').matches]), [true, true]);
    assert.deepEqual(await keycaps(page), [], 'no keycap on a touch screen');
    await page.getByRole('button', { name: /^Strategy flashcards/ }).click();
    await page.getByRole('heading', { name: 'Strategy flashcards' }).waitFor();
    assert.deepEqual(await keycaps(page), [], 'nor in a drill');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('tables: the "?" says "Shortcuts" on a wide screen, and is named for the keyboard list at every width', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser(DESKTOP);
  try {
    await putSaves(page, server.url, { 'blackjack.uno': ['blackjack v1', 'players=3', 'level=normal', 'skip_zero=0', 'pass_again=0',
      'deal_back_in=0', 'latecomer=0', 'seed=7', 'log=', ''].join('\n') });
    await page.goto(`${server.url}uno/`);
    const help = page.getByRole('button', { name: 'Keyboard shortcuts', exact: true });
    await help.waitFor();
    assert.equal((await help.innerText()).replace(/\s+/g, ' ').trim(), '? Shortcuts');
    await page.setViewportSize(PHONE);
    assert.equal((await help.innerText()).trim(), '?');
    const box = await help.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `a 44 px target on a phone: ${box.width}x${box.height}`);
    await help.click();
    await page.getByRole('region', { name: 'Keyboard shortcuts list' }).waitFor();
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
