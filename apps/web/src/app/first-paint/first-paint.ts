/**
 * The signed-in homes' first screen, drawn from the account kept on the device before the
 * app's code has even arrived (issue 23, docs/PERFORMANCE.md): the frame's header and the
 * home's heading ("Bonjour …"), which is the page's largest text. The app replaces it when it
 * mounts, its own heading in the same place and size, so the heading's paint (the LCP) is the
 * page's first paint instead of the end of the app's start-up (`GET auth`, the shell's render).
 *
 * This function runs as a classic script of its own, before the module scripts
 * (`vite-first-paint.ts` writes it, with the texts of `first-paint-texts.ts`): it must not
 * reference anything outside itself, and does nothing unless everything is as expected.
 */
export function paintFirstScreen(texts: FirstPaintTexts, page: FirstPaintPage): void {
  // Only the two homes: every other page's first screen is something else.
  const match = /^\/([a-z0-9]{4,16})\/(business|web)\/?$/.exec(page.pathname);
  const root = page.document.getElementById('root');
  if (!match || !root) return;
  const sid = match[1];
  let account: { sid?: unknown; usr?: { name?: unknown; locale?: unknown }; sessionInfo?: { key?: unknown; exp_res?: unknown } } | null = null;
  let deviceLanguage: string | null = null;
  let scheme: string | null = null;
  try {
    account = JSON.parse(page.storage?.getItem(`account.${sid}`) ?? 'null');
    deviceLanguage = page.storage?.getItem('app-language') ?? null;
    scheme = page.storage?.getItem('mantine-color-scheme-value') ?? null;
  } catch {
    return;
  }
  // The account kept for this very session (never another person's), still able to sign in.
  const name = account?.usr?.name;
  const refreshEnd = account?.sessionInfo?.exp_res;
  if (!account || account.sid !== sid || typeof name !== 'string' || !name || typeof account.sessionInfo?.key !== 'string') return;
  if (typeof refreshEnd === 'number' && refreshEnd > 0 && refreshEnd * 1000 <= page.now) return;
  // The language the app opens in: the account's, else this device's choice, else French.
  const accountLanguage = typeof account.usr?.locale === 'string' ? account.usr.locale : null;
  const text = texts[accountLanguage ?? ''] ?? texts[deviceLanguage ?? ''] ?? texts.fr;
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
