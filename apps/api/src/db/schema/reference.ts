import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';

/** Platform-wide location tree: country > region > district > town. */
export const zones = pgTable(
  'zones',
  {
    id: idColumn(),
    type: text('type', { enum: ['country', 'region', 'district', 'town'] }).notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => zones.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('zones_type_code_unique').on(t.type, t.code),
    index('zones_parent_idx').on(t.parent_id),
    index('zones_type_name_idx').on(t.type, t.name),
  ],
);

/** Business sectors companies belong to (platform-wide). */
export const sectors = pgTable(
  'sectors',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    /** False: hidden from new choices (a sector in use is never deleted, only deactivated). */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('sectors_code_unique').on(t.code)],
);

/** Platform-wide taxonomy; `type` says what the category groups. */
export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    type: text('type', {
      enum: ['article', 'company', 'question', 'step', 'template', 'feature'],
    }).notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    /** Order among its siblings (same kind, same parent), from 0. */
    position: integer('position').notNull().default(0),
    /** False: hidden from new choices (a category in use is never deleted, only deactivated). */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_type_code_unique').on(t.type, t.code),
    index('categories_parent_idx').on(t.parent_id),
    index('categories_type_position_idx').on(t.type, t.parent_id, t.position),
  ],
);
