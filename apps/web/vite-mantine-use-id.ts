import type { Plugin } from 'vite';

/**
 * Mantine's `useId` (behind every Popover, Menu, Tooltip, Portal, AppShell and input) draws
 * with React's id, then swaps it for a random one in a layout effect: a second, synchronous
 * render of each of them right after the page is first drawn. On a slow phone those
 * renders were the longest task of the signed-in homes (issue 23, docs/PERFORMANCE.md,
 * "what blocked the main thread").
 *
 * React's `useId` is already stable for a component's life and unique in the page (the app
 * has one React root), so this build serves Mantine an implementation that keeps it: the same
 * `mantine-…` form (characters an id selector accepts), a given id still wins. Checked by
 * `src/app/mantine-use-id.test.tsx` against the module it replaces. The build only: the
 * development server's pre-bundled Mantine keeps its own (the same ids, one render more).
 */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

export const STABLE_USE_ID_SOURCE = `import { useId as useReactId } from 'react';
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^A-Za-z0-9_-]/g, '');
}
export { useId };
`;

export function mantineStableUseId(): Plugin {
  return {
    name: 'mantine-stable-use-id',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id.split('?')[0]) ? STABLE_USE_ID_SOURCE : null;
    },
  };
}
