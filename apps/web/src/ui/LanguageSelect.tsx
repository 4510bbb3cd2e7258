import { type ChangeEvent, useState } from 'react';
import { APP_LANGUAGES, type AppLanguage, LANGUAGE_NAMES, matchLanguage } from '../i18n/languages';

export interface LanguageSelectProps {
  value: AppLanguage;
  /** Its accessible name, in the page's language. */
  label: string;
  /** The entry's own look (`auth-select`, `ans-lang-select`): each light entry has its CSS. */
  className: string;
  testId: string;
  /**
   * A language other than `value` was picked: switch to it. Handles its own failures (the
   * words could not be fetched: stay put) and resolves when done; the select is disabled till then.
   */
  onPick(language: AppLanguage): Promise<unknown>;
}

/**
 * The language select of the light entries (sign-in page, public answering page): a plain
 * native select, no Mantine nor i18next (those pages load without them on purpose; the
 * Mantine app has `LanguageSwitcher`). Light, accessible, usable on any phone, and each
 * language is named in itself so a reader lost in the current one still finds theirs.
 */
export function LanguageSelect({ value, label, className, testId, onPick }: LanguageSelectProps) {
  const [busy, setBusy] = useState(false);

  async function change(event: ChangeEvent<HTMLSelectElement>) {
    const next = matchLanguage(event.currentTarget.value);
    if (!next || next === value) return;
    setBusy(true);
    try {
      await onPick(next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <select className={className} aria-label={label} data-testid={testId} value={value} disabled={busy} onChange={(event) => void change(event)}>
      {APP_LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
