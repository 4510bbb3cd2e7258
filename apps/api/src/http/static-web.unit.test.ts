import { describe, expect, it } from 'vitest';
import { spaPageFor } from './static-web';

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
