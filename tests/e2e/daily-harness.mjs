// What the daily deal's end-to-end tests share (daily.test.mjs, daily-more.test.mjs): a browser
// on a fixed day, and the Share result button checked through the clipboard.
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

/** Noon on 28 November 2026, UTC: the day whose deals the tests play. */
export const NOON = new Date('2026-11-28T12:00:00Z');

/** A browser on the fixed day, without the Web Share API (so Share copies), clipboard allowed. */
export async function dailyBrowser(server) {
  const opened = await openBrowser();
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  await opened.page.addInitScript(() => { delete Navigator.prototype.share; });
  await opened.page.clock.setFixedTime(NOON);
  return opened;
}

/**
 * Shares the result line in `within` (its field and its Share result button, as
 * src/ui/daily.rs draws them) and checks that the clipboard then holds it; returns the line.
 */
export async function shareLine(page, within) {
  const field = within.getByRole('textbox', { name: 'Your result, to paste anywhere' });
  await field.waitFor();
  const line = await field.inputValue();
  const id = await field.getAttribute('id');
  await within.getByRole('button', { name: 'Share result' }).click();
  await page.waitForFunction(
    (id) => document.getElementById(id)?.closest('.field')?.querySelector('[data-copied]')?.textContent === 'Copied',
    id,
  );
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), line);
  return line;
}
