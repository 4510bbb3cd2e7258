import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TARGET_KINDS } from './surveys';
import { idColumn } from './columns';
import { companies } from './tenancy';

/**
 * The public code of an evaluable object (agent, group, site, workspace, audience), the
 * one its QR code and its link `/m/{type}/{code}` carry. Unique across the platform, not
 * per company (a site's own `code` is only unique within its company), so a link always
 * names one object of one company. Written the first time the object's code is asked
 * for (lazily: objects are created by many paths, imports included). The company's own
 * code lives on `companies.code`.
 */
export const targetCodes = pgTable(
  'target_codes',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    target_kind: text('target_kind', { enum: TARGET_KINDS }).notNull(),
    target_id: integer('target_id').notNull(),
    code: text('code').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('target_codes_code_unique').on(t.code),
    uniqueIndex('target_codes_target_unique').on(t.target_kind, t.target_id),
    index('target_codes_company_idx').on(t.company_id, t.target_kind),
  ],
);
