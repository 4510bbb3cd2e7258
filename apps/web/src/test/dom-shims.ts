import { configure } from '@testing-library/react';

/**
 * jsdom lacks a few browser APIs Mantine and the shell call. The root vitest config is
 * shared by every workspace, so web tests import these shims instead of a setup file.
 */
export function installDomShims(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // jsdom prints "not implemented" for scrolling; the route-change effect scrolls.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}

installDomShims();
// The first visit to a lazy page transforms its chunk on the fly; on a busy two-core
// machine that can exceed Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });
