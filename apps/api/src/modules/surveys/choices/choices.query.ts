import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { questionQueryDef } from '../questions/questions.query';

/** Choices of choice questions; visibility follows the question (company or platform). */
export const choiceQueryDef: ResourceQueryDef = {
  name: 'choices',
  table: 'choices',
  scope: 'companyOrGlobal',
  fields: {
    id: { column: 'id', type: 'integer' },
    question_id: { column: 'question_id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    label: { column: 'label', type: 'text' },
    value: { column: 'value', type: 'text' },
    position: { column: 'position', type: 'integer' },
    score: { column: 'score', type: 'number' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['label', 'value'],
  relations: {
    question: { target: () => questionQueryDef, kind: 'belongsTo', localKey: 'question_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'position', direction: 'asc' }],
};
