#!/usr/bin/env node
// `npm run build -w apps/api`: the API compiled once into apps/api/dist, run as plain Node
// in production (no TypeScript loader in the running process). esbuild bundles our own code
// and the workspace packages (@app/contracts is consumed from its TypeScript sources);
// every npm dependency stays an import resolved from node_modules at run time (native
// modules, the PostgreSQL binaries' package and pdfkit's fonts live there). The migrations
// are copied beside the bundle: dist/ sits at the same depth as src/, so every path the
// code derives from its own folder (web dist, data folder, migrations) stays the same.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const api = path.resolve(import.meta.dirname, '..');
const dist = path.join(api, 'dist');
// Built beside, then swapped in: a server or test running the previous build meanwhile
// keeps reading whole files.
const next = path.join(api, `dist.next-${process.pid}`);

/** Bare imports stay external, except our workspace packages (TypeScript sources, bundled). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(next, { recursive: true, force: true });
mkdirSync(next, { recursive: true });
await build({
  entryPoints: { server: path.join(api, 'src/server.ts'), backup: path.join(api, 'src/ops/backup-cli.ts') },
  outdir: next,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Names kept: pino, Fastify and error reports print class and function names.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(api, 'src/db/migrations'), path.join(next, 'migrations'), { recursive: true });
// Written last: its presence and date say a build finished (scripts/build-if-stale.mjs compares it).
writeFileSync(path.join(next, 'BUILD'), `${new Date().toISOString()}\n`);
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
