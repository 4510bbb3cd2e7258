import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX, pickLocale } from '@app/contracts';
import { answerClientError } from './http/client-error';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { addressKey } from './http/client-address';
import { parseQueryString } from './http/query-string';
import { registerAuthHook } from './http/auth-hook';
import { resolveSignedIn } from './modules/identity/auth/request-actor';
import { registerRouteAccess } from './http/route-access';
import { registerQueryKeyRule } from './http/query-keys';
import { registerInputGuards } from './http/bad-input';
import { authModule } from './modules/identity/auth/auth.module';
import { uploadedImagesRoutes } from './modules/identity/profile/images.routes';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { serializeRequest } from './http/log-serializers';
import { registerOpenApi } from './http/openapi';
import { MAX_PATH_PARAM_LENGTH, registerRouteTable } from './http/route-table';
import { inlineScriptHashes, registerStaticWeb } from './http/static-web';
import { devOutboxPage } from './delivery/dev-outbox.page';
import { categoriesRoutes } from './modules/reference/categories/categories.routes';
import { healthRoutes } from './modules/platform/health/health.routes';
import { Lifecycle } from './modules/platform/health/lifecycle';
import { registerMetrics, serveMetrics } from './modules/platform/metrics/metrics';
import { clientConfigRoutes, errorReportingOrigin } from './modules/platform/client-config/client-config.routes';
import { sectorsRoutes } from './modules/reference/sectors/sectors.routes';
import { zonesRoutes } from './modules/reference/zones/zones.routes';
import { companiesRoutes } from './modules/tenancy/companies/companies.routes';
import { companyCodeRoutes } from './modules/tenancy/companies/company-code.routes';
import { companyLogoRoutes } from './modules/tenancy/companies/company-logo.routes';
import { overviewRoutes } from './modules/tenancy/overview/overview.routes';
import { peopleRoutes } from './modules/tenancy/people/people.routes';
import { agentsRoutes } from './modules/tenancy/agents/agents.routes';
import { invitationsRoutes } from './modules/tenancy/invitations/invitations.routes';
import { rolesRoutes } from './modules/tenancy/roles/roles.routes';
import { permissionsRoutes } from './modules/tenancy/permissions/permissions.routes';
import { approvalsRoutes } from './modules/tenancy/approvals/approvals.routes';
import { usersRoutes } from './modules/identity/users/users.routes';
import { participationsRoutes } from './modules/collection/participations/participations.routes';
import { resultsRoutes } from './modules/collection/results/results.routes';
import { mediasRoutes } from './modules/collection/medias/medias.routes';
import { mediaDownloadRoutes } from './modules/collection/medias/media-downloads.routes';
import { contributorsRoutes } from './modules/collection/contributors/contributors.routes';
import { contributionsRoutes } from './modules/collection/contributions/contributions.routes';
import { participantsRoutes } from './modules/collection/participants/participants.routes';
import { surveysRoutes } from './modules/surveys/surveys/surveys.routes';
import { stepsRoutes } from './modules/surveys/steps/steps.routes';
import { questionsRoutes } from './modules/surveys/questions/questions.routes';
import { choicesRoutes } from './modules/surveys/choices/choices.routes';
import { templatesRoutes } from './modules/surveys/templates/templates.routes';
import { publicRoutes } from './modules/collection/public/public.routes';
import { qrcodesRoutes } from './modules/collection/qrcodes/qrcodes.routes';
import { targetsRoutes } from './modules/collection/targets/targets.routes';
import { exportsRoutes } from './modules/collection/exports/exports.routes';
import { messagingRoutes, startMessagingWorkers } from './modules/messaging/messaging.module';
import { structureModule } from './modules/structure/structure.module';
import { commerceRoutes, prepareCommerce } from './modules/commerce/commerce.module';
import { administrationModule } from './modules/administration/administration.module';
import { supervisionModule } from './modules/supervision/supervision.module';
import { adminUsersRoutes } from './modules/platform/admin-users/admin-users.routes';
import { adminAcrossRoutes } from './modules/platform/admin-across/admin-across.routes';
import { adminMapRoutes } from './modules/platform/admin-map/admin-map.routes';
import './http/actor';
import { ActorCache } from './http/actor-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { connectActorRelay } from './realtime/actor-relay';
import { EventBus } from './events/event-bus';
import { registerRealtime } from './realtime/socket-server';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where the process stands (readiness); server.ts passes its own, tests get a ready one. */
  lifecycle?: Lifecycle;
}

const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'];

/** The actor cache of signed-in requests, kept current by `events.invalidateActors` (and Redis). */
function registerActorCache(app: FastifyInstance, events: EventBus, config: Config): void {
  const cache = new ActorCache(config.ACTOR_CACHE_TTL_MS);
  app.decorate('actorCache', cache);
  const stop = events.onActorsInvalidated((changes) => {
    for (const change of changes) cache.invalidate(change);
  });
  const relay = config.REDIS_URL && config.ACTOR_CACHE_TTL_MS > 0 ? connectActorRelay(config.REDIS_URL, config.REDIS_KEY_PREFIX, cache, app.log) : null;
  if (relay) {
    events.setActorRelay((changes) => relay.publish(changes));
    app.addHook('onReady', () => relay.ready());
  }
  app.addHook('onClose', async () => {
    stop();
    events.setActorRelay(null);
    await relay?.close();
  });
}

/** Builds the Fastify instance with every plugin and module; never listens. */
export async function buildApp({ config, db, serveWeb = true, lifecycle = new Lifecycle({ migrated: true }) }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: REDACTED_HEADERS, serializers: { req: serializeRequest } },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    requestIdHeader: 'x-request-id',
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: MAX_PATH_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
    // While draining (server.ts "shutdown"), a request that arrives on a kept-alive
    // connection is still served (with Connection: close), not refused with a bare 503.
    return503OnClosing: false,
  });
  // Before any route: the methods of each path, for 405 answers (error-handler.ts).
  const routes = registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('lifecycle', lifecycle);
  const metrics = registerMetrics(app, config);
  const events = new EventBus();
  app.decorate('events', events);
  registerActorCache(app, events, config);
  app.decorateRequest('actor', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built pages' inline scripts by their hash (a signed-in home's first screen).
        scriptSrc: ["'self'", ...(serveWeb ? inlineScriptHashes(config.WEB_DIST) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...errorReportingOrigin(config)],
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

  // The development outbox as a page people read (a demo sign-up's code); never in production.
  if (config.NODE_ENV !== 'production') await app.register(devOutboxPage);
  const spaFallback = serveWeb ? await registerStaticWeb(app, config.WEB_DIST) : false;
  registerErrorHandler(app, { spaFallback, routes });
  if (metrics) serveMetrics(app, metrics, config);
  registerInputGuards(app);
  const payments = prepareCommerce(app, config);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        (request as any).locale = pickLocale(request.headers['accept-language']);
      });
      registerAuthHook(api, resolveSignedIn);
      registerRouteAccess(api);
      registerQueryKeyRule(api);
      await api.register(healthRoutes);
      await api.register(clientConfigRoutes, { config });
      await api.register(zonesRoutes);
      await api.register(sectorsRoutes);
      await api.register(categoriesRoutes);
      await api.register(authModule, { config });
      await api.register(companiesRoutes);
      await api.register(companyCodeRoutes, { config });
      await api.register(companyLogoRoutes, { config });
      await api.register(overviewRoutes);
      await api.register(peopleRoutes);
      await api.register(agentsRoutes);
      await api.register(invitationsRoutes, { config });
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
      await api.register(targetsRoutes, { config });
      await api.register(exportsRoutes, { dataDir: config.DATA_DIR });
      await api.register(messagingRoutes, { config });
      await api.register(structureModule, { config });
      await api.register(supervisionModule);
      await api.register(commerceRoutes, { config, gateway: payments });
      await api.register(administrationModule);
      await api.register(adminUsersRoutes, { config });
      await api.register(adminAcrossRoutes);
      await api.register(adminMapRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(uploadedImagesRoutes(config.DATA_DIR));
  await app.register(mediaDownloadRoutes(config.DATA_DIR));
  registerRealtime(app, config);
  startMessagingWorkers(app, config);
  return app;
}
