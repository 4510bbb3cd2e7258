import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS_ID, LOADER_SCRIPT, scriptsAfterPaint } from '../../vite-scripts-after-paint';

// What Vite writes in the built index.html (the tags this build step moves).
const built = (entry: string) => `<html><head>
    <script type="module" crossorigin src="${entry}"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-3.js">
    <link rel="stylesheet" crossorigin href="/assets/main-4.css">
  </head>
  <body><div id="root"></div></body></html>`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** The page as built, its data block in the body, then the loader run as the page runs it (the same text). */
function runLoader() {
  const data = scriptsAfterPaint(built('/assets/main-1.js')).match(/<script type="application\/json" id="app-scripts">([\s\S]*?)<\/script>/)?.[1];
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = APP_SCRIPTS_ID;
  block.textContent = data ?? '';
  document.body.appendChild(block);
  new Function(LOADER_SCRIPT)();
}

const added = () =>
  [...document.head.children].map((node) => `${node.tagName.toLowerCase()} ${node.getAttribute('rel') ?? node.getAttribute('type')} ${node.getAttribute('href') ?? node.getAttribute('src')}`);
const ALL = ['link modulepreload /assets/react-2.js', 'link modulepreload /assets/shell-3.js', 'script module /assets/main-1.js'];

describe("index.html's scripts after the first paint (vite-scripts-after-paint.ts)", () => {
  it('moves the entry and its modulepreloads into a data block read by one attribute-less inline loader, stylesheets untouched', () => {
    const html = scriptsAfterPaint(built('/assets/main-1.js'));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-4.css">');
    // `<script>` without attributes: the server allows it by its hash (inlineScriptHashes).
    const loader = html.match(/<script>([\s\S]*?)<\/script>\s*<\/body>/);
    expect(loader?.[1]).toBe(LOADER_SCRIPT);
    expect(() => scriptsAfterPaint('<html><body>no entry</body></html>')).toThrow(/no module entry/);
  });

  it('keeps the loader the same text from one build to the next (its hash in the CSP of a server not yet restarted)', () => {
    const loaderOf = (html: string) => html.match(/<script>([\s\S]*?)<\/script>\s*<\/body>/)?.[1];
    expect(loaderOf(scriptsAfterPaint(built('/assets/main-AAAA.js')))).toBe(loaderOf(scriptsAfterPaint(built('/assets/main-BBBB.js'))));
  });

  it('adds the preloads then the entry after the first frame, once', () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    runLoader();
    expect(added()).toEqual([]);
    for (const frame of frames) frame();
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual(ALL);
    expect(document.head.querySelector('script')?.getAttribute('crossorigin')).toBe('');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(ALL);
  });

  it('does not wait for a frame that never comes, nor for a tab hidden before its first frame', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    runLoader();
    vi.advanceTimersByTime(999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(ALL);
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    runLoader();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(ALL);
  });

  it('adds them at once in a hidden tab, where no frame comes', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader();
    expect(added()).toEqual(ALL);
  });
});
