import { auditQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ADMIN_ROUTE } from '../../../http/route-access';
import { okList } from '../../../http/envelope';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { douala, sendXlsx } from '../xlsx-stream';
import { auditBatch, listAudit } from './audit.repository';
import { auditScope } from './audit.service';
import { okListSchema } from '../../../http/response-schemas';
import { auditEntrySchema, xlsxResponse } from '../administration.responses';
import { administrationText } from '../administration.texts';
import { type AdminExportText, adminExportText } from '../exports.texts';

const tags = ['audit'];
const exportQuery = auditQuery.omit({ page: true, limit: true });
const BATCH = 1000;
const COLUMNS: readonly (Omit<ExportColumn, 'header'> & { text: AdminExportText })[] = [
  { text: 'number', kind: 'number', width: 9 },
  { text: 'date', kind: 'datetime', width: 18 },
  { text: 'author', kind: 'text', width: 32 },
  { text: 'address', kind: 'text', width: 16 },
  { text: 'action', kind: 'text', width: 26 },
  { text: 'object', kind: 'text', width: 14 },
  { text: 'objectNumber', kind: 'number', width: 10 },
  { text: 'company', kind: 'text', width: 24 },
  { text: 'before', kind: 'text', width: 40 },
  { text: 'after', kind: 'text', width: 40 },
];

/** The export's columns in the reader's language; a company's has no address: its trail never carries anyone's IP. */
function columnsFor(scope: 'platform' | 'company', locale: string): ExportColumn[] {
  const shown = scope === 'platform' ? COLUMNS : COLUMNS.filter((column) => column.text !== 'address');
  return shown.map(({ text, ...column }) => ({ ...column, header: adminExportText(locale, text) }));
}

/**
 * The audit trail: `mnt/audit` (platform admin, every entry) and `audit` (the active
 * company's entries, for whoever may manage its roles), each with its xlsx export.
 * No route changes or deletes an entry; the table refuses it anyway.
 */
export async function auditRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  for (const [url, scope] of [
    ['/mnt/audit', 'platform'],
    ['/audit', 'company'],
  ] as const) {
    // mnt/audit is the platform admin's: refused before its query is read.
    const config = scope === 'platform' ? ADMIN_ROUTE : {};
    app.get(url, { schema: { tags, summary: scope === 'platform' ? "Journal d'audit de la plateforme" : "Journal d'audit de l'entreprise", querystring: auditQuery, response: { 200: okListSchema(auditEntrySchema) } }, config }, async (request) => {
      const ctx = contextOf(request);
      const { rows, meta } = await listAudit(ctx.db, request.query, auditScope(ctx, scope), administrationText(ctx.locale, 'platformTeam'));
      return okList(rows, meta);
    });
    app.get(`${url}/export/xlsx`, { schema: { tags, summary: "Exporter le journal d'audit (xlsx)", querystring: exportQuery, response: { 200: xlsxResponse } }, config }, async (request, reply) => {
      const ctx = contextOf(request);
      const companyId = auditScope(ctx, scope);
      const file = { name: adminExportText(ctx.locale, 'auditFile'), sheet: adminExportText(ctx.locale, 'auditSheet'), columns: columnsFor(scope, ctx.locale) };
      const teamLabel = administrationText(ctx.locale, 'platformTeam');
      return sendXlsx(request, reply, file, 2147483647, async (before) => {
        const rows = await auditBatch(ctx.db, request.query, companyId, teamLabel, before, BATCH);
        return {
          rows: rows.map((a) => {
            const who = scope === 'platform' ? [a.actor_label, a.ip ?? null] : [a.actor_label];
            return [a.id, douala(a.occurred_at), ...who, a.action, a.object_type, a.object_id, a.company_name, a.before ? JSON.stringify(a.before) : null, a.after ? JSON.stringify(a.after) : null];
          }),
          next: rows.length === BATCH ? rows[rows.length - 1].id : null,
        };
      });
    });
  }
}
