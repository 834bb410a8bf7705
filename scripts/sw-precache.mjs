// Trunk post_build hook: writes the precache list and build version into sw.js.
// Usage: node scripts/sw-precache.mjs [dir]   (default: $TRUNK_STAGING_DIR)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';

// Runs as a Trunk hook after each page's build, and once more by scripts/build.sh over the
// whole site: it always starts from the template in static/sw.js, so a later run replaces an
// earlier one. A page built without a service worker (tables/, uno/) is skipped.
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('sw-precache: no directory (pass one, or run as a Trunk hook)');
  process.exit(1);
}
if (!existsSync(join(dir, 'sw.js'))) {
  console.log(`sw-precache: no sw.js in ${dir}; nothing to do`);
  process.exit(0);
}

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join('/'))
  // friends/ is precached too, its host worker (friends_host_*) included: a table on a home
  // network (the signalling server on one of its machines) plays without the internet.
  .filter((f) => f !== 'sw.js' && !f.startsWith('.stage') && !f.includes('/.stage'))
  .sort();
const hash = createHash('sha256');
for (const f of files) {
  hash.update(f);
  hash.update(readFileSync(join(dir, f)));
}
const version = hash.digest('hex').slice(0, 16);
// Pages are fetched by their directory URL too ("./", "./tables/", "./uno/").
const pages = files.filter((f) => f.endsWith('index.html')).map((f) => './' + f.slice(0, -'index.html'.length));
const urls = [...pages, ...files.map((f) => './' + f)];
const swPath = join(dir, 'sw.js');
const template = join(dirname(fileURLToPath(import.meta.url)), '..', 'static', 'sw.js');
const sw = readFileSync(template, 'utf8');
writeFileSync(swPath, sw.replace("'__BUILD_VERSION__'", JSON.stringify(version)).replace('__PRECACHE_LIST__', JSON.stringify(urls)));
console.log(`sw-precache: ${urls.length} URLs, version ${version}`);
