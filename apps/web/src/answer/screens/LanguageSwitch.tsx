import { writeLanguagePreference } from '../../i18n/language-preference';
import type { AppLanguage } from '../../i18n/languages';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { answerLanguage, setAnswerLanguage } from '../answer-language';
import { M } from '../messages';

export interface LanguageSwitchProps {
  storage: Storage | undefined;
  doc?: Document;
  /** The new words are in place: draw the page again. */
  onSwitched(language: AppLanguage): void;
}

/** The page's language picker (the light entries' `LanguageSelect`); the choice is remembered on the device. */
export function LanguageSwitch({ storage, doc, onSwitched }: LanguageSwitchProps) {
  async function pick(language: AppLanguage) {
    try {
      await setAnswerLanguage(language, doc);
      writeLanguagePreference(storage, language);
      onSwitched(language);
    } catch {
      // The words could not be fetched (offline): stay in the current language.
    }
  }
  return (
    <div className="ans-lang">
      <LanguageSelect className="ans-lang-select" label={M.language} testId="answer-language" value={answerLanguage()} onPick={pick} />
    </div>
  );
}
