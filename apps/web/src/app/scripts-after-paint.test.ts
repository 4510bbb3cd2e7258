import { afterEach, describe, expect, it, vi } from 'vitest';
import { loaderScript, scriptsAfterPaint } from '../../vite-scripts-after-paint';

// What Vite writes in the built index.html (the tags this build step moves).
const BUILT = `<html><head>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-3.js">
    <link rel="stylesheet" crossorigin href="/assets/main-4.css">
  </head>
  <body><div id="root"></div></body></html>`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

function runLoader() {
  // The page runs it as an inline script: the same text, evaluated.
  new Function(loaderScript('/assets/main-1.js', ['/assets/react-2.js', '/assets/shell-3.js']))();
}

const added = () => [...document.head.children].map((node) => `${node.tagName.toLowerCase()} ${node.getAttribute('rel') ?? node.getAttribute('type')} ${node.getAttribute('href') ?? node.getAttribute('src')}`);

describe("index.html's scripts after the first paint (vite-scripts-after-paint.ts)", () => {
  it('moves the entry and its modulepreloads into one attribute-less inline loader, stylesheets untouched', () => {
    const html = scriptsAfterPaint(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-4.css">');
    // `<script>` without attributes: the server allows it by its hash (inlineScriptHashes).
    const loader = html.match(/<script>([\s\S]*?)<\/script>\s*<\/body>/);
    expect(loader?.[1]).toBe(loaderScript('/assets/main-1.js', ['/assets/react-2.js', '/assets/shell-3.js']));
    expect(scriptsAfterPaint('<html><body>no entry</body></html>')).toBe('<html><body>no entry</body></html>');
  });

  it('adds the preloads then the entry after the first frame', () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    runLoader();
    expect(added()).toEqual([]);
    for (const frame of frames) frame();
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual(['link modulepreload /assets/react-2.js', 'link modulepreload /assets/shell-3.js', 'script module /assets/main-1.js']);
    expect(document.head.querySelector('script')?.getAttribute('crossorigin')).toBe('');
  });

  it('adds them at once in a hidden tab, where no frame comes', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader();
    expect(added()).toHaveLength(3);
  });
});
