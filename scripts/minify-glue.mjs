// Minifies the wasm-bindgen JS glue of every page in DIST (Trunk copies it as written), so the
// first-load budget counts code, not whitespace. Runs before the service worker's file list is
// made, so the precache hash covers the minified files.   Usage: node scripts/minify-glue.mjs DIST
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

const dist = process.argv[2] || 'dist';
const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
for (const file of walk(dist).filter((f) => f.endsWith('.js') && !f.endsWith('sw.js'))) {
  const source = readFileSync(file, 'utf8');
  const out = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!out.code) throw new Error(`terser produced nothing for ${file}`);
  writeFileSync(file, out.code);
  console.log(`minified ${file}: ${source.length} -> ${out.code.length} bytes`);
}
