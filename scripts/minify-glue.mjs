// Minifies the wasm-bindgen JS glue of every page in DIST (Trunk copies it as written), so the
// first-load budget counts code, not whitespace, and rewrites the page's subresource-integrity
// digest to match. Runs before the service worker's file list is made, so the precache hash
// covers the minified files.   Usage: node scripts/minify-glue.mjs DIST
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { minify } from 'terser';

const dist = process.argv[2] || 'dist';
const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
for (const file of walk(dist).filter((f) => f.endsWith('.js') && !f.endsWith('sw.js'))) {
  const source = readFileSync(file, 'utf8');
  const out = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!out.code) throw new Error(`terser produced nothing for ${file}`);
  const [before, after] = [sri(source), sri(out.code)];
  const pages = readdirSync(dirname(file)).filter((n) => n.endsWith('.html')).map((n) => join(dirname(file), n));
  const referring = pages.filter((p) => readFileSync(p, 'utf8').includes(before));
  for (const page of referring) writeFileSync(page, readFileSync(page, 'utf8').replaceAll(before, after));
  writeFileSync(file, out.code);
  console.log(`minified ${file}: ${source.length} -> ${out.code.length} bytes; integrity updated in ${referring.length} page(s)`);
}
