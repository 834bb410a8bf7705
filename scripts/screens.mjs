// Produces the screenshot matrix (tests/e2e/matrix.test.mjs) without failing, for looking at
// the screens while working on the pages: every game's setup, table, power-card moment and end
// screen at five sizes, in test-output/screens/, and each screen's problems printed.
// Build first (scripts/build.sh dist /), then:  node scripts/screens.mjs [--test-name-pattern=casino]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...process.argv.slice(2), 'tests/e2e/matrix.test.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MATRIX_REPORT_ONLY: '1' },
});
console.log(`screens: test-output/screens/ (exit ${run.status})`);
process.exit(run.status ?? 1);
