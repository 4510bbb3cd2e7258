/**
 * The light or dark look of the sign-in page: the app's choice on this device (Mantine's
 * `mantine-color-scheme-value`, set by the theme switch of the app's header), else, as the
 * app does by default (`defaultColorScheme="auto"`), the system's preference.
 */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

export function colorSchemeOf(stored: string | null, systemPrefersDark: boolean): 'light' | 'dark' {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

/** Sets `data-scheme` on <html> (auth.css reads it). */
export function applyColorScheme(storage: Storage | undefined, doc: Document = document, view: Pick<Window, 'matchMedia'> = window): void {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(COLOR_SCHEME_KEY) ?? null;
  } catch {
    stored = null;
  }
  const prefersDark = typeof view.matchMedia === 'function' && view.matchMedia('(prefers-color-scheme: dark)').matches;
  doc.documentElement.dataset.scheme = colorSchemeOf(stored, prefersDark);
}

/** The look shown now (what applyColorScheme set). */
export function shownColorScheme(doc: Document = document): 'light' | 'dark' {
  return doc.documentElement.dataset.scheme === 'dark' ? 'dark' : 'light';
}

/**
 * The person's choice on this page: shown at once and kept under the app's key, so the app
 * opens in it after sign-in (Mantine's local-storage manager reads the same value).
 */
export function chooseColorScheme(scheme: 'light' | 'dark', storage: Storage | undefined, doc: Document = document): void {
  doc.documentElement.dataset.scheme = scheme;
  try {
    storage?.setItem(COLOR_SCHEME_KEY, scheme);
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
}
