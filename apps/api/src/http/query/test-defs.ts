import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldDef, ResourceQueryDef } from './resource-def';

/** Resource definitions used by the query-engine tests (real tables and test-only ones). */
const timestamps: Record<string, FieldDef> = {
  created_at: { column: 'created_at', type: 'timestamp' },
  updated_at: { column: 'updated_at', type: 'timestamp' },
};

export const zoneDef: ResourceQueryDef = {
  name: 'zones',
  table: 'zones',
  fields: {
    id: { column: 'id', type: 'integer' },
    type: { column: 'type', type: 'text' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    parent_id: { column: 'parent_id', type: 'integer' },
    ...timestamps,
  },
  searchable: ['name', 'code'],
  relations: {
    parent: { target: () => zoneDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    children: { target: () => zoneDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
    items: { target: () => itemDef, kind: 'hasMany', localKey: 'id', foreignKey: 'zone_id' },
  },
  scope: 'global',
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const sectorDef: ResourceQueryDef = {
  name: 'sectors',
  table: 'sectors',
  fields: {
    id: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    description: { column: 'description', type: 'text' },
    ...timestamps,
  },
  searchable: ['name', 'code', 'description'],
  scope: 'global',
};

export const categoryDef: ResourceQueryDef = {
  name: 'categories',
  table: 'categories',
  fields: {
    id: { column: 'id', type: 'integer' },
    type: { column: 'type', type: 'text' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    parent_id: { column: 'parent_id', type: 'integer' },
    ...timestamps,
  },
  searchable: ['name'],
  relations: {
    parent: { target: () => categoryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
  },
  scope: 'global',
};

/** A company-owned, soft-deleted table with one column of every field type. */
export const itemDef: ResourceQueryDef = {
  name: 'test_items',
  table: 'test_items',
  fields: {
    id: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    qty: { column: 'qty', type: 'integer' },
    price: { column: 'price', type: 'number' },
    active: { column: 'active', type: 'boolean' },
    due_on: { column: 'due_on', type: 'date' },
    meta: { column: 'meta', type: 'json' },
    zone_id: { column: 'zone_id', type: 'integer' },
    secret: { column: 'secret', type: 'text', hidden: true },
    label: { column: 'label_text', type: 'text' },
    ...timestamps,
  },
  searchable: ['name', 'label'],
  relations: {
    zone: { target: () => zoneDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
    notes: { target: () => noteDef, kind: 'hasMany', localKey: 'id', foreignKey: 'item_id' },
  },
  scope: 'company',
  softDelete: true,
};

/** Notes are company rows or platform rows (company_id null). */
export const noteDef: ResourceQueryDef = {
  name: 'test_notes',
  table: 'test_notes',
  fields: {
    id: { column: 'id', type: 'integer' },
    body: { column: 'body', type: 'text' },
    ...timestamps,
  },
  searchable: ['body'],
  relations: {
    item: { target: () => itemDef, kind: 'belongsTo', localKey: 'item_id', foreignKey: 'id' },
  },
  scope: 'companyOrGlobal',
  softDelete: true,
};

/** Creates the test-only tables of itemDef and noteDef. */
export async function createTestTables(db: Database): Promise<void> {
  await db.rows(sql`CREATE TABLE test_items (
    id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id int,
    name text,
    qty int,
    price numeric(12, 2),
    active boolean,
    due_on date,
    meta jsonb,
    zone_id int,
    secret text,
    label_text text,
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.rows(sql`CREATE TABLE test_notes (
    id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id int,
    item_id int,
    body text,
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
}

/**
 * Rows of the test-only tables. Company 1 owns items 1-5 (item 5 soft-deleted),
 * company 2 owns item 6, item 7 has no company. Notes mix companies on purpose
 * (including one of company 2 on an item of company 1) to prove scoping holds.
 */
export async function seedTestRows(db: Database): Promise<void> {
  const [douala] = await db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE name = 'Douala'`);
  const [kribi] = await db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE name = 'Kribi'`);
  await db.rows(sql`INSERT INTO test_items
    (company_id, name, qty, price, active, due_on, meta, zone_id, secret, label_text, deleted_at, created_at)
    OVERRIDING SYSTEM VALUE VALUES
    (1, 'Alpha', 1, 10.50, true, '2026-01-10', '{"a":1}', ${douala.id}, 's1', 'Étiquette', NULL, '2026-01-01T10:00:00.123456Z'),
    (1, 'Bêta 50%', 5, 20, false, '2026-02-01', NULL, ${douala.id}, 's2', 'x%y', NULL, '2026-01-02T10:00:00Z'),
    (1, 'Gamma', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-01-03T10:00:00Z'),
    (1, 'Delta_x', 10, 99.99, true, '2026-03-15', '[1,2]', ${kribi.id}, 's4', 'back\\slash', NULL, '2026-01-04T10:00:00Z'),
    (1, 'Deleted', 7, 1, true, '2026-01-01', NULL, ${douala.id}, NULL, NULL, now(), '2026-01-05T10:00:00Z'),
    (2, 'Alpha other', 1, 5, true, '2026-01-10', NULL, ${kribi.id}, NULL, NULL, NULL, '2026-01-06T10:00:00Z'),
    (NULL, 'Orphan', 1, 5, true, NULL, NULL, ${kribi.id}, NULL, NULL, NULL, '2026-01-07T10:00:00Z')`);
  await db.rows(sql`INSERT INTO test_notes (company_id, item_id, body, deleted_at) VALUES
    (1, 1, 'note 1 of Alpha', NULL),
    (NULL, 1, 'platform note on Alpha', NULL),
    (2, 1, 'foreign note on Alpha', NULL),
    (1, 1, 'deleted note on Alpha', now()),
    (1, 2, 'note of Bêta', NULL),
    (2, 6, 'note of Alpha other', NULL)`);
}
