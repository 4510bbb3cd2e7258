import { beforeEach, describe, expect, it } from 'vitest';
import { paintFirstScreen, type FirstPaintPage } from './first-paint';
import { firstPaintTexts } from './first-paint-texts';

const NOW = Date.UTC(2026, 10, 29, 10, 0);
const texts = firstPaintTexts();

function storageWith(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

function account(sid: string, extra: { locale?: string; exp?: number; expRes?: number; keyRes?: string; name?: string } = {}) {
  return JSON.stringify({
    sid,
    usr: { id: 7, name: extra.name ?? 'Awa Mballa', locale: extra.locale },
    agents: [],
    permissions: {},
    picture: null,
    sessionInfo: { key: 'token', key_res: extra.keyRes ?? 'refresh', exp: extra.exp ?? NOW / 1000 + 600, exp_res: extra.expRes ?? NOW / 1000 + 86_400 },
  });
}

function page(pathname: string, entries: Record<string, string>, prefersDark = false): FirstPaintPage {
  return { pathname, document, storage: storageWith(entries), now: NOW, prefersDark };
}

const heading = () => document.querySelector('#root h1')?.textContent ?? null;

describe('the signed-in homes drawn before the app (first-paint)', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><div class="boot">Enquêtes</div></div>';
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('greets the account stored for the session of the address, in French by default', () => {
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd') }));
    expect(heading()).toBe('Bonjour Awa Mballa');
    expect(document.querySelector('#root .first-paint__name')?.textContent).toBe('Enquêtes');
    expect(document.querySelector('#root .boot')).toBeNull();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('writes the name as stored, whatever characters it holds', () => {
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd', { name: "Awa $& <b>M'balla</b> $'" }) }));
    expect(heading()).toBe("Bonjour Awa $& <b>M'balla</b> $'");
    expect(document.querySelector('#root h1 b')).toBeNull();
  });

  it("speaks the account's language, else the device's choice", () => {
    paintFirstScreen(texts, page('/ab12cd/web/', { 'account.ab12cd': account('ab12cd', { locale: 'zh-CN' }), 'app-language': 'de' }));
    expect(heading()).toBe('您好，Awa Mballa');
    paintFirstScreen(texts, page('/ab12cd/web', { 'account.ab12cd': account('ab12cd'), 'app-language': 'de' }));
    expect(heading()).toBe('Hallo Awa Mballa');
  });

  it('speaks first the language picked while signed out, as the app does when the account opens', () => {
    const entries = { 'account.ab12cd': account('ab12cd', { locale: 'zh-CN' }), 'app-language': 'de', 'app-language-unsaved': 'es-MX' };
    paintFirstScreen(texts, page('/ab12cd/business', entries));
    expect(heading()).toBe(texts['es-MX'].welcome.replace('{{name}}', 'Awa Mballa'));
    // A value no language has is passed over, as the app passes it over.
    paintFirstScreen(texts, page('/ab12cd/business', { ...entries, 'app-language-unsaved': 'constructor' }));
    expect(heading()).toBe('您好，Awa Mballa');
  });

  it('never shows an account stored under another session, nor on another page', () => {
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('zz99yy') }));
    expect(heading()).toBeNull();
    paintFirstScreen(texts, page('/ab12cd/business/sites', { 'account.ab12cd': account('ab12cd') }));
    expect(heading()).toBeNull();
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': '{not json' }));
    expect(heading()).toBeNull();
    expect(document.querySelector('#root .boot')).not.toBeNull();
  });

  it('draws nothing for a session whose sign-in has lapsed (the app sends it to sign-in)', () => {
    const past = NOW / 1000 - 1;
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd', { exp: past, expRes: past }) }));
    expect(heading()).toBeNull();
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd', { exp: past, keyRes: '' }) }));
    expect(heading()).toBeNull();
  });

  it('draws a session the app opens: its access token still valid, or renewable (isSessionUsable)', () => {
    const past = NOW / 1000 - 1;
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd', { expRes: past }) }));
    expect(heading()).toBe('Bonjour Awa Mballa');
    document.body.innerHTML = '<div id="root"></div>';
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd', { exp: past }) }));
    expect(heading()).toBe('Bonjour Awa Mballa');
  });

  it("opens in the look Mantine will apply: the device's choice, else the system's", () => {
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd') }, true));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    paintFirstScreen(texts, page('/ab12cd/business', { 'account.ab12cd': account('ab12cd'), 'mantine-color-scheme-value': 'light' }, true));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('has the greeting and the name of every language, each with the name placeholder', () => {
    for (const text of Object.values(texts)) {
      expect(text.appName).not.toBe('');
      expect(text.welcome).toContain('{{name}}');
    }
    expect(Object.keys(texts).sort()).toEqual(['de', 'en', 'es', 'es-MX', 'fr', 'zh-CN']);
  });
});
