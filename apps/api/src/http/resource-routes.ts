import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, isRecordId, recordIdOf } from '@app/contracts';
import { z } from 'zod';
import { contextOf } from './actor';
import type { CrudService } from './crud-service';
import { ok, okList } from './envelope';
import { notFound } from './errors';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from './response-schemas';
import { accessConfigOf } from './route-access';
import type { CrudAction } from './crud-service';

export interface ResourceRoutesOptions<TCreate, TUpdate> {
  service: CrudService<TCreate, TUpdate>;
  createBody: z.ZodType<TCreate>;
  updateBody: z.ZodType<TUpdate>;
  /** OpenAPI tag and the French label used in summaries. */
  label: string;
  /** Routes the module declares itself (e.g. a DELETE that needs a confirmation). */
  skip?: ReadonlyArray<'delete'>;
}

/**
 * An `{id}` path segment: anything but a record id (a positive int4) is simply not found.
 * Routes declare `idParams` (from contracts), which already refuses the rest with a 404;
 * this keeps the same rule for a route whose params are still a plain string.
 */
export function parseId(raw: string | number): number {
  const id = typeof raw === 'number' ? (isRecordId(raw) ? raw : null) : recordIdOf(raw);
  if (id === null) throw notFound();
  return id;
}
const searchBody = z.looseObject({ input: z.string().max(200).optional() });

/**
 * The regular pattern of API.md for one resource: list, search, get, create, update by
 * POST {id}, delete, and duplicate when the service offers it. Routes only translate
 * HTTP to service calls.
 */
export function registerResourceRoutes<TCreate, TUpdate>(
  parent: FastifyInstance,
  options: ResourceRoutesOptions<TCreate, TUpdate>,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { service, label } = options;
  const base = `/${service.name}`;
  const tags = [service.name];
  // The service's access rules, checked before the body is read (route-access.ts).
  const SLUG_ACTION: Record<CrudAction, string> = { list: 'list', get: 'show', create: 'create', update: 'update', delete: 'delete', duplicate: 'create' };
  const config = (action: CrudAction) => (service.access ? accessConfigOf(service.access[action], service.name, SLUG_ACTION[action]) : {});
  // Every answer is a row of the resource's definition (or a list of them).
  const row = resourceRowSchema(service.def, service.extraFields);
  const list = { 200: okListSchema(row) };
  const one = { 200: okSchema(row) };
  const created = { 201: okSchema(row) };

  app.get(base, { schema: { tags, summary: `Liste : ${label}`, response: list }, config: config('list') }, async (request) => {
    const { rows, meta } = await service.list(contextOf(request), request.query);
    return okList(rows, meta);
  });

  app.post(
    `${base}/search`,
    { schema: { tags, summary: `Recherche : ${label}`, body: searchBody, response: list }, config: config('list') },
    async (request) => {
      const { rows, meta } = await service.list(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );

  app.get(`${base}/:id`, { schema: { tags, summary: `Détail : ${label}`, params: idParams, response: one }, config: config('get') }, async (request) =>
    ok(await service.get(contextOf(request), parseId(request.params.id), request.query)),
  );

  app.post(
    base,
    { schema: { tags, summary: `Création : ${label}`, body: options.createBody, response: created }, config: config('create') },
    async (request, reply) => {
      const created = await service.create(contextOf(request), request.body as TCreate);
      return reply.status(201).send(ok(created));
    },
  );

  app.post(
    `${base}/:id`,
    { schema: { tags, summary: `Mise à jour : ${label}`, params: idParams, body: options.updateBody, response: one }, config: config('update') },
    async (request) =>
      ok(await service.update(contextOf(request), parseId(request.params.id), request.body as TUpdate)),
  );

  if (!options.skip?.includes('delete')) {
    app.delete(`${base}/:id`, { schema: { tags, summary: `Suppression : ${label}`, params: idParams, response: { 200: okNullSchema } }, config: config('delete') }, async (request) => {
      await service.remove(contextOf(request), parseId(request.params.id));
      return ok(null);
    });
  }

  const duplicate = service.duplicate;
  if (duplicate) {
    app.post(
      `${base}/:id/duplicate`,
      { schema: { tags, summary: `Duplication : ${label}`, params: idParams, response: created }, config: config('duplicate') },
      async (request, reply) => {
        const copy = await duplicate(contextOf(request), parseId(request.params.id));
        return reply.status(201).send(ok(copy));
      },
    );
  }
}
