// Hostile input never kills the menu page (issue 12, shedding half): a share link with non-ASCII
// house rules, a link whose rules cannot deal, and saved shedding games holding multi-byte
// characters each give a clear notice and a working menu, with no page error logged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves } from './harness.mjs';

const POWER_KEYS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
  .flatMap((r) => [`p.${r}.b`, `p.${r}.r`]);

/** Opens `url` as a fresh page load (the app reloads itself on a fragment change). */
async function open(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
}

/** The notice says `pattern`, and the menu still works: a game's setup opens from it. */
async function noticeAndWorkingMenu(page, pattern) {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const text = await alert.innerText();
  assert.match(text, pattern);
  assert.ok(text.length < 600, `the notice stays short: ${text.length} characters`);
  await page.getByRole('button', { name: 'Play Taylor Blackjack' }).click();
  await page.getByRole('button', { name: 'Deal' }).waitFor();
  return text;
}

const SAVE = (fields) => ['blackjack v1', 'preset=taylor', 'players=3', 'seed=4', 'bot_seed=1', 'seats=,easy,easy',
  'names=You,Sam,Alex', ...fields].join('\n') + '\n';

test('hostile links and saves: a clear notice, a working menu, no page error', { timeout: 120_000 }, async () => {
  const server = await serve('dist', '/');
  const { context, page, problems } = await openBrowser();
  try {
    // A link with non-ASCII house rules (the browser percent-encodes them; the page refuses them).
    await open(page, `${server.url}#table=taylor.4.normal.1~p.A.b=wé~hand=5€~name=😀`);
    await noticeAndWorkingMenu(page, /This table link is broken\. .*(not a possible value|no house rule)/);

    // A link whose rules cannot deal: every card wild, and a wild first card is turned back.
    const allWild = POWER_KEYS.map((k) => `${k}=we`).join('~');
    await open(page, `${server.url}#table=crazy-eights.4.normal.1~${allWild}`);
    await noticeAndWorkingMenu(page, /This table link is broken\. Its house rules do not work together\. Ask for the link again/);

    // A saved game whose log holds a multi-byte character: set aside with a reason.
    await putSaves(page, server.url, { 'blackjack.shedding': SAVE(['house=', 'log=p.0.Aé']) }, { keep: true });
    await open(page, server.url);
    await noticeAndWorkingMenu(page, /saved game could not be restored \(unreadable move "p\.0\.Aé"\); it was set aside/);
    assert.equal(await page.evaluate(() => localStorage.getItem('blackjack.shedding')), null, 'the bad save is set aside');
    assert.match(await page.evaluate(() => localStorage.getItem('blackjack.shedding.unreadable')), /p\.0\.Aé/);

    // Multi-byte house rules and names in a save: refused or cleaned, never a crash.
    await page.evaluate((raw) => localStorage.setItem('blackjack.shedding', raw), SAVE(['house=p.A.b=é~hand=５', 'log=']));
    await page.reload();
    await noticeAndWorkingMenu(page, /saved game could not be restored \(its house rules could not be read/);

    // A save far longer than the page ever writes is refused before it is read.
    await page.evaluate((raw) => localStorage.setItem('blackjack.shedding', raw), SAVE(['house=', `log=${'d.0 '.repeat(70_000)}`]));
    await page.reload();
    await noticeAndWorkingMenu(page, /far too long/);

    // After all that, an honest link still opens a table.
    await open(page, `${server.url}#table=taylor.3.normal.77`);
    await page.getByRole('list', { name: 'Your hand' }).waitFor();
    assert.deepEqual(problems.consoleErrors, [], 'no page error or console error');
  } finally {
    await context.close();
    await server.close();
  }
});
