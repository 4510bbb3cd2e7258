import type { AdminCompaniesFilter } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../../http/actor';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { requireAdmin } from '../admin-guard';
import { douala, sendXlsx } from '../xlsx-stream';
import { type AdminExportText, adminExportText } from '../exports.texts';
import { listAdminCompanies } from './admin-companies.repository';

const BATCH = 500;
const COLUMNS: readonly (Omit<ExportColumn, 'header'> & { text: AdminExportText })[] = [
  { text: 'number', kind: 'number', width: 8 },
  { text: 'name', kind: 'text', width: 30 },
  { text: 'code', kind: 'text', width: 10 },
  { text: 'email', kind: 'text', width: 28 },
  { text: 'phone', kind: 'text', width: 16 },
  { text: 'sector', kind: 'text', width: 20 },
  { text: 'town', kind: 'text', width: 16 },
  { text: 'package', kind: 'text', width: 16 },
  { text: 'status', kind: 'text', width: 12 },
  { text: 'agents', kind: 'number', width: 9 },
  { text: 'sites', kind: 'number', width: 9 },
  { text: 'surveys', kind: 'number', width: 14 },
  { text: 'participations', kind: 'number', width: 14 },
  { text: 'createdAt', kind: 'datetime', width: 18 },
];

/** GET mnt/companies/export/xlsx: every company of the filter, in the list's order, streamed by pages, in the admin's language. */
export function exportCompaniesXlsx(request: FastifyRequest, reply: FastifyReply, ctx: RequestContext, filter: Omit<AdminCompaniesFilter, 'page' | 'limit'>) {
  requireAdmin(ctx);
  const say = (text: AdminExportText) => adminExportText(ctx.locale, text);
  const columns = COLUMNS.map(({ text, ...column }) => ({ ...column, header: say(text) }));
  return sendXlsx(request, reply, { name: say('companiesFile'), sheet: say('companiesSheet'), columns }, 0, async (offset) => {
    const rows = await listAdminCompanies(ctx.db, filter, BATCH, offset);
    return {
      rows: rows.map((c) => [c.id, c.name, c.code, c.email, c.phone, c.sector, c.town, c.package, say(c.status), c.agents, c.sites, c.surveys, c.participations, douala(c.created_at)]),
      next: rows.length === BATCH ? offset + BATCH : null,
    };
  });
}
