// Size report for a built dist/: raw, gzip -9 and brotli 11 for every file, plus the load of
// each page: the page's HTML and what that HTML makes the browser fetch before the app is up
// (stylesheets, scripts, module preloads, preloads, images, the JS glue's imports and the wasm it
// instantiates, and files the loaded CSS points at). A page's Web Worker (the friends page's host,
// started when a player opens a table) is reported on a line of its own, never in a first load.
// The first load is the menu page at the root;
// the casino table (tables/) and UNO Blackjack (uno/) are pages of their own, each loaded only when
// opened, each reported and budgeted like the first. Files the
// running app fetches later (the card sprite cards.svg, through <use href>), the service worker
// and its precache, the manifest, icons and the rules pages are not part of a first load.
// With --budget-kb N it exits 1 when a page's gzip size is over N KB: sizes are deterministic,
// so this may gate the build (timings never do).
// Usage: node scripts/size-report.mjs [dist] [--budget-kb 150]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname, posix } from 'node:path';
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
const sizes = new Map(); // path relative to dist -> { raw, gz, br }
console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'brotli KB'.padStart(9)}`);
for (const p of walk(dir).sort()) {
  const name = relative(dir, p).split('\\').join('/');
  const data = readFileSync(p);
  const s = {
    raw: data.length,
    gz: gzipSync(data, { level: 9 }).length,
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizes.set(name, s);
  console.log(`${name.padEnd(48)} ${kb(s.raw)} ${kb(s.gz)} ${kb(s.br).padStart(9)}`);
}

// A URL in a file of dist (relative, or absolute under whatever public URL the site was built
// for, e.g. /blackjack/) -> the built file it names, or null if none.
function resolve(from, url) {
  if (/^(data:|[a-z]+:\/\/|\/\/|#)/i.test(url)) return null;
  const path = url.split(/[?#]/)[0];
  if (!path) return null;
  if (path.startsWith('/')) {
    // Drop leading folders (the public URL) until a built file matches.
    const parts = path.slice(1).split('/');
    for (let i = 0; i < parts.length; i++) {
      const f = parts.slice(i).join('/');
      if (sizes.has(f)) return f;
    }
    return null;
  }
  const f = posix.normalize(posix.join(dirname(from), path)).replace(/^\.\//, '');
  return sizes.has(f) ? f : null;
}

// What a page loads before its app is up, as built files.
function pageLoad(html) {
  const text = readFileSync(join(dir, html), 'utf8');
  const found = new Set([html]);
  const add = (from, url) => {
    const f = resolve(from, url);
    if (f) found.add(f);
    else if (!/^(data:|[a-z]+:\/\/|\/\/|#)/i.test(url)) console.warn(`size-report: ${from} loads ${url}, not in ${dir}`);
  };
  const attr = (tag, name) => (tag.match(new RegExp(`\\s${name}=("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')) || [])
    .slice(2).find((v) => v !== undefined);
  for (const tag of text.match(/<link\b[^>]*>/gi) || []) {
    const rel = (attr(tag, 'rel') || '').toLowerCase().split(/\s+/);
    if (rel.some((r) => ['stylesheet', 'modulepreload', 'preload'].includes(r))) add(html, attr(tag, 'href'));
  }
  for (const tag of text.match(/<(script|img)\b[^>]*>/gi) || []) {
    const src = attr(tag, 'src');
    if (src) add(html, src);
  }
  // Trunk's inline loader: `import init from '/x.js'` and `init({ module_or_path: '/x_bg.wasm' })`.
  for (const script of text.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) || []) {
    for (const m of script.matchAll(/(?:\bfrom|\bimport|module_or_path:)\s*\(?\s*['"`]([^'"`]+)['"`]/g)) add(html, m[1]);
  }
  // Files the page's stylesheets point at (fonts, images).
  for (const f of [...found].filter((f) => f.endsWith('.css'))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) add(f, m[1]);
  }
  return [...found].sort();
}

// The page of tables with friends carries the WebRTC transport: its own, larger budget.
const PAGE_BUDGET_KB = { friends: 200, 'friends/uno': 200, 'friends/casino': 200 };
let over = false;
const pages = [...sizes.keys()].filter((f) => f === 'index.html' || f.endsWith('/index.html')).sort();
for (const html of pages) {
  const page = html === 'index.html' ? '' : html.slice(0, -'/index.html'.length);
  const files = pageLoad(html);
  const t = files.reduce((a, f) => ({ raw: a.raw + sizes.get(f).raw, gz: a.gz + sizes.get(f).gz, br: a.br + sizes.get(f).br }),
    { raw: 0, gz: 0, br: 0 });
  const label = page === '' ? 'first load (what index.html loads)' : `${page}/ page load (what it loads)`;
  console.log(`${label.padEnd(48)} ${kb(t.raw)} ${kb(t.gz)} ${kb(t.br).padStart(9)}`);
  console.log(`  ${files.join(', ')}`);
  if (budget !== null) {
    const limit = PAGE_BUDGET_KB[page] ?? budget;
    const o = t.gz / 1024 > limit;
    over ||= o;
    console.log(`budget: ${page === '' ? 'first load' : page + '/'} ${(t.gz / 1024).toFixed(1)} KB gzip of ${limit} KB: ${o ? 'OVER' : 'ok'}`);
  }
}
// A page's Web Worker module (trunk's loader shim, its JS glue and its wasm): fetched only when
// the running page starts it (friends/'s host worker, when a player opens a table as host;
// drills/' worker, when a drill needs the index plays or the spread's edges), so never part of a
// first load; listed on a line of its own.
for (const loader of [...sizes.keys()].filter((f) => f.endsWith('_loader.js')).sort()) {
  const base = loader.slice(0, -'_loader.js'.length);
  const files = [loader, `${base}.js`, `${base}_bg.wasm`].filter((f) => sizes.has(f));
  const t = files.reduce((a, f) => ({ raw: a.raw + sizes.get(f).raw, gz: a.gz + sizes.get(f).gz, br: a.br + sizes.get(f).br }),
    { raw: 0, gz: 0, br: 0 });
  const label = `${base.split('/').pop()} worker (loaded when its page starts it)`;
  console.log(`${label.padEnd(48)} ${kb(t.raw)} ${kb(t.gz)} ${kb(t.br).padStart(9)}`);
  console.log(`  ${files.join(', ')}`);
}
if (pages.length === 0) {
  console.error(`size-report: no index.html in ${dir}`);
  process.exit(1);
}
if (over) process.exit(1);
