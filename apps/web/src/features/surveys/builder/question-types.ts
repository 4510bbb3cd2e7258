import type { QuestionType } from '@app/contracts/survey-question-types';

/** The type picker's groups, in the order an author looks for them. */
export const QUESTION_TYPE_GROUPS: ReadonlyArray<{ group: 'text' | 'choice' | 'scale' | 'media'; types: QuestionType[] }> = [
  { group: 'text', types: ['short_text', 'long_text', 'number', 'email', 'phone', 'date', 'time'] },
  { group: 'choice', types: ['single_choice', 'multiple_choice', 'dropdown', 'yes_no', 'ranking', 'matrix'] },
  { group: 'scale', types: ['rating', 'scale'] },
  { group: 'media', types: ['file', 'photo', 'signature', 'geolocation'] },
];
