import { describe, expect, it } from 'vitest';
import {
  allowedSurveyActions,
  canTransition,
  isSurveyEditable,
  readSurveySettings,
  SURVEY_STATUSES,
  SURVEY_TRANSITIONS,
  surveyPublicPath,
  surveySettingsPatchSchema,
} from './surveys';

describe('survey state machine', () => {
  it('allows exactly the transitions of DOMAIN.md', () => {
    const allowed = SURVEY_STATUSES.flatMap((status) =>
      (Object.keys(SURVEY_TRANSITIONS) as Array<keyof typeof SURVEY_TRANSITIONS>)
        .filter((action) => canTransition(action, status))
        .map((action) => `${status} -${action}-> ${SURVEY_TRANSITIONS[action].to}`),
    );
    expect(allowed).toEqual([
      'draft -submit-> submitted',
      'draft -publish-> published',
      'submitted -publish-> published',
      'submitted -reject-> rejected',
      'published -close-> closed',
      'rejected -submit-> submitted',
      'rejected -publish-> published',
    ]);
  });

  it('lists the buttons the builder may show; none for templates', () => {
    expect(allowedSurveyActions({ status: 'submitted' })).toEqual(['publish', 'reject', 'active', 'changeavailability']);
    expect(allowedSurveyActions({ status: 'closed' })).toEqual(['active', 'changeavailability']);
    expect(allowedSurveyActions({ status: 'draft', is_template: true })).toEqual([]);
  });

  it('keeps the structure editable only in draft and rejected', () => {
    expect(SURVEY_STATUSES.filter(isSurveyEditable)).toEqual(['draft', 'rejected']);
  });
});

describe('survey settings', () => {
  it('fills defaults when reading, and falls back to them on unreadable settings', () => {
    expect(readSurveySettings({ quota: 10 })).toEqual({
      anonymous: false,
      sign_in_required: false,
      one_per_person: false,
      geolocation_required: false,
      collaborative: false,
      quota: 10,
    });
    expect(readSurveySettings({ quota: 'many' }).quota).toBeNull();
    expect(readSurveySettings(null).anonymous).toBe(false);
  });

  it('parses a patch without filling defaults, refusing unknown keys', () => {
    expect(surveySettingsPatchSchema.parse({ one_per_person: true })).toEqual({ one_per_person: true });
    expect(surveySettingsPatchSchema.safeParse({ color: 'red' }).success).toBe(false);
    expect(surveySettingsPatchSchema.safeParse({ quota: 0 }).success).toBe(false);
  });

  it('builds the public link path', () => {
    expect(surveyPublicPath('ABCD2345')).toBe('/m/su/ABCD2345');
  });
});
