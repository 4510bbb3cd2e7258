import { NativeSelect } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { APP_LANGUAGES, isAppLanguage, LANGUAGE_NAMES } from '../i18n/languages';
import { showError } from '../lib/show-error';
import { showToast } from '../lib/toast';

const OPTIONS = APP_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

/**
 * A native select: smallest bundle, keyboard and screen-reader friendly out of the box,
 * and a browser test drives it with `selectOption`. The toast confirms the change in
 * the new language.
 */
export function LanguageSwitcher({ testId = 'lang-switch', fullWidth = false }: { testId?: string; fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const [pending, setPending] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.currentTarget.value;
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

  return (
    <NativeSelect
      data-testid={testId}
      aria-label={t('language')}
      size="xs"
      w={fullWidth ? '100%' : 170}
      data={OPTIONS}
      value={i18n.language}
      onChange={onChange}
      disabled={pending}
    />
  );
}
