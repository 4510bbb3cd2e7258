import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/language-preference';
import { makeAccount } from '../../test/account-fixtures';
import { followChosenLanguage, openAccountLanguage, UNSAVED_LANGUAGE_KEY } from './account-language';
import { accounts } from './account-store';

const NOW_S = Math.floor(Date.now() / 1000);
let counter = 0;
const nextSid = () => `l${String(++counter).padStart(4, '0')}x`;

/** A fetch standing for POST profile/update: records the bodies, answers the user with the locale sent. */
function stubProfile() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!String(url).endsWith('profile/update')) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      return new Response(JSON.stringify({ success: true, data: { id: 1, locale: body.locale } }), { status: 200 });
    }),
  );
  return bodies;
}

let stop: () => void = () => undefined;

beforeEach(async () => {
  await initI18n();
  localStorage.clear();
});

afterEach(async () => {
  stop();
  vi.unstubAllGlobals();
  await changeLanguage('fr');
  localStorage.clear();
});

afterAll(() => localStorage.clear());

describe('the language is kept on the account', () => {
  it('a choice made on a signed-in page is written to that account', async () => {
    const account = makeAccount(nextSid(), { locale: 'fr' }, NOW_S + 600, NOW_S + 86_400);
    accounts.save(account);
    const bodies = stubProfile();
    stop = followChosenLanguage({ pathname: `/${account.sid}/business` });
    await changeLanguage('de');
    expect(bodies).toEqual([{ locale: 'de' }]);
    expect(accounts.get(account.sid)?.usr.locale).toBe('de');
    // Choosing the account's language again sends nothing.
    await changeLanguage('de');
    expect(bodies).toHaveLength(1);
  });

  it('opening an account applies its language (chosen on another device) and keeps it on this one', async () => {
    const account = makeAccount(nextSid(), { locale: 'zh-CN' }, NOW_S + 600, NOW_S + 86_400);
    const bodies = stubProfile();
    await openAccountLanguage(account);
    expect(i18n.language).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(bodies).toEqual([]);
  });

  it('a language picked while signed out goes to the account at sign-in instead', async () => {
    stop = followChosenLanguage({ pathname: '/auth/login' });
    stubProfile();
    await changeLanguage('en');
    expect(localStorage.getItem(UNSAVED_LANGUAGE_KEY)).toBe('en');
    const account = makeAccount(nextSid(), { locale: 'fr' }, NOW_S + 600, NOW_S + 86_400);
    accounts.save(account);
    const bodies = stubProfile();
    await openAccountLanguage(account);
    expect(bodies).toEqual([{ locale: 'en' }]);
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull();
  });

  it('offline, the choice stays on the device', async () => {
    const account = makeAccount(nextSid(), { locale: 'fr' }, NOW_S + 600, NOW_S + 86_400);
    accounts.save(account);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    stop = followChosenLanguage({ pathname: `/${account.sid}/business` });
    await changeLanguage('es');
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(accounts.get(account.sid)?.usr.locale).toBe('fr');
  });
});
