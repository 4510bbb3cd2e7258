import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from '../../i18n/languages';
import { FEEDBACK_LABELS, feedbackLabels } from './feedback-labels';
import { feedbackOptions } from './sentry-client';

describe('feedback widget words', () => {
  it.each(APP_LANGUAGES)('%s has every label, none empty', (language) => {
    const labels = FEEDBACK_LABELS[language];
    expect(Object.keys(labels).sort()).toEqual(Object.keys(FEEDBACK_LABELS.fr).sort());
    for (const [key, text] of Object.entries(labels)) expect(text.trim(), key).not.toBe('');
  });

  it('speaks German, Spanish and Chinese, French for an unknown language', () => {
    expect(feedbackOptions('de').triggerLabel).toBe('Problem melden');
    expect(feedbackOptions('es-MX').submitButtonLabel).toBe('Enviar');
    expect(feedbackOptions('zh-CN').formTitle).toBe('报告问题');
    expect(feedbackLabels('xx').triggerLabel).toBe('Signaler un problème');
    expect(feedbackOptions('de')).toMatchObject({ showBranding: false, isNameRequired: false, isEmailRequired: false });
  });
});
