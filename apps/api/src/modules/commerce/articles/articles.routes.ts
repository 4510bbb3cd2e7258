import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { articlePhotosRoutes } from './article-photos.routes';
import { createArticleBody, createBookingBody, updateArticleBody } from './articles.schemas';
import { articlesService } from './articles.service';
import * as bookings from './bookings.service';
import { idParams } from '@app/contracts';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';
import { bookings as bookingsTable } from '../../../db/schema';
import { articleQueryDef, bookingQueryDef } from './articles.query';

/** A company's public catalogue: its active articles (list rows) and the company they are from. */
const companyCatalogue = okListSchema(resourceRowSchema(articleQueryDef)).extend({
  company: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
});
/** bookings.service: the lists are the list engine's rows, the others the whole booking row. */
const listedBooking = resourceRowSchema(bookingQueryDef);
const bookingSchema = tableRowSchema(bookingsTable);
import { PUBLIC_ROUTE } from '../../../http/route-access';


/** Articles (regular pattern), a company's public catalogue by code, and bookings. */
export async function articlesRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Before the regular routes, so /articles/company/{code} is not read as /articles/{id}.
  app.get(
    '/articles/company/:code',
    { schema: { tags: ['articles'], summary: 'Catalogue public d’une entreprise', params: z.object({ code: z.string().max(20) }), response: { 200: companyCatalogue } }, config: { ...publicRateLimit(options.config), ...PUBLIC_ROUTE } },
    async (request) => {
      const { company, rows, meta } = await bookings.listCompanyArticles(contextOf(request), request.params.code, request.query);
      return { ...okList(rows, meta), company };
    },
  );
  await app.register(articlePhotosRoutes, { config: options.config });
  registerResourceRoutes(app, { service: articlesService, createBody: createArticleBody, updateBody: updateArticleBody, label: 'articles' });

  const tags = ['bookings'];
  app.get('/bookings', { schema: { tags, summary: 'Réservations de l’entreprise', response: { 200: okListSchema(listedBooking) } } }, async (request) => {
    const { rows, meta } = await bookings.listBookings(contextOf(request), request.query, 'company');
    return okList(rows, meta);
  });
  app.get('/bookings/mine', { schema: { tags, summary: 'Mes réservations', response: { 200: okListSchema(listedBooking) } } }, async (request) => {
    const { rows, meta } = await bookings.listBookings(contextOf(request), request.query, 'customer');
    return okList(rows, meta);
  });
  app.get('/bookings/:id', { schema: { tags, summary: 'Détail d’une réservation', params: idParams, response: { 200: okSchema(bookingSchema) } } }, async (request) =>
    ok(await bookings.getBooking(contextOf(request), parseId(request.params.id))),
  );
  app.post('/bookings', { schema: { tags, summary: 'Réserver un article', body: createBookingBody, response: { 201: okSchema(bookingSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await bookings.createBooking(contextOf(request), request.body))),
  );
  app.post('/bookings/:id/confirm', { schema: { tags, summary: 'Confirmer', params: idParams, response: { 200: okSchema(bookingSchema) } } }, async (request) =>
    ok(await bookings.confirmBooking(contextOf(request), parseId(request.params.id))),
  );
  app.post('/bookings/:id/cancel', { schema: { tags, summary: 'Annuler', params: idParams, response: { 200: okSchema(bookingSchema) } } }, async (request) =>
    ok(await bookings.cancelBooking(contextOf(request), parseId(request.params.id))),
  );
}
