#!/usr/bin/env node
// `npm run backup` / `npm run restore`: the API's backup tool (apps/api/src/ops), built
// when missing or stale, run with plain Node. Arguments after `--` are passed on.
import { spawn } from 'node:child_process';
import { at, buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['api']);
const tool = spawn(process.execPath, ['--enable-source-maps', at('apps/api/dist/backup.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => tool.kill(signal));
tool.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
