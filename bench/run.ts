// `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process so one
// benchmark's memory cannot skew the next. Each prints its figures as ratios to a
// baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
// The V8 flags `npm start` gives the server (apps/api/package.json), so that the
// benchmarks, which run the app in their own process, measure the server as it runs.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failures = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const res = spawnSync('npx', ['tsx', ...SERVER_NODE_FLAGS, path.join(dir, file)], { stdio: 'inherit', cwd: path.resolve(dir, '..') });
  if (res.status !== 0) failures++;
}
process.exit(failures ? 1 : 0);
