#!/usr/bin/env node
// `npm start`: builds what is missing or stale (the web app, the API: build-if-stale.mjs),
// then runs the built API with plain Node. Signals are passed on to the server, so that a
// SIGTERM drains it (apps/api/src/server.ts).
import { spawn } from 'node:child_process';
import { at, buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['web', 'api']);
const server = spawn(process.execPath, ['--max-semi-space-size=64', '--enable-source-maps', at('apps/api/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
