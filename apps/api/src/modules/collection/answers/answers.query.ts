import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { contributionQueryDef } from '../contributions/contributions.query';
import { mediaQueryDef } from '../medias/medias.query';
import { participationQueryDef } from '../participations/participations.query';
import { questionQueryDef } from '../../surveys/questions/questions.query';

/** Typed answers (answer-columns.ts says which column holds which type). */
export const answerQueryDef: ResourceQueryDef = {
  name: 'answers',
  table: 'answers',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    participation_id: { column: 'participation_id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    question_id: { column: 'question_id', type: 'integer' },
    contribution_id: { column: 'contribution_id', type: 'integer' },
    value_text: { column: 'value_text', type: 'text' },
    value_number: { column: 'value_number', type: 'number' },
    value_date: { column: 'value_date', type: 'text' },
    value_choices: { column: 'value_choices', type: 'json', filterable: false },
    value_json: { column: 'value_json', type: 'json' },
    media_id: { column: 'media_id', type: 'integer' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['value_text'],
  relations: {
    participation: { target: () => participationQueryDef, kind: 'belongsTo', localKey: 'participation_id', foreignKey: 'id' },
    question: { target: () => questionQueryDef, kind: 'belongsTo', localKey: 'question_id', foreignKey: 'id' },
    contribution: { target: () => contributionQueryDef, kind: 'belongsTo', localKey: 'contribution_id', foreignKey: 'id' },
    media: { target: () => mediaQueryDef, kind: 'belongsTo', localKey: 'media_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'question_id', direction: 'asc' }],
};
