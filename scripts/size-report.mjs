// Size report for a built dist/: raw, gzip -9 and brotli 11 for every file, plus the load of
// each page (HTML, JS, wasm, CSS): the first load is the menu page at the root; the casino and
// UNO tables are a second page (tables/), loaded only when one is opened. With --budget-kb N it
// exits 1 when a page's gzip size is over N KB: sizes are deterministic, so this may gate the
// build (timings never do).
// Usage: node scripts/size-report.mjs [dist] [--budget-kb 150]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, extname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) || 'dist';
const budgetAt = args.indexOf('--budget-kb');
const budget = budgetAt >= 0 ? Number(args[budgetAt + 1]) : null;

const walk = (d) => readdirSync(d).flatMap((n) => {
  const p = join(d, n);
  return statSync(p).isDirectory() ? walk(p) : [p];
});
const kb = (n) => (n / 1024).toFixed(1).padStart(8);
const firstLoadTypes = new Set(['.html', '.js', '.wasm', '.css']);
// Page directory ("" for the root, "tables" for the second page) -> its load.
const pages = new Map();
console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'brotli KB'.padStart(9)}`);
for (const p of walk(dir).sort()) {
  const name = relative(dir, p);
  const data = readFileSync(p);
  const gz = gzipSync(data, { level: 9 }).length;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${name.padEnd(48)} ${kb(data.length)} ${kb(gz)} ${kb(br).padStart(9)}`);
  // The service worker is fetched after the page is up, so it is not part of the first load.
  if (firstLoadTypes.has(extname(name)) && name !== 'sw.js') {
    const page = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
    const p = pages.get(page) || { raw: 0, gz: 0, br: 0 };
    pages.set(page, { raw: p.raw + data.length, gz: p.gz + gz, br: p.br + br });
  }
}
let over = false;
for (const [page, t] of pages) {
  const label = page === '' ? 'first load (html+js+wasm+css)' : `${page}/ page load (html+js+wasm+css)`;
  console.log(`${label.padEnd(48)} ${kb(t.raw)} ${kb(t.gz)} ${kb(t.br).padStart(9)}`);
  if (budget !== null) {
    const o = t.gz / 1024 > budget;
    over ||= o;
    console.log(`budget: ${page === '' ? 'first load' : page + '/'} ${(t.gz / 1024).toFixed(1)} KB gzip of ${budget} KB: ${o ? 'OVER' : 'ok'}`);
  }
}
if (over) process.exit(1);
