import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Plugin, transformWithOxc } from 'vite';
import { firstPaintTexts } from './src/app/first-paint/first-paint-texts.ts';

/** Where index.html asks for the script: right after `#root`, which it draws into. */
const MARKER = '<!-- first-paint -->';

/**
 * The signed-in homes' first screen as a classic script of its own (src/app/first-paint):
 * a few hundred bytes that run as soon as the page is parsed, while the app's modules
 * (react-dom, the router, the texts) still download and evaluate. A separate file, not an
 * inline script: the pages' Content-Security-Policy allows scripts from 'self' only.
 */
export function firstPaint(root: string): Plugin {
  const sourcePath = path.join(root, 'src/app/first-paint/first-paint.ts');
  let script = '';
  let fileName = '';
  const build = async () => {
    const { code } = await transformWithOxc(await readFile(sourcePath, 'utf8'), sourcePath, { lang: 'ts' });
    // The module's one export becomes a function of the script, called once on the page itself.
    const body = code.replace(/^export function /m, 'function ').replace(/^export \{\s*\};?\s*$/m, '');
    const page =
      "{ pathname: location.pathname, document: document, storage: storage, now: Date.now(), prefersDark: !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) }";
    script = `(function () {\n${body}\nvar storage;\ntry { storage = window.localStorage; } catch (e) { storage = undefined; }\ntry { paintFirstScreen(${JSON.stringify(firstPaintTexts())}, ${page}); } catch (e) { /* the app draws its page anyway */ }\n})();\n`;
    fileName = `assets/first-paint-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  };
  return {
    name: 'first-paint',
    async buildStart() {
      await build();
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.url !== '/first-paint.js') return next();
        await build();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(script);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: script });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(MARKER)) return html;
        const src = ctx.server ? '/first-paint.js' : `/${fileName}`;
        return html.replace(MARKER, `<script src="${src}"></script>`);
      },
    },
  };
}
