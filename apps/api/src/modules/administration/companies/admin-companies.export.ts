import type { AdminCompaniesFilter } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../../http/actor';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { requireAdmin } from '../admin-guard';
import { douala, sendXlsx } from '../xlsx-stream';
import { listAdminCompanies } from './admin-companies.repository';

const BATCH = 500;
const COLUMNS: readonly ExportColumn[] = [
  { header: 'N°', kind: 'number', width: 8 },
  { header: 'Nom', kind: 'text', width: 30 },
  { header: 'Code', kind: 'text', width: 10 },
  { header: 'E-mail', kind: 'text', width: 28 },
  { header: 'Téléphone', kind: 'text', width: 16 },
  { header: 'Secteur', kind: 'text', width: 20 },
  { header: 'Ville', kind: 'text', width: 16 },
  { header: 'Formule', kind: 'text', width: 16 },
  { header: 'Statut', kind: 'text', width: 12 },
  { header: 'Agents', kind: 'number', width: 9 },
  { header: 'Sites', kind: 'number', width: 9 },
  { header: 'Questionnaires', kind: 'number', width: 14 },
  { header: 'Participations', kind: 'number', width: 14 },
  { header: 'Créée le', kind: 'datetime', width: 18 },
];
const STATUS = { active: 'Active', suspended: 'Suspendue' } as const;

/** GET mnt/companies/export/xlsx: every company of the filter, in the list's order, streamed by pages. */
export function exportCompaniesXlsx(request: FastifyRequest, reply: FastifyReply, ctx: RequestContext, filter: Omit<AdminCompaniesFilter, 'page' | 'limit'>) {
  requireAdmin(ctx);
  return sendXlsx(request, reply, { name: 'entreprises', sheet: 'Entreprises', columns: COLUMNS }, 0, async (offset) => {
    const rows = await listAdminCompanies(ctx.db, filter, BATCH, offset);
    return {
      rows: rows.map((c) => [c.id, c.name, c.code, c.email, c.phone, c.sector, c.town, c.package, STATUS[c.status], c.agents, c.sites, c.surveys, c.participations, douala(c.created_at)]),
      next: rows.length === BATCH ? offset + BATCH : null,
    };
  });
}
