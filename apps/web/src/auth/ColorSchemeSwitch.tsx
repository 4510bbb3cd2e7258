import { useState } from 'react';
import { deviceStorage } from '../i18n/language-preference';
import type { AuthWords } from './auth-words';
import { chooseColorScheme, shownColorScheme } from './color-scheme';

/**
 * The light/dark switch of the light pages, as the app's header has it (ui/ColorSchemeToggle):
 * named by what it does ("Switch to dark theme"), kept where the app reads it.
 */
export function ColorSchemeSwitch({ words }: { words: AuthWords }) {
  const [scheme, setScheme] = useState(shownColorScheme);
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? words.common.colorSchemeToLight : words.common.colorSchemeToDark;
  return (
    <button
      type="button"
      className="auth-scheme"
      data-testid="color-scheme-switch"
      aria-label={label}
      title={label}
      onClick={() => {
        chooseColorScheme(next, deviceStorage());
        setScheme(next);
      }}
    >
      {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

const ICON = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function MoonIcon() {
  return (
    <svg {...ICON} aria-hidden="true" focusable="false">
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg {...ICON} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" />
      <path d="M3 12h1m8-9v1m8 8h1m-9 8v1M5.6 5.6l.7.7m12.1-.7-.7.7m0 11.4.7.7m-12.1-.7-.7.7" />
    </svg>
  );
}
