import { SUPPORTED_LOCALES } from '@app/contracts/constants';
import { useState } from 'react';
import { writeLanguagePreference } from '../../i18n/language-preference';
import { type AppLanguage, LANGUAGE_NAMES } from '../../i18n/languages';
import { answerLanguage, matchLanguage, setAnswerLanguage } from '../answer-language';
import { M } from '../messages';

export interface LanguageSwitchProps {
  storage: Storage | undefined;
  doc?: Document;
  /** The new words are in place: draw the page again. */
  onSwitched(language: AppLanguage): void;
}

/**
 * The page's language picker: a native select (light, accessible, usable on any phone)
 * listing each language in its own name. The choice is remembered on the device.
 */
export function LanguageSwitch({ storage, doc, onSwitched }: LanguageSwitchProps) {
  const [busy, setBusy] = useState(false);
  async function pick(value: string) {
    const language = matchLanguage(value);
    if (!language || language === answerLanguage()) return;
    setBusy(true);
    try {
      await setAnswerLanguage(language, doc);
      writeLanguagePreference(storage, language);
      onSwitched(language);
    } catch {
      // The words could not be fetched (offline): stay in the current language.
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="ans-lang">
      <select className="ans-lang-select" aria-label={M.language} data-testid="answer-language" value={answerLanguage()} disabled={busy} onChange={(e) => void pick(e.currentTarget.value)}>
        {SUPPORTED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
