import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Imports run one way (docs/ARCHITECTURE.md): app -> pages -> features -> lib/ui. The route
// tables and the shell in app/ import every page; a page, feature or kit component that
// imports back from app/ makes the two depend on each other. Tests may use app's providers.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BELOW_APP = ['pages', 'features', 'lib', 'ui', 'answer', 'auth', 'i18n'];
const FROM_APP = /from\s+'((?:\.\.\/)+)app\/[^']*'|import\('((?:\.\.\/)+)app\//g;

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourcesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('web import direction', () => {
  it('no page, feature, kit or library file imports from app/', () => {
    const offenders = BELOW_APP.flatMap((top) => sourcesUnder(path.join(SRC, top)))
      .filter((file) => {
        for (const match of readFileSync(file, 'utf8').matchAll(FROM_APP)) {
          const target = path.resolve(path.dirname(file), match[1] ?? match[2] ?? '', 'app');
          if (target === path.join(SRC, 'app')) return true;
        }
        return false;
      })
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  // The contracts' index gathers every module, schemas included: a page importing it evaluates
  // all of zod's schemas before it draws (a long task on a slow phone, issue 23). One module each.
  it('no web source imports the contracts index, only its modules', () => {
    const offenders = ['app', ...BELOW_APP]
      .flatMap((top) => sourcesUnder(path.join(SRC, top)))
      .filter((file) => /from\s+'@app\/contracts'|import\('@app\/contracts'\)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
