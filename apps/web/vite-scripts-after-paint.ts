import type { Plugin } from 'vite';

/**
 * index.html's own scripts start downloading once the page has painted its first screen.
 *
 * The stylesheets block the first paint; the module entry and its two dozen modulepreloads,
 * requested with them, shared slow 4G with them and delayed that paint (about 315 KB of the
 * signed-in shell against 24 KB of CSS: the homes' FCP and LCP were 2.4 s in Lighthouse, a
 * budget of issue 23). A small inline script adds the same tags after the first frame (the
 * first-paint script's header and greeting are in it): the scripts start a frame later, the
 * screen appears a second earlier. In a hidden tab, where no frame comes, at once.
 * `scripts/first-load-js.mjs` reads the files from it.
 */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_LINK = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The inline loader: modulepreloads first (no waterfall of imports), then the entry. */
export function loaderScript(entry: string, preloads: readonly string[]): string {
  return `(function (entry, preloads) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})(${JSON.stringify(entry)}, ${JSON.stringify(preloads)});`;
}

/** Moves index.html's module entry and modulepreloads into the loader, at the end of its body. */
export function scriptsAfterPaint(html: string): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) return html;
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((match) => match[1]);
  const rest = html.replace(ENTRY_SCRIPT, '').replace(PRELOAD_LINK, '');
  return rest.replace('</body>', () => `<script>${loaderScript(entry[1], preloads)}</script>\n  </body>`);
}

export function appScriptsAfterPaint(): Plugin {
  return {
    name: 'app-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return context.filename.endsWith('/index.html') ? scriptsAfterPaint(html) : html;
      },
    },
  };
}
