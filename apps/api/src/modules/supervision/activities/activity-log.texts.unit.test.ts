import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_LOG_TEXTS, activityLogText } from './activity-log.texts';

describe('the activity log’s words, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(ACTIVITY_LOG_TEXTS.fr, ACTIVITY_LOG_TEXTS[locale], locale, 'activity log')).toEqual([]);
  });

  it('names an activity kind and a target type in the requester’s language', () => {
    expect(activityLogText('en', 'monitors.created')).toBe('Supervision created');
    expect(activityLogText('zh-CN', 'workspace')).toBe('工作空间');
    expect(activityLogText('fr', 'sites.created')).toBe('Site créé');
  });
});
