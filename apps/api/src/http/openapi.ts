import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
