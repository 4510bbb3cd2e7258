import { MAX_LIST_LIMIT } from '@app/contracts';
import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { choiceQueryDef } from '../choices/choices.query';
import { stepQueryDef } from '../steps/steps.query';
import { templateQueryDef } from '../surveys/surveys.query';

/**
 * Questions of the company's surveys, its default questions (survey null, `default_for`
 * set) and those of platform templates and platform defaults (company null, read-only).
 */
export const questionQueryDef: ResourceQueryDef = {
  name: 'questions',
  table: 'questions',
  scope: 'companyOrGlobal',
  fields: {
    id: { column: 'id', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    step_id: { column: 'step_id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    default_for: { column: 'default_for', type: 'text' },
    label: { column: 'label', type: 'text' },
    help: { column: 'help', type: 'text' },
    type: { column: 'type', type: 'text' },
    required: { column: 'required', type: 'boolean' },
    position: { column: 'position', type: 'integer' },
    settings: { column: 'settings', type: 'json' },
    condition: { column: 'condition', type: 'json' },
    category_id: { column: 'category_id', type: 'integer' },
    state: { column: 'state', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['label', 'help'],
  relations: {
    survey: { target: () => templateQueryDef, kind: 'belongsTo', localKey: 'survey_id', foreignKey: 'id' },
    step: { target: () => stepQueryDef, kind: 'belongsTo', localKey: 'step_id', foreignKey: 'id' },
    choices: { target: () => choiceQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'question_id', maxPerParent: MAX_LIST_LIMIT },
  },
  defaultSort: [{ key: 'position', direction: 'asc' }],
};
