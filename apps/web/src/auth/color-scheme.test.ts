import { describe, expect, it } from 'vitest';
import { applyColorScheme, COLOR_SCHEME_KEY, colorSchemeOf } from './color-scheme';

describe('the look of the sign-in page', () => {
  it('follows the choice made in the app, else the system', () => {
    expect(colorSchemeOf('dark', false)).toBe('dark');
    expect(colorSchemeOf('light', true)).toBe('light');
    expect(colorSchemeOf('auto', true)).toBe('dark');
    expect(colorSchemeOf(null, false)).toBe('light');
  });

  it('marks the document for the stylesheet', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    applyColorScheme(localStorage, document, { matchMedia: () => ({ matches: false }) as MediaQueryList });
    expect(document.documentElement.dataset.scheme).toBe('dark');
    localStorage.removeItem(COLOR_SCHEME_KEY);
    applyColorScheme(localStorage, document, { matchMedia: () => ({ matches: false }) as MediaQueryList });
    expect(document.documentElement.dataset.scheme).toBe('light');
  });
});
