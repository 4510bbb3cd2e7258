import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListMeta } from '@app/contracts';
import type { ZodType } from 'zod';
import type { RequestContext } from './actor';
import { type AccessRule, authorize } from './authorize';
import { withDbErrors } from './db-errors';
import { notFound } from './errors';
import { getOne, runPlannedList } from './query';
import type { QueryScope, ResourceQueryDef } from './query/resource-def';

export type CrudAction = 'list' | 'get' | 'create' | 'update' | 'delete' | 'duplicate';

/** Every use case checked against the caller's permission on the resource (section 6). */
export const BY_PERMISSION: Record<CrudAction, AccessRule> = {
  list: 'permission',
  get: 'permission',
  create: 'permission',
  update: 'permission',
  delete: 'permission',
  duplicate: 'permission',
};

type Row = Record<string, unknown>;
type TableWithId = PgTable & { id: PgColumn; company_id?: PgColumn; deleted_at?: PgColumn };

export interface CrudOptions<TCreate, TUpdate> {
  def: ResourceQueryDef;
  table: TableWithId;
  access: Record<CrudAction, AccessRule>;
  /** Business rules before an insert; returns the column values. */
  prepareCreate: (ctx: RequestContext, input: TCreate) => Promise<Row> | Row;
  /** Business rules before an update; `existing` is the current row. */
  prepareUpdate: (ctx: RequestContext, input: TUpdate, existing: Row) => Promise<Row> | Row;
  /** Column values of a copy of `existing` (resources that support duplicate). */
  prepareDuplicate?: (ctx: RequestContext, existing: Row) => Promise<Row> | Row;
  /**
   * What the caller reads (list, get): the definition and scope. Default: the caller's
   * company. A module whose back office sees every company passes the tenancy rule.
   */
  readScope?: (ctx: RequestContext, def: ResourceQueryDef) => { def: ResourceQueryDef; scope: QueryScope };
}

export interface CrudService<TCreate, TUpdate> {
  name: string;
  def: ResourceQueryDef;
  /** Who may call each use case: the routes check it before reading the body (route-access.ts). */
  access?: Record<CrudAction, AccessRule>;
  /**
   * Keys the service adds to its rows beyond the query definition (a count, display names):
   * declared in the routes' responses (resourceRowSchema), which drop any key not named.
   */
  extraFields?: Record<string, ZodType>;
  list(ctx: RequestContext, rawQuery: unknown): Promise<{ rows: Row[]; meta: ListMeta }>;
  get(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row>;
  /** The row as `get` answers it, without the access check: for use cases that made theirs. */
  find(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row>;
  create(ctx: RequestContext, input: TCreate): Promise<Row>;
  update(ctx: RequestContext, id: number, input: TUpdate): Promise<Row>;
  remove(ctx: RequestContext, id: number): Promise<void>;
  duplicate?(ctx: RequestContext, id: number): Promise<Row>;
}

export function scopeOf(ctx: RequestContext): QueryScope {
  return { companyId: ctx.actor?.companyId ?? null, userId: ctx.actor?.userId ?? null };
}

/**
 * The regular resource use cases of API.md (list, get, create, update, delete,
 * duplicate) over one table: authorize, apply the module's rules, write tenant-scoped.
 * A module keeps its own rules in the `prepare*` callbacks and adds other use cases
 * next to these.
 */
export function createCrudService<TCreate, TUpdate>(
  options: CrudOptions<TCreate, TUpdate>,
): CrudService<TCreate, TUpdate> {
  const { def, table, access } = options;
  const name = def.name;
  const readScope = options.readScope ?? ((ctx: RequestContext, own: ResourceQueryDef) => ({ def: own, scope: scopeOf(ctx) }));

  /** Row filter of the caller's tenant for writes: only own-company rows are writable. */
  function writeScope(ctx: RequestContext, id: number): SQL {
    const conditions: SQL[] = [eq(table.id, id)];
    if (def.scope !== 'global' && table.company_id) {
      const companyId = ctx.actor?.companyId;
      conditions.push(companyId == null ? isNull(table.company_id) : eq(table.company_id, companyId));
    }
    if (def.softDelete && table.deleted_at) conditions.push(isNull(table.deleted_at));
    return and(...conditions)!;
  }

  async function load(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
    const includes = (rawQuery as { includes?: string | string[] } | undefined)?.includes;
    const read = readScope(ctx, def);
    const row = await getOne(ctx.db, read.def, id, read.scope, includes);
    if (!row) throw notFound();
    return row;
  }

  async function insert(ctx: RequestContext, values: Row): Promise<Row> {
    const withTenant =
      def.scope !== 'global' && table.company_id ? { ...values, company_id: ctx.actor?.companyId ?? null } : values;
    const [created] = await withDbErrors(() =>
      ctx.db.orm.insert(table).values(withTenant as any).returning({ id: table.id }),
    );
    return load(ctx, created.id as number);
  }

  /** The domain event of a change to a company's row (activities); platform rows tell nothing. */
  async function announce(ctx: RequestContext, verb: 'created' | 'updated' | 'deleted', row: Row): Promise<void> {
    const companyId = row.company_id;
    if (typeof companyId !== 'number') return;
    const label = (row.name ?? row.title ?? null) as string | null;
    await ctx.events.emitDomain({
      kind: `${name}.${verb}`,
      companyId,
      agentId: ctx.actor?.agentId ?? null,
      userId: ctx.actor?.userId ?? null,
      subject: { type: name, id: row.id as number, name: label },
    }, ctx.db);
  }

  const service: CrudService<TCreate, TUpdate> = {
    name,
    def,
    access,
    async list(ctx, rawQuery) {
      authorize(ctx.actor, access.list, name, 'list');
      const read = readScope(ctx, def);
      return runPlannedList(ctx.db, read.def, rawQuery, read.scope);
    },
    async get(ctx, id, rawQuery) {
      authorize(ctx.actor, access.get, name, 'show');
      return load(ctx, id, rawQuery);
    },
    find: load,
    async create(ctx, input) {
      authorize(ctx.actor, access.create, name, 'create');
      const created = await insert(ctx, await options.prepareCreate(ctx, input));
      await announce(ctx, 'created', created);
      return created;
    },
    async update(ctx, id, input) {
      authorize(ctx.actor, access.update, name, 'update');
      const existing = await load(ctx, id);
      const values = await options.prepareUpdate(ctx, input, existing);
      const updated = await withDbErrors(() =>
        ctx.db.orm
          .update(table)
          .set({ ...values, updated_at: new Date() } as any)
          .where(writeScope(ctx, id))
          .returning({ id: table.id }),
      );
      if (updated.length === 0) throw notFound();
      const row = await load(ctx, id);
      await announce(ctx, 'updated', row);
      return row;
    },
    async remove(ctx, id) {
      authorize(ctx.actor, access.delete, name, 'delete');
      const existing = await load(ctx, id);
      const removed = await withDbErrors(() =>
        def.softDelete && table.deleted_at
          ? ctx.db.orm
              .update(table)
              .set({ deleted_at: new Date() } as any)
              .where(writeScope(ctx, id))
              .returning({ id: table.id })
          : ctx.db.orm.delete(table).where(writeScope(ctx, id)).returning({ id: table.id }),
      );
      if (removed.length === 0) throw notFound();
      await announce(ctx, 'deleted', existing);
    },
  };

  const prepareDuplicate = options.prepareDuplicate;
  if (prepareDuplicate) {
    service.duplicate = async (ctx, id) => {
      authorize(ctx.actor, access.duplicate, name, 'create');
      const existing = await load(ctx, id);
      return insert(ctx, await prepareDuplicate(ctx, existing));
    };
  }
  return service;
}
