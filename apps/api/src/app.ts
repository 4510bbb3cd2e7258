import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX, pickLocale } from '@app/contracts';
import { decodeQuery } from '@app/contracts/query-codec';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { addressKey } from './http/client-address';
import { registerAuthHook } from './http/auth-hook';
import { authModule } from './modules/auth/auth.module';
import { uploadedImagesRoutes } from './modules/profile/images.routes';
import { registerErrorHandler } from './http/error-handler';
import { serializeRequest } from './http/log-serializers';
import { registerOpenApi } from './http/openapi';
import { registerStaticWeb } from './http/static-web';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { healthRoutes } from './modules/health/health.routes';
import { sectorsRoutes } from './modules/sectors/sectors.routes';
import { zonesRoutes } from './modules/zones/zones.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { usersRoutes } from './modules/users/users.routes';
import { participationsRoutes } from './modules/participations/participations.routes';
import { resultsRoutes } from './modules/results/results.routes';
import { mediasRoutes } from './modules/medias/medias.routes';
import { contributorsRoutes } from './modules/contributors/contributors.routes';
import { contributionsRoutes } from './modules/contributions/contributions.routes';
import { participantsRoutes } from './modules/participants/participants.routes';
import { surveysRoutes } from './modules/surveys/surveys.routes';
import { stepsRoutes } from './modules/steps/steps.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { choicesRoutes } from './modules/choices/choices.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { publicRoutes } from './modules/public/public.routes';
import { qrcodesRoutes } from './modules/qrcodes/qrcodes.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import './http/actor';
import { EventBus } from './realtime/event-bus';
import { registerRealtime } from './realtime/socket-server';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'];

/** Builds the Fastify instance with every plugin and module; never listens. */
export async function buildApp({ config, db, serveWeb = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: REDACTED_HEADERS, serializers: { req: serializeRequest } },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { querystringParser: decodeQuery as (s: string) => Record<string, unknown> },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('events', new EventBus());
  app.decorateRequest('actor', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        // Deployments on a plain-HTTP LAN address must keep working.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    allowList: (request) => !request.url.startsWith('/api/'),
    // Routes with their own rateLimit (public lookups, medias) keep this key unless they set one.
    keyGenerator: (request) => addressKey(request.ip),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5 } });
  await registerOpenApi(app);

  const spaFallback = serveWeb ? await registerStaticWeb(app, config.WEB_DIST) : false;
  registerErrorHandler(app, { spaFallback });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        (request as any).locale = pickLocale(request.headers['accept-language']);
      });
      registerAuthHook(api);
      await api.register(healthRoutes);
      await api.register(zonesRoutes);
      await api.register(sectorsRoutes);
      await api.register(categoriesRoutes);
      await api.register(authModule, { config });
      await api.register(companiesRoutes);
      await api.register(agentsRoutes);
      await api.register(invitationsRoutes);
      await api.register(rolesRoutes);
      await api.register(permissionsRoutes);
      await api.register(approvalsRoutes);
      await api.register(usersRoutes);
      await api.register(participationsRoutes);
      await api.register(resultsRoutes);
      await api.register(mediasRoutes, { config });
      await api.register(contributorsRoutes);
      await api.register(contributionsRoutes);
      await api.register(participantsRoutes);
      await api.register(surveysRoutes, { config });
      await api.register(stepsRoutes);
      await api.register(questionsRoutes);
      await api.register(choicesRoutes);
      await api.register(templatesRoutes);
      await api.register(publicRoutes, { config });
      await api.register(qrcodesRoutes, { config });
      await api.register(exportsRoutes, { dataDir: config.DATA_DIR });
    },
    { prefix: API_PREFIX },
  );
  await app.register(uploadedImagesRoutes(config.DATA_DIR));
  registerRealtime(app, config);
  return app;
}
