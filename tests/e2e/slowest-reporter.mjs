// A node:test reporter beside the spec reporter (scripts/test.sh): once every file has run, it
// prints the ten slowest tests with their files, so a slow change shows where it went. It prints
// figures only; no test passes or fails by time.
import { relative } from 'node:path';

export default async function* slowest(source) {
  const tests = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    // Top-level tests only (a file's own entry when node runs files in processes of their own
    // has nesting 0 and no name of a test; its tests are nested under it).
    if (data.details?.type === 'suite' || data.details?.duration_ms === undefined) continue;
    if (!data.file || data.name === data.file) continue;
    tests.push({ name: data.name, file: relative(process.cwd(), data.file), ms: data.details.duration_ms });
  }
  tests.sort((a, b) => b.ms - a.ms);
  yield '\nThe ten slowest end-to-end tests:\n';
  for (const t of tests.slice(0, 10)) {
    yield `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file}: ${t.name}\n`;
  }
}
