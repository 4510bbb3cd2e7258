#!/usr/bin/env node
// `npm test`: every suite in turn (lint, types, unit, web, API, browser journeys, deployment), then
// one closing line `N passed, N failed` over all of them. Exits non-zero on any failure.
// The API suites run once, on PostgreSQL: the server DATABASE_URL names (CI), else an
// embedded server the api project's global setup starts; the journeys' server always
// runs its own embedded server in a temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Each failed test's suite, file, name and first line of its error (or a failed check), printed just above the counts. */
const failures = [];

function run(cmd, args, env) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function record(name, passed, failed, skipped = 0, note = '') {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${name.padEnd(22)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${note ? ` (${note})` : ''}`);
}

/** A check that is one test: it passes or fails as a whole. */
function check(name, cmd, args) {
  if (only.length && !only.includes(name)) return;
  const code = run(cmd, args);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  if (code !== 0) failures.push(`${name}  exited ${code} (its output is above)`);
}

/** The first line of an error, without colours, short enough for a CI log's tail. */
function firstLine(text = '') {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const line = String(text).replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** A vitest project, counted test by test from its JSON report. */
function vitest(name, args, env = {}) {
  if (only.length && !only.includes(name)) return;
  const out = path.join(resultsDir, `${name}.json`);
  const code = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (!existsSync(out)) {
    record(name, 0, 1, 0, `vitest exited ${code} without a report`);
    failures.push(`${name}  vitest exited ${code} without a report`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  let failed = report.numFailedTests;
  // A file that fails to load counts as a failure even though no test ran in it.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  failed += brokenFiles;
  if (code !== 0 && failed === 0) {
    failed = 1;
    // No test failed, yet vitest did (an error outside the tests, e.g. an unhandled rejection).
    failures.push(`${name}  vitest exited ${code} with every test passed: an error outside the tests (its output is above)`);
  }
  const skipped = report.numPendingTests + report.numTodoTests;
  record(name, report.numPassedTests, failed, skipped);
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${name}  ${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${name}  ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

const { DATABASE_URL } = process.env;

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
vitest('unit', ['--project', 'unit']);
vitest('web', ['--project', 'web']);
// The API's build (apps/api/dist), once and before the suites that start it (the API's
// process tests, the journeys' server, the deployment): on a fresh clone it is absent, and
// test files building it side by side would race.
if (!only.length || only.some((name) => ['api', 'e2e', 'deploy'].includes(name))) {
  const code = run(process.execPath, ['scripts/build-if-stale.mjs', 'api']);
  record('api build', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  if (code !== 0) failures.push(`api build  exited ${code} (its output is above)`);
}
vitest('api', ['--project', 'api'], { DATABASE_URL: DATABASE_URL ?? '' });
if (!only.length || only.includes('api')) lines.push(`api ran on ${DATABASE_URL ? 'the server of DATABASE_URL' : 'an embedded PostgreSQL server'}`);
vitest('e2e', ['--config', 'e2e/vitest.config.ts'], { DATABASE_URL: '' });
// Three API processes behind HAProxy on the machine's PostgreSQL and Redis, then the short
// fault suite on servers of its own (deploy/vitest.config.ts; skipped without HAProxy).
vitest('deploy', ['--config', 'deploy/vitest.config.ts']);

// Printed last but one, so that a log's tail names what failed, not only how many.
if (failures.length) {
  console.log('\n── Failed tests ──');
  for (const line of failures) console.log(line);
}
console.log('\n── Suites ──');
for (const line of lines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
