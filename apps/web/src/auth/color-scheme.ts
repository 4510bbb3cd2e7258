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
