import { MAX_LIST_LIMIT } from '@app/contracts';
import type { FieldDef, ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { categoryQueryDef } from '../../reference/categories/categories.query';
import { companyQueryDef } from '../../tenancy/companies/companies.query';
import { stepQueryDef } from '../steps/steps.query';
import { questionQueryDef } from '../questions/questions.query';

/** Columns of a survey row (templates are survey rows with is_template). */
export const surveyFields: Record<string, FieldDef> = {
  id: { column: 'id', type: 'integer' },
  company_id: { column: 'company_id', type: 'integer' },
  code: { column: 'code', type: 'text' },
  title: { column: 'title', type: 'text' },
  description: { column: 'description', type: 'text' },
  type: { column: 'type', type: 'text' },
  target_kind: { column: 'target_kind', type: 'text' },
  status: { column: 'status', type: 'text' },
  active: { column: 'active', type: 'boolean' },
  availability: { column: 'availability', type: 'text' },
  opens_at: { column: 'opens_at', type: 'timestamp' },
  closes_at: { column: 'closes_at', type: 'timestamp' },
  settings: { column: 'settings', type: 'json' },
  is_template: { column: 'is_template', type: 'boolean' },
  premium: { column: 'premium', type: 'boolean' },
  price: { column: 'price', type: 'integer' },
  currency: { column: 'currency', type: 'text' },
  template_id: { column: 'template_id', type: 'integer' },
  template_state: { column: 'template_state', type: 'text' },
  // A text[] column: filter with `ct` (["survey_types", "ct", "evaluation"]), on its text form.
  survey_types: { column: 'survey_types', type: 'text', array: true },
  category_id: { column: 'category_id', type: 'integer' },
  author_agent_id: { column: 'author_agent_id', type: 'integer' },
  author_user_id: { column: 'author_user_id', type: 'integer' },
  submitted_at: { column: 'submitted_at', type: 'timestamp' },
  published_at: { column: 'published_at', type: 'timestamp' },
  closed_at: { column: 'closed_at', type: 'timestamp' },
  rejection_comment: { column: 'rejection_comment', type: 'text' },
  created_at: { column: 'created_at', type: 'timestamp' },
  updated_at: { column: 'updated_at', type: 'timestamp' },
};

const surveyRelations: ResourceQueryDef['relations'] = {
  company: { target: () => companyQueryDef, kind: 'belongsTo', localKey: 'company_id', foreignKey: 'id' },
  category: { target: () => categoryQueryDef, kind: 'belongsTo', localKey: 'category_id', foreignKey: 'id' },
  author: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'author_agent_id', foreignKey: 'id' },
  steps: { target: () => stepQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'survey_id', maxPerParent: MAX_LIST_LIMIT },
  questions: { target: () => questionQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'survey_id', maxPerParent: MAX_LIST_LIMIT },
};

/**
 * A company's surveys. Only the active company's rows are visible; the service keeps
 * templates out of the list (they have their own resource).
 */
export const surveyQueryDef: ResourceQueryDef = {
  name: 'surveys',
  table: 'surveys',
  scope: 'company',
  softDelete: true,
  fields: surveyFields,
  searchable: ['title', 'code', 'description'],
  relations: surveyRelations,
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
  pinType: 'surveys',
};

/** Templates: the company's own plus the platform's (company null). */
export const templateQueryDef: ResourceQueryDef = {
  name: 'templates',
  table: 'surveys',
  scope: 'companyOrGlobal',
  softDelete: true,
  fields: surveyFields,
  searchable: ['title', 'code', 'description'],
  relations: surveyRelations,
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
