import { NativeSelect } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { APP_LANGUAGES, isAppLanguage, LANGUAGE_NAMES } from '../i18n/languages';
import { showError } from '../lib/show-error';
import { showToast } from '../lib/toast';

const OPTIONS = APP_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

/**
 * The interface language and how to change it: the toast confirms the change in the new
 * language. Shared by the header's select and the phone's account menu entries.
 */
export function useLanguageChange() {
  const { i18n } = useTranslation('common');
  const [pending, setPending] = useState(false);

  const change = async (next: string) => {
    if (!isAppLanguage(next) || next === i18n.language) return;
    setPending(true);
    try {
      await changeLanguage(next);
      // The hook's `t` is bound to the language of the last render, still the old one.
      const tNext = i18n.getFixedT(next, 'common');
      showToast({ title: tNext('languageChangedTitle'), message: tNext('languageChangedMessage'), tone: 'success' });
    } catch (error) {
      // The locale chunk could not be fetched (offline after a deploy): say so, stay put.
      showError(error);
    } finally {
      setPending(false);
    }
  };

  return { language: i18n.language, pending, change };
}

/**
 * A native select: smallest bundle, keyboard and screen-reader friendly out of the box,
 * and a browser test drives it with `selectOption`.
 */
export function LanguageSwitcher({ testId = 'lang-switch', fullWidth = false }: { testId?: string; fullWidth?: boolean }) {
  const { t } = useTranslation('common');
  const { language, pending, change } = useLanguageChange();

  return (
    <NativeSelect
      data-testid={testId}
      aria-label={t('language')}
      size="xs"
      w={fullWidth ? '100%' : 170}
      data={OPTIONS}
      value={language}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => change(event.currentTarget.value)}
      disabled={pending}
    />
  );
}
