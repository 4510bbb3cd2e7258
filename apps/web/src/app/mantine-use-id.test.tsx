import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { mantineStableUseId, STABLE_USE_ID_SOURCE } from '../../vite-mantine-use-id';

// The module the build replaces, where this install of Mantine has it.
const hooksEntry = createRequire(import.meta.url).resolve('@mantine/hooks');
const hooksEsm = path.join(path.dirname(hooksEntry), '..', 'esm');
const mantineUseId = path.join(hooksEsm, 'use-id', 'use-id.mjs');

function load(id: string): string | null {
  const hook = mantineStableUseId().load as (id: string) => string | null;
  return hook(id);
}

/** The replacement's hook, from its own source text (its one import given by this test). */
function stableUseId(): (staticId?: string) => string {
  const body = STABLE_USE_ID_SOURCE.replace(/^import .*$/m, 'const useReactId = React.useId;').replace(/^export \{ useId \};$/m, 'return useId;');
  return new Function('React', body)(React);
}

describe("the build's stable Mantine useId (vite-mantine-use-id.ts)", () => {
  it("replaces Mantine's use-id module, and only it", () => {
    expect(load(mantineUseId)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(`${mantineUseId}?v=1`)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(path.join(hooksEsm, 'use-disclosure', 'use-disclosure.mjs'))).toBeNull();
    expect(load('/work/src/use-id/use-id.mjs')).toBeNull();
  });

  it("matches what Mantine imports from it (a Mantine upgrade that moves it fails here)", () => {
    expect(readFileSync(path.join(hooksEsm, 'index.mjs'), 'utf8')).toContain('import { useId } from "./use-id/use-id.mjs";');
    expect(readFileSync(mantineUseId, 'utf8')).toMatch(/export \{ useId\$1 as useId \}/);
  });

  it('gives an id usable in a selector, stable across renders, drawn once, a given id winning', () => {
    const useId = stableUseId();
    const seen: string[] = [];
    function Probe({ given, tick }: { given?: string; tick: number }) {
      seen.push(`${tick}:${useId(given)}`);
      return null;
    }
    const view = render(<Probe tick={1} />);
    view.rerender(<Probe tick={2} />);
    expect(seen).toHaveLength(2);
    const [first, second] = seen.map((entry) => entry.split(':')[1]);
    expect(first).toMatch(/^mantine-[A-Za-z0-9_-]+$/);
    expect(second).toBe(first);
    view.rerender(<Probe tick={3} given="chosen" />);
    expect(seen.at(-1)).toBe('3:chosen');
  });
});
