import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { ACTIVITY_LOG_TEXTS, activityLogText } from './activity-log.texts';

describe('the activity log’s words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ACTIVITY_LOG_TEXTS, 'activity log');
  });

  it('names an activity kind and a target type in the requester’s language', () => {
    expect(activityLogText('en', 'monitors.created')).toBe('Supervision created');
    expect(activityLogText('zh-CN', 'workspace')).toBe('工作空间');
    expect(activityLogText('fr', 'sites.created')).toBe('Site créé');
  });
});
