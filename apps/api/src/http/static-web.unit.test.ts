import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, spaPageFor } from './static-web';

describe('the page the server answers for an address of the web app', () => {
  it('is the answering page for public links, the code entry page and anonymous contribution pages, query or not', () => {
    for (const url of ['/m', '/m?code=AB12CD', '/m/', '/m/su/AB12CD', '/m/su/AB12CD?ref=affiche&src=qr', '/web/surveys/contribution/AB12CD?lang=en']) {
      expect(spaPageFor(url), url).toBe('answer.html');
    }
  });

  it('is the sign-in page for its addresses, and the app for the rest (its own /m-like and /web/surveys pages included)', () => {
    expect(spaPageFor('/auth/login?redirect=%2Fm%2Fsu%2FAB')).toBe('auth.html');
    for (const url of ['/', '/mnt', '/web/surveys', '/k3x9pq/m/su/1/AB12CD', '/k3x9pq/web/surveys/contribution/AB12CD', '/auth/logout']) {
      expect(spaPageFor(url), url).toBe('index.html');
    }
  });
});

describe("the inline scripts the pages' Content-Security-Policy allows", () => {
  it('are the exact texts of the built pages, by their sha256, and none without a build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    try {
      expect(inlineScriptHashes(dist)).toEqual([]);
      const script = '(function () { document.title = "x"; })();\n';
      writeFileSync(path.join(dist, 'index.html'), `<div id="root"></div>\n<script>${script}</script><script type="module" src="/assets/main.js"></script>`);
      const hash = createHash('sha256').update(script).digest('base64');
      expect(inlineScriptHashes(dist)).toEqual([`'sha256-${hash}'`]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
