import { describe, expect, it } from 'vitest';
import { contributionCodeOf, contributionPath, readLinkContext, resolvePublicLink } from './public-link';

describe('public link rewrite (section 2)', () => {
  it('sends /m/su/{code} to the contribution page with ref, src, participant, participation and steps/can', () => {
    const r = resolvePublicLink('/m/su/AB12CD', '?ref=affiche&src=qr&participant=9&participation=41&steps=3,4&can=1&utm=x');
    expect(r).toEqual({ kind: 'rewrite', to: '/web/surveys/contribution/AB12CD?ref=affiche&src=qr&participant=9&participation=41&steps=3%2C4&can=1' });
  });

  it('keeps a bare link bare', () => {
    expect(resolvePublicLink('/m/su/AB12CD/', '')).toEqual({ kind: 'rewrite', to: '/web/surveys/contribution/AB12CD' });
  });

  it('sends the signed-in variant /{sessionID}/m/{type}/{id}/{code} to the session contribution page', () => {
    expect(resolvePublicLink('/k3x9pq/m/su/12/AB12CD', '?src=sms')).toEqual({ kind: 'rewrite', to: '/k3x9pq/web/surveys/contribution/AB12CD?src=sms' });
  });

  it('flags link types the page cannot open and ignores other paths', () => {
    expect(resolvePublicLink('/m/zz/AB12CD')).toEqual({ kind: 'unknown', type: 'zz' });
    expect(resolvePublicLink('/web/surveys/contribution/AB12CD')).toBeNull();
    expect(resolvePublicLink('/m/su')).toBeNull();
    expect(resolvePublicLink('/auth/login')).toBeNull();
  });

  it('opens the landing page of a target or a company code, and the code entry page', () => {
    expect(resolvePublicLink('/m/ws/K7P2QX9A')).toEqual({ kind: 'target', type: 'ws', code: 'K7P2QX9A' });
    expect(resolvePublicLink('/m/Site/K7P2QX9A')).toEqual({ kind: 'target', type: 'site', code: 'K7P2QX9A' });
    expect(resolvePublicLink('/m/co/DEMO01')).toEqual({ kind: 'target', type: 'co', code: 'DEMO01' });
    expect(resolvePublicLink('/s1/m/si/4/K7P2QX9A')).toEqual({ kind: 'target', type: 'si', code: 'K7P2QX9A', id: '4', sessionId: 's1' });
    expect(resolvePublicLink('/m')).toEqual({ kind: 'code' });
    expect(resolvePublicLink('/m/')).toEqual({ kind: 'code' });
  });

  it('carries the evaluated target to the contribution page', () => {
    expect(contributionPath('EVALGUIC', '?target=workspace%3A12&ref=x')).toBe('/web/surveys/contribution/EVALGUIC?ref=x&target=workspace%3A12');
  });

  it('encodes the code and reads it back from the contribution path', () => {
    const path = contributionPath('A B', '?ref=1');
    expect(path).toBe('/web/surveys/contribution/A%20B?ref=1');
    expect(contributionCodeOf(path.split('?')[0])).toBe('A B');
    expect(contributionCodeOf('/web/surveys/form/12')).toBeNull();
  });

  it('takes no survey id for a code (the public page sends codes only)', () => {
    expect(contributionCodeOf('/web/surveys/contribution/1234')).toBeNull();
    expect(contributionCodeOf('/web/surveys/contribution/T3XK9ABC')).toBe('T3XK9ABC');
  });

  it('reads only the carried values, trimmed, without empty ones', () => {
    expect(readLinkContext('?ref=%20a%20&src=&foo=bar&steps=2')).toEqual({ ref: 'a', steps: '2' });
  });
});
