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

const tags = ['audit'];
const exportQuery = auditQuery.omit({ page: true, limit: true });
const BATCH = 1000;
const PLATFORM_COLUMNS: readonly ExportColumn[] = [
  { header: 'N°', kind: 'number', width: 9 },
  { header: 'Date', kind: 'datetime', width: 18 },
  { header: 'Auteur', kind: 'text', width: 32 },
  { header: 'Adresse', kind: 'text', width: 16 },
  { header: 'Action', kind: 'text', width: 26 },
  { header: 'Objet', kind: 'text', width: 14 },
  { header: 'N° objet', kind: 'number', width: 10 },
  { header: 'Entreprise', kind: 'text', width: 24 },
  { header: 'Avant', kind: 'text', width: 40 },
  { header: 'Après', kind: 'text', width: 40 },
];
/** A company's export has no address column: its trail never carries anyone's IP. */
const COMPANY_COLUMNS = PLATFORM_COLUMNS.filter((column) => column.header !== 'Adresse');

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
      const { rows, meta } = await listAudit(ctx.db, request.query, auditScope(ctx, scope));
      return okList(rows, meta);
    });
    app.get(`${url}/export/xlsx`, { schema: { tags, summary: "Exporter le journal d'audit (xlsx)", querystring: exportQuery, response: { 200: xlsxResponse } }, config }, async (request, reply) => {
      const ctx = contextOf(request);
      const companyId = auditScope(ctx, scope);
      const columns = scope === 'platform' ? PLATFORM_COLUMNS : COMPANY_COLUMNS;
      return sendXlsx(request, reply, { name: 'journal-audit', sheet: 'Audit', columns }, 2147483647, async (before) => {
        const rows = await auditBatch(ctx.db, request.query, companyId, before, BATCH);
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
