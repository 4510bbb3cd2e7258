import { MAX_LIST_LIMIT } from '@app/contracts';
import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { questionQueryDef } from '../questions/questions.query';
import { templateQueryDef } from '../surveys/surveys.query';

/**
 * Steps of the company's surveys and of platform templates (company null, read-only
 * for companies: writes are scoped to the caller's company).
 */
export const stepQueryDef: ResourceQueryDef = {
  name: 'steps',
  table: 'steps',
  scope: 'companyOrGlobal',
  fields: {
    id: { column: 'id', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    title: { column: 'title', type: 'text' },
    description: { column: 'description', type: 'text' },
    position: { column: 'position', type: 'integer' },
    state: { column: 'state', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['title', 'description'],
  relations: {
    survey: { target: () => templateQueryDef, kind: 'belongsTo', localKey: 'survey_id', foreignKey: 'id' },
    questions: { target: () => questionQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'step_id', maxPerParent: MAX_LIST_LIMIT },
  },
  defaultSort: [{ key: 'position', direction: 'asc' }],
};
