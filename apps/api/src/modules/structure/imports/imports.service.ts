import { createHash } from 'node:crypto';
import { userRoom } from '@app/contracts';
import { type ImportKind, type ImportReport, type ImportRowError, importRowKey } from '@app/contracts/structure';
import { and, eq } from 'drizzle-orm';
import { companies, structureImports } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError, notFound } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { hostNameOf } from '../../tenancy/invitations/invitations.service';
import { inviteAgents, validateAgentRows } from './agent-import';
import { detectFormat, readTable } from './read-table';
import { siteIdsByCode, upsertWorkspaces, validateWorkspaceRows } from './workspace-import';
import { importRowText } from './import-rows.texts';
import { importText } from './imports.texts';

export interface UploadedFile {
  buffer: Buffer;
  fileName: string;
}

/** The company of the path must be the caller's active company (another one is a 404). */
export function requireOwnCompany(ctx: RequestContext, companyId: number, kind: ImportKind) {
  requirePermission(ctx, kind === 'agents' ? 'companies.importagents' : 'companies.importworkspaces');
  const own = requireCompany(ctx);
  if (own.companyId !== companyId) throw notFound();
  return own;
}

/**
 * The refusal of a file with wrong rows: one entry per row under a key that is the same in
 * every language (`row_5`), its problems in `locale`; nothing imported.
 */
function refusal(locale: string, errors: ImportRowError[], errorCount: number): AppError {
  const byRow: Record<string, string[]> = {};
  for (const e of errors) {
    const key = importRowKey(e.row);
    byRow[key] = [...(byRow[key] ?? []), importRowText(locale, 'rowProblem', { column: e.column, message: e.message })];
  }
  const rows = new Set(errors.map((e) => e.row)).size;
  const message =
    errorCount > errors.length ? importText(locale, 'rejectedFirstListed', { rows, listed: errors.length }) : importText(locale, 'rejected', { rows });
  return new AppError(422, 'import_rejected', message, byRow);
}

/** PREVIEW_ROWS: how many checked rows a dry run shows back. */
const PREVIEW_ROWS = 20;

/** A dry run: the file is valid; its first rows as read, nothing written. */
function previewOf(kind: ImportKind, rows: Array<{ row: number; value: object }>) {
  return {
    kind,
    rows: rows.length,
    created: 0,
    updated: 0,
    skipped: 0,
    already_imported: false,
    preview: rows.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, ...r.value })),
  };
}

async function alreadyImported(ctx: RequestContext, companyId: number, kind: ImportKind, checksum: string) {
  const [row] = await ctx.db.orm
    .select({ id: structureImports.id, rows: structureImports.rows })
    .from(structureImports)
    .where(and(eq(structureImports.company_id, companyId), eq(structureImports.kind, kind), eq(structureImports.checksum, checksum)))
    .limit(1);
  return row ?? null;
}

/**
 * Imports an agents or workspaces file (xlsx or csv): every row is validated with the
 * contract's schema; one wrong row refuses the whole file with a row-by-row report;
 * otherwise every row is written in one transaction. The same file twice is a no-op.
 */
export async function importFile(
  ctx: RequestContext,
  companyId: number,
  kind: ImportKind,
  file: UploadedFile,
  options: { dryRun?: boolean; linkBase: string },
): Promise<ImportReport & { preview?: Record<string, unknown>[] }> {
  const { actor } = requireOwnCompany(ctx, companyId, kind);
  const format = detectFormat(file.buffer, file.fileName, ctx.locale);
  const checksum = createHash('sha256').update(file.buffer).digest('hex');
  const previous = await alreadyImported(ctx, companyId, kind, checksum);
  if (previous) return { kind, rows: previous.rows, created: 0, updated: 0, skipped: previous.rows, already_imported: true };

  const table = readTable(file.buffer, format, ctx.locale);
  const record = (rows: number, created: number, skipped: number) => ({
    company_id: companyId,
    kind,
    checksum,
    file_name: file.fileName.slice(0, 200),
    rows,
    created,
    skipped,
    created_by: actor.userId,
  });

  if (kind === 'workspaces') {
    const siteIds = await siteIdsByCode(ctx.db, companyId);
    const outcome = await validateWorkspaceRows(table, siteIds, ctx.locale);
    if (outcome.errorCount > 0) throw refusal(ctx.locale, outcome.errors, outcome.errorCount);
    if (options.dryRun) return previewOf(kind, outcome.rows);
    const result = await ctx.db.transaction(async (tx) => {
      const done = await upsertWorkspaces(tx, companyId, siteIds, outcome.rows);
      await tx.orm.insert(structureImports).values(record(outcome.rows.length, done.created, done.skipped));
      return done;
    });
    return { kind, rows: outcome.rows.length, ...result, already_imported: false };
  }

  const outcome = await validateAgentRows(table, ctx.locale);
  if (outcome.errorCount > 0) throw refusal(ctx.locale, outcome.errors, outcome.errorCount);
  if (options.dryRun) return previewOf(kind, outcome.rows);
  const [company] = await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const who = { companyId, companyName: company.name, hostAgentId: actor.agentId, hostName: await hostNameOf(ctx, actor.agentId), linkBase: options.linkBase, locale: ctx.locale };
  const result = await ctx.db.transaction(async (tx) => {
    const done = await inviteAgents(tx, who, outcome.rows);
    await tx.orm.insert(structureImports).values(record(outcome.rows.length, done.created, done.skipped));
    return done;
  });
  // Told after the commit, as the invitations flow does for guests with an account.
  for (const account of result.accounts) {
    ctx.events.publish('invitation.sent', userRoom(account.userId), {
      id: account.invitationId,
      company_id: companyId,
      company_name: company.name,
      host_name: who.hostName,
      status: 'pending',
    });
  }
  return { kind, rows: outcome.rows.length, created: result.created, updated: 0, skipped: result.skipped, already_imported: false };
}
