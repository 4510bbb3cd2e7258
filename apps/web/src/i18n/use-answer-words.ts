import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchLanguage, setAnswerLanguage } from '../answer/answer-language';
import type { AppLanguage } from './languages';

/**
 * The answering components inside the app speak the app's language: their own words
 * (answer/messages.ts, not i18next) are loaded for it. Null until they are in place, then
 * the language they speak, which changes after a switch so the components draw again.
 */
export function useAnswerWords(): AppLanguage | null {
  const { i18n } = useTranslation();
  const language = matchLanguage(i18n.language) ?? 'fr';
  const [ready, setReady] = useState<AppLanguage | null>(null);
  useEffect(() => {
    let current = true;
    setAnswerLanguage(language)
      .then(
        () => language,
        () => setAnswerLanguage('fr').then(() => 'fr' as const),
      )
      .then((spoken) => {
        if (current) setReady(spoken);
      });
    return () => {
      current = false;
    };
  }, [language]);
  return ready;
}
