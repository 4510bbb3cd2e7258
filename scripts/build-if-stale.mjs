// What `npm start`, `npm run backup` and `npm run restore` share: each build that is missing
// or stale (the web app, the API) is made again. A build is stale when a file it is made
// from (its sources, the contracts package, its configuration, the lockfile) is newer than
// the build's marker.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
export const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under `entries` (files or folders), tests left out. */
function newest(entries) {
  let latest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const info = statSync(file);
    if (info.isDirectory()) {
      for (const name of readdirSync(file)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(file, name));
    } else if (!/\.test(-support)?\.tsx?$/.test(file)) latest = Math.max(latest, info.mtimeMs);
  };
  for (const entry of entries) visit(entry);
  return latest;
}

function stale(marker, inputs) {
  return !existsSync(marker) || newest(inputs) > statSync(marker).mtimeMs;
}

const shared = [at('packages/contracts'), at('package-lock.json')];
const TARGETS = {
  web: { marker: at('apps/web/dist/index.html'), inputs: [at('apps/web'), ...shared] },
  api: { marker: at('apps/api/dist/BUILD'), inputs: [at('apps/api/src'), at('apps/api/scripts'), at('apps/api/package.json'), ...shared] },
};

/** Builds each of `names` that is absent or stale; exits the process when a build fails. */
export function buildIfStale(names) {
  for (const name of names) {
    const target = TARGETS[name];
    if (!stale(target.marker, target.inputs)) continue;
    process.stdout.write(`build: apps/${name} (absent or older than its sources)\n`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// Run directly (`node scripts/build-if-stale.mjs api`): the tests that start the built server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfStale(process.argv.slice(2));
