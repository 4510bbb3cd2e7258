import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstPaint } from '../../../vite-first-paint';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The inline script index.html gets, as the build writes it. */
async function builtScript(): Promise<string> {
  const plugin = firstPaint(WEB_ROOT);
  const transform = plugin.transformIndexHtml as { handler: (html: string) => Promise<string> };
  const html = await transform.handler('<div id="root"></div><!-- first-paint -->');
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no first-paint script in the page');
  return script;
}

describe('the first-paint script as built into index.html', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
  });

  it('carries the rules it imports and greets a renewable session in the language picked signed out', async () => {
    const script = await builtScript();
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    const nowS = Math.floor(Date.now() / 1000);
    localStorage.setItem(
      'account.ab12cd',
      JSON.stringify({ sid: 'ab12cd', usr: { name: 'Awa', locale: 'de' }, sessionInfo: { key: 't', key_res: 'r', exp: nowS - 60, exp_res: nowS + 3600 } }),
    );
    localStorage.setItem('app-language-unsaved', 'en');
    window.history.replaceState(null, '', '/ab12cd/business');
    new Function(script)();
    expect(document.querySelector('#root h1')?.textContent).toBe('Hello Awa');
  });
});
