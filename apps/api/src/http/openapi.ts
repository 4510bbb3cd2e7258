import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@app/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requiresSignIn } from './route-access';

type JsonSchema = Record<string, any>;

/**
 * What every operation of /api declares beyond its own schemas, derived here from what the
 * route says (its access, params, body) so a route added later is documented alike.
 */
function documentOperation(schema: JsonSchema, route: RouteOptions): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (requiresSignIn(route.config as Record<string, unknown> | undefined)) out.security = [{ bearer: [] }];
  return out;
}

/** OpenAPI 3 from the zod schemas of every route: /api/docs (UI) and /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de la plateforme d’enquêtes et d’évaluations',
        description:
          'API /api/v2. Enveloppe { success, data, message, meta } ; objet de requête « Bruno » sur les listes (filter_groups, includes, sort, limit, page, select, group_by, load, wherehas).',
        version: '2.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      if (!input.url.startsWith(`${API_PREFIX}/`) || !input.route) return out;
      return { ...out, schema: documentOperation(out.schema as JsonSchema, input.route as RouteOptions) };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
