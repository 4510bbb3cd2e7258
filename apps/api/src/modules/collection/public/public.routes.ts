import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { okSchema } from '../../../http/response-schemas';
import { publicObjectSchema } from './public.responses';
import { publicObjectResolver } from './public-objects';
import { publicRateLimit } from './public-rate-limit';
import './public-surveys';
import { PUBLIC_ROUTE } from '../../../http/route-access';

const params = z.object({ type: z.string().max(40), code: z.string().max(200), extra: z.string().max(200).optional() });

/** GET public/getobject/{type}/{code}[/{extra}]: objects reachable by a public code, no sign-in. */
export async function publicRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['public'], summary: 'Objet public par code (formulaire, entreprise, ...)', params, response: { 200: okSchema(publicObjectSchema) } };
  const handler = async (request: { params: z.infer<typeof params> } & Parameters<typeof contextOf>[0]) => {
    const { type, code, extra } = request.params;
    const resolver = publicObjectResolver(type.toLowerCase());
    if (!resolver) throw notFound();
    const found = await resolver(contextOf(request), code, extra);
    if (!found) throw notFound();
    return ok(found as z.output<typeof publicObjectSchema>);
  };
  const config = { ...publicRateLimit(options.config), ...PUBLIC_ROUTE };
  app.get('/public/getobject/:type/:code', { schema, config }, (request) => handler(request));
  app.get('/public/getobject/:type/:code/:extra', { schema, config }, (request) => handler(request));
}
