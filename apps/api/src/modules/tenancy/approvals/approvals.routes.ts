import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { validateApprovalBody } from './approvals.schemas';
import { getApproval, listApprovals, validateApproval } from './approvals.service';
import { idParams } from '@app/contracts';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { approvalRow } from './approvals.responses';

const tags = ['approvals'];

export async function approvalsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/approvals', { schema: { tags, summary: "Demandes à valider de l'entreprise active", response: { 200: okListSchema(approvalRow) } } }, async (request) => {
    const { rows, meta } = await listApprovals(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/approvals/search',
    { schema: { tags, summary: 'Recherche : demandes', body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(approvalRow) } } },
    async (request) => {
      const { rows, meta } = await listApprovals(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );
  app.post('/approvals/validate', { schema: { tags, summary: 'Approuver ou rejeter une demande', body: validateApprovalBody, response: { 200: okSchema(approvalRow) } } }, async (request) =>
    ok(await validateApproval(contextOf(request), request.body)),
  );
  app.get('/approvals/:id', { schema: { tags, summary: 'Détail : demande', params: idParams, response: { 200: okSchema(approvalRow) } } }, async (request) =>
    ok(await getApproval(contextOf(request), parseId(request.params.id), request.query)),
  );
}
