import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import type { Config } from '../../../config';
import { publicBaseUrl } from '../../collection/qrcodes/qrcodes.routes';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { acceptInvitation, listMyInvitations, refuseInvitation } from './invitation-answers.service';
import { claimInvitationByCode } from './invitation-code.service';
import { createInvitationBody } from './invitations.schemas';
import { cancelInvitation, createInvitation, getInvitation, listInvitations, resendInvitation } from './invitations.service';
import { idParams } from '@app/contracts';
// Makes invitations reachable by code (public/getobject/invitation/{code}).
import './public-invitation';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { acceptedInvitationSchema, invitationRow, myInvitationSchema, refusedInvitationSchema } from './invitations.responses';

const tags = ['invitations'];
const claimBody = z.object({ code: z.string().max(64) });

export async function invitationsRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const linkBase = (request: Parameters<typeof publicBaseUrl>[1]) => publicBaseUrl(options.config, request);

  app.get('/invitations', { schema: { tags, summary: "Invitations envoyées par l'entreprise active", response: { 200: okListSchema(invitationRow) } } }, async (request) => {
    const { rows, meta } = await listInvitations(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/invitations/search',
    { schema: { tags, summary: 'Recherche : invitations', body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(invitationRow) } } },
    async (request) => {
      const { rows, meta } = await listInvitations(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );
  app.get('/invitations/mine', { schema: { tags, summary: 'Mes invitations en attente', response: { 200: okSchema(z.array(myInvitationSchema)) } } }, async (request) =>
    ok(await listMyInvitations(contextOf(request))),
  );
  // A code could be guessed: limited per address like the lookups by public code.
  app.post(
    '/invitations/claim',
    {
      schema: { tags, summary: "Ouvrir une invitation par son code (« J'ai un code d'invitation »)", body: claimBody, response: { 200: okSchema(myInvitationSchema) } },
      config: publicRateLimit(options.config),
    },
    async (request) => ok(await claimInvitationByCode(contextOf(request), request.body.code)),
  );
  app.get('/invitations/:id', { schema: { tags, summary: 'Détail : invitation', params: idParams, response: { 200: okSchema(invitationRow) } } }, async (request) =>
    ok(await getInvitation(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/invitations', { schema: { tags, summary: 'Inviter une personne', body: createInvitationBody, response: { 201: okSchema(invitationRow) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createInvitation(contextOf(request), request.body, linkBase(request)))),
  );
  app.post('/invitations/:id/accept', { schema: { tags, summary: 'Accepter une invitation', params: idParams, response: { 200: okSchema(acceptedInvitationSchema) } } }, async (request) =>
    ok(await acceptInvitation(contextOf(request), parseId(request.params.id))),
  );
  app.post('/invitations/:id/refuse', { schema: { tags, summary: 'Refuser une invitation', params: idParams, response: { 200: okSchema(refusedInvitationSchema) } } }, async (request) =>
    ok(await refuseInvitation(contextOf(request), parseId(request.params.id))),
  );
  app.post('/invitations/:id/cancel', { schema: { tags, summary: 'Annuler une invitation', params: idParams, response: { 200: okSchema(invitationRow) } } }, async (request) =>
    ok(await cancelInvitation(contextOf(request), parseId(request.params.id))),
  );
  app.post('/invitations/:id/resend', { schema: { tags, summary: 'Renvoyer une invitation en attente', params: idParams, response: { 200: okSchema(invitationRow) } } }, async (request) =>
    ok(await resendInvitation(contextOf(request), parseId(request.params.id), linkBase(request))),
  );
  app.delete('/invitations/:id', { schema: { tags, summary: 'Annuler une invitation', params: idParams, response: { 200: okSchema(invitationRow) } } }, async (request) =>
    ok(await cancelInvitation(contextOf(request), parseId(request.params.id))),
  );
}
