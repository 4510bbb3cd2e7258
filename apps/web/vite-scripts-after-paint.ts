import type { Plugin } from 'vite';

/**
 * index.html's own scripts start downloading once the page has painted its first screen.
 *
 * The stylesheets block the first paint; the module entry and its two dozen modulepreloads,
 * requested with them, shared slow 4G with them and delayed that paint (about 315 KB of the
 * signed-in shell against 24 KB of CSS: the homes' FCP and LCP were 2.4 s in Lighthouse, a
 * budget of issue 23). A small inline script adds the same tags after the first frame (the
 * first-paint script's header and greeting are in it): the scripts start a frame later, the
 * screen appears a second earlier. In a hidden tab, where no frame comes, at once; a tab hidden
 * before its first frame starts when shown, and a frame that never comes is not waited for.
 *
 * The files are listed in a JSON data block the loader reads, not in the loader: its text, hence
 * the hash the server allows it by (`inlineScriptHashes`, read when the API starts), stays the same
 * from one build to the next, so a server not yet restarted after a deploy still lets it run.
 * `scripts/first-load-js.mjs` reads the files from the data block.
 */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_LINK = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
export const APP_SCRIPTS_ID = 'app-scripts';

/** How long a visible page waits for its first frame before starting anyway. */
const FRAME_WAIT_MS = 1_000;

/** The inline loader: the data block's modulepreloads first (no waterfall of imports), then its entry. */
export const LOADER_SCRIPT = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = JSON.parse(document.getElementById('${APP_SCRIPTS_ID}').textContent);
    files.preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = files.entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return start();
  requestAnimationFrame(function () { setTimeout(start, 0); });
  document.addEventListener('visibilitychange', start);
  setTimeout(start, ${FRAME_WAIT_MS});
})();`;

/** Moves index.html's module entry and modulepreloads into the data block and the loader, at the end of its body. */
export function scriptsAfterPaint(html: string): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error('index.html: no module entry script to start after the first paint (vite-scripts-after-paint.ts)');
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((match) => match[1]);
  // `<` escaped: a file name can never close the data block.
  const files = JSON.stringify({ entry: entry[1], preloads }).replace(/</g, '\\u003c');
  const rest = html.replace(ENTRY_SCRIPT, '').replace(PRELOAD_LINK, '');
  const end = rest.lastIndexOf('</body>');
  if (end < 0) throw new Error('index.html: no </body> to put the scripts loader before (vite-scripts-after-paint.ts)');
  const tags = `<script type="application/json" id="${APP_SCRIPTS_ID}">${files}</script>\n    <script>${LOADER_SCRIPT}</script>\n  `;
  return `${rest.slice(0, end)}${tags}${rest.slice(end)}`;
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
