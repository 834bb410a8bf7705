// Size report for a built dist/: raw, gzip -9 and brotli 11 for every file, plus the first
// load (HTML, JS, wasm, CSS). With --budget-kb N it exits 1 when the first load's gzip size
// is over N KB: sizes are deterministic, so this may gate the build (timings never do).
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
let first = { raw: 0, gz: 0, br: 0 };
console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'brotli KB'.padStart(9)}`);
for (const p of walk(dir).sort()) {
  const name = relative(dir, p);
  const data = readFileSync(p);
  const gz = gzipSync(data, { level: 9 }).length;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${name.padEnd(48)} ${kb(data.length)} ${kb(gz)} ${kb(br).padStart(9)}`);
  // The service worker is fetched after the page is up, so it is not part of the first load.
  if (firstLoadTypes.has(extname(name)) && name !== 'sw.js') {
    first = { raw: first.raw + data.length, gz: first.gz + gz, br: first.br + br };
  }
}
console.log(`${'first load (html+js+wasm+css)'.padEnd(48)} ${kb(first.raw)} ${kb(first.gz)} ${kb(first.br).padStart(9)}`);
if (budget !== null) {
  const over = first.gz / 1024 > budget;
  console.log(`budget: first load ${(first.gz / 1024).toFixed(1)} KB gzip of ${budget} KB: ${over ? 'OVER' : 'ok'}`);
  if (over) process.exit(1);
}
