import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { firstPaintTexts } from './src/app/first-paint/first-paint-texts.ts';

/** Where index.html runs the script: right after `#root`, which it draws into. */
const MARKER = '<!-- first-paint -->';

/**
 * The signed-in homes' first screen as an inline script of index.html (src/app/first-paint):
 * about 2 KB that run while the page is parsed, while the app's modules (react-dom, the
 * router, the texts) still download and evaluate. Inline, not a file: a file is one more
 * request, which on slow 4G shares the line with the app's 350 KB and could arrive seconds
 * late (measured: the heading's paint moved from 2.6 to 4.1 s). The server allows it by its
 * hash in the Content-Security-Policy (`inlineScriptHashes`, apps/api/src/http/static-web.ts).
 */
export function firstPaint(root: string): Plugin {
  const sourcePath = path.join(root, 'src/app/first-paint/first-paint.ts');
  let script = '';
  const build = async () => {
    // Bundled with the small pure modules it imports (the app's own rules: token-status.ts,
    // opening-language.ts), so the script and the app never disagree.
    const bundle = await rolldown({ input: sourcePath, platform: 'browser', logLevel: 'warn' });
    const { output } = await bundle.generate({ format: 'esm', comments: false });
    await bundle.close();
    // The module's one export becomes a function of the script, called once on the page itself.
    const body = output[0].code.replace(/^export \{[^}]*\};?\s*$/m, '');
    // `<` escaped: a text can never close the inline script.
    const texts = JSON.stringify(firstPaintTexts()).replace(/</g, '\\u003c');
    const page =
      "{ pathname: location.pathname, document: document, storage: storage, now: Date.now(), prefersDark: !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) }";
    script = `(function () {\n${body}\nvar storage;\ntry { storage = window.localStorage; } catch (e) { storage = undefined; }\ntry { paintFirstScreen(${texts}, ${page}); } catch (e) { /* the app draws its page anyway */ }\n})();\n`;
  };
  return {
    name: 'first-paint',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(MARKER)) return html;
        await build();
        return html.replace(MARKER, () => `<script>${script}</script>`);
      },
    },
  };
}
