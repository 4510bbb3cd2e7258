import { LANGUAGE_STORAGE_KEY, openingLanguage, UNSAVED_LANGUAGE_KEY } from '../../i18n/opening-language';
import type { SessionInfo } from '../../lib/session/account.types';
import { isSessionUsable, nowInSeconds } from '../../lib/session/token-status';

/**
 * The signed-in homes' first screen, drawn from the account kept on the device before the
 * app's code has even arrived (issue 23, docs/PERFORMANCE.md): the frame's header and the
 * home's heading ("Bonjour …"), which is the page's largest text. The app replaces it when it
 * mounts, its own heading in the same place and size, so the heading's paint (the LCP) is the
 * page's first paint instead of the end of the app's start-up (`GET auth`, the shell's render).
 *
 * This function runs as a classic script of its own, before the module scripts
 * (`vite-first-paint.ts` bundles it with what it imports, and the texts of
 * `first-paint-texts.ts`): it may import only small pure modules (no i18next, no zod, no
 * React), the app's own rules, so that it never draws a page the app would not open
 * (`isSessionUsable`) nor in another language (`openingLanguage`). It does nothing unless
 * everything is as expected.
 */
export function paintFirstScreen(texts: FirstPaintTexts, page: FirstPaintPage): void {
  // Only the two homes: every other page's first screen is something else.
  const match = /^\/([a-z0-9]{4,16})\/(business|web)\/?$/.exec(page.pathname);
  const root = page.document.getElementById('root');
  if (!match || !root) return;
  const sid = match[1];
  let account: { sid?: unknown; usr?: { name?: unknown; locale?: unknown }; sessionInfo?: SessionInfo } | null = null;
  let unsavedLanguage: string | null = null;
  let deviceLanguage: string | null = null;
  let scheme: string | null = null;
  try {
    account = JSON.parse(page.storage?.getItem(`account.${sid}`) ?? 'null');
    unsavedLanguage = page.storage?.getItem(UNSAVED_LANGUAGE_KEY) ?? null;
    deviceLanguage = page.storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
    scheme = page.storage?.getItem('mantine-color-scheme-value') ?? null;
  } catch {
    return;
  }
  // The account kept for this very session (never another person's), one the app opens
  // without sending to sign-in (its guard's rule).
  const name = account?.usr?.name;
  if (!account || account.sid !== sid || typeof name !== 'string' || !name) return;
  if (!isSessionUsable(account.sessionInfo, nowInSeconds(page.now))) return;
  // The language the app opens in (account-language.ts), else French.
  const hasText = (language: string): language is string => Object.hasOwn(texts, language);
  const text = texts[openingLanguage({ unsaved: unsavedLanguage, account: account.usr?.locale, device: deviceLanguage }, hasText) ?? 'fr'];
  if (!text) return;
  // Mantine's own choice of look (its local-storage manager), so a dark app does not open white.
  const dark = scheme === 'dark' || (scheme !== 'light' && page.prefersDark);
  page.document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');

  const doc = page.document;
  const frame = doc.createElement('div');
  frame.className = 'first-paint';
  frame.setAttribute('aria-busy', 'true');
  const header = doc.createElement('div');
  header.className = 'first-paint__header';
  const appName = doc.createElement('span');
  appName.className = 'first-paint__name';
  appName.textContent = text.appName;
  header.appendChild(appName);
  const heading = doc.createElement('h1');
  heading.className = 'first-paint__title';
  heading.textContent = text.welcome.replace('{{name}}', () => name);
  const main = doc.createElement('div');
  main.className = 'first-paint__main';
  main.appendChild(heading);
  frame.append(header, main);
  root.replaceChildren(frame);
}

/** Per language (fr, en, de, es, es-MX, zh-CN): the product's name and the homes' greeting. */
export type FirstPaintTexts = Record<string, { appName: string; welcome: string }>;

/** What the script reads of the page it runs in (the real ones in the browser, fakes in tests). */
export interface FirstPaintPage {
  pathname: string;
  document: Document;
  storage: Storage | undefined;
  now: number;
  prefersDark: boolean;
}
