import type { Locale } from '@app/contracts';
import { type WorkspaceImportRow, workspaceImportRow } from '@app/contracts/structure';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sites, workspaces } from '../../../db/schema';
import type { TableRow } from './read-table';
import { importRowText } from './import-rows.texts';
import { type RowProblem, type ValidRow, validateRows, yieldToEventLoop } from './validate-rows';

const BATCH = 500;

/** The company's site ids by code. */
export async function siteIdsByCode(db: Database, companyId: number): Promise<Map<string, number>> {
  const rows = await db.orm
    .select({ id: sites.id, code: sites.code })
    .from(sites)
    .where(and(eq(sites.company_id, companyId), isNull(sites.deleted_at)));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Validates a workspaces file: the row schema, a known site, no code twice in the file; told in `locale`. */
export function validateWorkspaceRows(table: AsyncIterable<TableRow>, siteIds: Map<string, number>, locale: Locale) {
  const firstRowOf = new Map<string, number>();
  return validateRows('workspaces', table, workspaceImportRow, locale, (value: WorkspaceImportRow, row) => {
    const problems: RowProblem[] = [];
    if (!siteIds.has(value.site_code)) {
      problems.push({ row, key: 'site_code', message: importRowText(locale, 'unknownSite', { code: value.site_code }) });
    }
    const first = firstRowOf.get(value.code);
    if (first !== undefined) problems.push({ row, key: 'code', message: importRowText(locale, 'codeTwice', { first }) });
    else firstRowOf.set(value.code, row);
    return problems;
  });
}

/**
 * Creates the workspaces of the rows, and brings an existing workspace with the same code
 * up to date (name, site, type): importing the same file again changes nothing.
 */
export async function upsertWorkspaces(tx: Database, companyId: number, siteIds: Map<string, number>, rows: ValidRow<WorkspaceImportRow>[]) {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const existing = await tx.orm
      .select({ id: workspaces.id, code: workspaces.code, name: workspaces.name, site_id: workspaces.site_id, kind: workspaces.kind })
      .from(workspaces)
      .where(and(eq(workspaces.company_id, companyId), inArray(workspaces.code, batch.map((r) => r.value.code))));
    const byCode = new Map(existing.map((w) => [w.code, w]));
    const inserts = [];
    for (const { value } of batch) {
      const siteId = siteIds.get(value.site_code)!;
      const kind = value.kind ?? 'counter';
      const current = byCode.get(value.code);
      if (!current) {
        inserts.push({ company_id: companyId, site_id: siteId, name: value.name, code: value.code, kind });
      } else if (current.name !== value.name || current.site_id !== siteId || current.kind !== kind) {
        await tx.orm
          .update(workspaces)
          .set({ name: value.name, site_id: siteId, kind, deleted_at: null, updated_at: sql`now()` })
          .where(eq(workspaces.id, current.id));
        updated++;
      }
    }
    if (inserts.length) await tx.orm.insert(workspaces).values(inserts);
    created += inserts.length;
    await yieldToEventLoop();
  }
  return { created, updated, skipped: rows.length - created - updated };
}
