import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table carries (DOMAIN.md): identity id and timestamps. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
