// Hostile saves on the second page (issue 12): a casino save with a huge chip count, casino and
// UNO saves with a multi-byte character or a garbage log. Each gives a clear notice, the page
// keeps working (the player starts a new table), and no page error is logged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser, putSaves } from './harness.mjs';

const casinoSave = (fields) =>
  `blackjack v1\n${Object.entries({ decks: 6, bots: 2, surrender: 0, h17: 0, seed: 5, chips: 100000, log: 'b2:500 b3:500 b4:500', ...fields })
    .map(([k, v]) => `${k}=${v}`).join('\n')}\n`;
const unoSave = (fields) =>
  `blackjack v1\n${Object.entries({ players: 4, level: 'normal', skip_zero: 0, pass_again: 0, deal_back_in: 0, latecomer: 0, seed: 5, log: 'v', ...fields })
    .map(([k, v]) => `${k}=${v}`).join('\n')}\n`;

/** Opens the game's page (`tables/#casino` or `uno/`) with `saves` (key → text) in localStorage, as a fresh page load. */
async function openWith(server, game, saves) {
  const { context, page, problems } = await openBrowser();
  await putSaves(page, server.url, saves);
  await page.goto(`${server.url}${game === 'uno' ? 'uno/' : 'tables/#casino'}`);
  return { context, page, problems };
}

const CASES = [
  { name: 'a casino table with a chip count near i64::MAX', game: 'casino',
    saves: { 'blackjack.casino': casinoSave({ chips: '9223372036854775807' }) },
    notice: /Your saved casino table could not be restored \(a chip count of 9223372036854775807 cents is outside 0 to \$10000000000\); it was set aside\./ },
  { name: 'a casino table with a chip count beyond any integer', game: 'casino',
    saves: { 'blackjack.casino': casinoSave({ chips: '9'.repeat(40) }) },
    notice: /Your saved casino table could not be read and was set aside\./ },
  { name: 'casino chips (the bank) near i64::MAX and statistics past u32::MAX', game: 'casino',
    saves: { 'blackjack.casino.bank': 'blackjack v1\nchips=9223372036854775807\ndecisions=4294967295\nbest=4294967295\nlost=0\n' },
    notice: /Your saved chips could not be read and was set aside\./ },
  { name: 'a casino table with a multi-byte character in its log', game: 'casino',
    saves: { 'blackjack.casino': casinoSave({ log: 'b2:500 b3:500 b4:500 d h3é' }) },
    notice: /could not be restored \(action 4 is unreadable: a character that belongs in no action code\)/ },
  { name: 'a casino table with a multi-byte character in a field', game: 'casino',
    saves: { 'blackjack.casino': casinoSave({ decks: '６' }) },
    notice: /Your saved casino table could not be read and was set aside\./ },
  { name: 'an UNO game with a multi-byte character in its log', game: 'uno',
    saves: { 'blackjack.uno': unoSave({ log: 'v h0 ☃ p1' }) },
    notice: /Your saved UNO Blackjack game could not be restored \(action 2 is unreadable/ },
  { name: 'an UNO game with a garbage log', game: 'uno',
    saves: { 'blackjack.uno': unoSave({ log: 'v h0 h0 h0 p9 j1 v v v q:::: 99999' }) },
    notice: /Your saved UNO Blackjack game could not be restored/ },
  { name: 'an UNO game for 200 players', game: 'uno',
    saves: { 'blackjack.uno': unoSave({ players: 200 }) },
    notice: /could not be restored \(200 players: this game takes 2 to 10\)/ },
];

test('hostile saves on the tables page: a notice, a working page, no page error', { timeout: 300_000 }, async () => {
  const server = await serve('dist', '/');
  try {
    for (const c of CASES) {
      const { context, page, problems } = await openWith(server, c.game, c.saves);
      try {
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 20_000 });
        assert.match(await alert.innerText(), c.notice, c.name);
        // The save was set aside, not destroyed, and the page goes on: a new table opens.
        const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.unreadable')));
        assert.ok(kept.length >= 1, `${c.name}: set aside under *.unreadable`);
        await alert.getByRole('button', { name: 'Dismiss' }).click();
        if (c.game === 'casino') {
          await page.getByRole('button', { name: 'Sit down' }).click();
          await page.getByRole('region', { name: 'Casino table' }).waitFor();
          assert.match(await page.locator('.bankroll').innerText(), /Chips: \$\d/, c.name);
          await page.getByRole('button', { name: 'Deal' }).click();
        } else {
          await page.getByRole('button', { name: 'Start' }).click();
          await page.getByRole('region', { name: 'UNO Blackjack table' }).waitFor();
          // The first round is revealed by itself: the centre's "First round" turns to "Round 1"
          // (or later). Not the log's "Round 1" line: the log shows its last 14 lines, and a deal
          // where draw cards make the player bust with no move of theirs (about 1 in 80) goes on
          // into round 2 by itself, so on a busy machine that line may scroll away unseen.
          await page.locator('.uno-centre .round-info').filter({ hasText: /^Round \d+/ }).waitFor();
        }
        assert.deepEqual(problems.consoleErrors, [], `${c.name}: no page error`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await server.close();
  }
});
