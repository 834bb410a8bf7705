// The tables' sounds (static/sound.js, issue 25): a module fetched after the page has loaded, so
// never part of a first load; a sound switch on every table, remembered across a reload and
// shared by the tables; the audio wakes at the player's first tap, and a card laid, cards picked
// up and the player's turn each make a sound (counted through a stand-in for the audio's output,
// since headless Chromium has no speakers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, axeViolations } from './harness.mjs';

test('a sound switch on every table is remembered across a reload; the sounds come with the table', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser({ width: 844, height: 390 });
  try {
    // Count the sounds started: every sound ends in a source or an oscillator's start().
    await page.addInitScript(() => {
      window.__sounds = 0;
      const count = (proto) => {
        const start = proto.start;
        proto.start = function (...a) { window.__sounds += 1; return start.apply(this, a); };
      };
      count(AudioBufferSourceNode.prototype);
      count(OscillatorNode.prototype);
    });
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Quick-play clock').selectOption('0');
    await page.getByLabel("Bots' pace").selectOption('4');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.goto('about:blank');
    await page.goto(`${server.url}#table=taylor.4.normal.42`);
    const sound = page.getByRole('checkbox', { name: 'Sound' });
    await sound.waitFor();
    // On until switched off (the player's first tap wakes the audio); the bots' cards are heard.
    await page.waitForFunction(() => [...document.scripts].some((s) => s.src.endsWith('/sound.js')));
    assert.equal(await sound.isChecked(), true);
    // The same module names the game in the tab.
    assert.equal(await page.title(), 'Taylor Blackjack · Blackjack');
    await page.getByRole('region', { name: 'Card table' }).click({ position: { x: 5, y: 5 } });
    await page.waitForFunction(() => window.__sounds > 3, null, { timeout: 30_000 });
    await sound.uncheck();
    await page.reload();
    await page.getByRole('checkbox', { name: 'Sound' }).waitFor();
    await page.waitForFunction(() => document.querySelector('input[data-sound]') && !document.querySelector('input[data-sound]').checked, null, { timeout: 10_000 });
    // Off: nothing more is heard, though the bots play on.
    const before = await page.evaluate(() => window.__sounds);
    await page.getByRole('region', { name: 'Card table' }).click({ position: { x: 5, y: 5 } });
    await page.waitForTimeout(3_000);
    assert.equal(await page.evaluate(() => window.__sounds), before, 'no sound once switched off');
    // The other tables share the switch.
    await page.goto(`${server.url}uno/`);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForFunction(() => document.querySelector('input[data-sound]') && !document.querySelector('input[data-sound]').checked, null, { timeout: 10_000 });
    assert.deepEqual(await axeViolations(page), [], 'axe on the UNO table with its switch');
    assert.deepEqual(problems.consoleErrors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
