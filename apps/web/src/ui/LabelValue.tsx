import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Label : value" with the reader's punctuation (`kit:labelValue`): French puts a space
 * before the colon, English and German do not, Chinese uses a full-width colon. Screens
 * never write the colon themselves.
 */

/** The pattern split around the value, so the value may be an element (`<b>`, a badge). */
function splitPattern(pattern: string): [string, string] {
  const at = pattern.indexOf('\u0000');
  return at < 0 ? [pattern, ''] : [pattern.slice(0, at), pattern.slice(at + 1)];
}

/** A function writing "label : value" as text (aria-labels, titles, joined lists). */
export function useLabelValue(): (label: string, value: string | number) => string {
  const { t } = useTranslation('kit');
  return (label, value) => t('labelValue', { label, value });
}

/** A label followed by its value, which may be an element: `<LabelValue label={t('code')}><b>{code}</b></LabelValue>`. */
export function LabelValue({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('kit');
  const [before, after] = splitPattern(t('labelValue', { label, value: '\u0000' }));
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
