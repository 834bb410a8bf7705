// Trunk post_build hook: writes the precache list and build version into sw.js.
// Usage: node scripts/sw-precache.mjs [dir]   (default: $TRUNK_STAGING_DIR)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('sw-precache: no directory (pass one, or run as a Trunk hook)');
  process.exit(1);
}

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join('/'))
  .filter((f) => f !== 'sw.js')
  .sort();
const hash = createHash('sha256');
for (const f of files) {
  hash.update(f);
  hash.update(readFileSync(join(dir, f)));
}
const version = hash.digest('hex').slice(0, 16);
const urls = ['./', ...files.map((f) => './' + f)];
const swPath = join(dir, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
if (!sw.includes('__PRECACHE_LIST__')) {
  console.error('sw-precache: sw.js has no placeholder (already processed?)');
  process.exit(1);
}
writeFileSync(swPath, sw.replace("'__BUILD_VERSION__'", JSON.stringify(version)).replace('__PRECACHE_LIST__', JSON.stringify(urls)));
console.log(`sw-precache: ${urls.length} URLs, version ${version}`);
