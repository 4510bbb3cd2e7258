import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { AuthenticatedSession } from './actor';
import type { ActorCache, CachedActor } from './actor-cache';
import { AppError, unauthorized } from './errors';

/**
 * Who is calling, from a bearer token and the `userID`/`Agent-id` claims: the identity
 * module's (`resolveSignedIn`), handed to the hook by whoever registers it, so this layer
 * knows HTTP and nothing of sessions. Throws 401, 498, 499 and 403 as the token check does.
 */
export type ActorResolver = (
  db: Database,
  cache: ActorCache | undefined,
  token: string,
  claimed: { userId: string | null; agentId: string | null },
) => Promise<CachedActor>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the bearer token, when one was presented and is valid. */
    authSession: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /** Recent requests' actors (app.ts); an app without one reads the database each time. */
    actorCache?: ActorCache;
  }
  interface FastifyContextConfig {
    /**
     * A bad or expired token is ignored instead of answered with 401/498/499: sign-in,
     * refresh and other calls a client makes precisely because its token is stale.
     */
    authOptional?: boolean;
  }
}

/** Header values a client sends for "no value" (customers without an agent). */
const ABSENT_VALUES = new Set(['', 'null', 'undefined']);

function headerValue(request: FastifyRequest, name: string): string | null {
  const raw = request.headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === undefined || ABSENT_VALUES.has(value) ? null : value;
}

/** The bearer token of the Authorization header, or null when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = headerValue(request, 'authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

const AUTH_STATUSES = new Set([401, 498, 499]);

async function authenticateRequest(request: FastifyRequest, resolveActor: ActorResolver): Promise<void> {
  const token = bearerTokenOf(request);
  if (token === null) return;
  const optional = request.routeOptions.config?.authOptional === true;
  let resolved: CachedActor;
  try {
    if (token === '') throw unauthorized();
    resolved = await resolveActor(request.server.db, request.server.actorCache, token, {
      userId: headerValue(request, 'userid'),
      agentId: headerValue(request, 'agent-id'),
    });
  } catch (error) {
    if (optional && error instanceof AppError && AUTH_STATUSES.has(error.status)) return;
    throw error;
  }
  request.authSession = resolved.session;
  request.actor = resolved.actor;
}

/**
 * Authenticates `Authorization: Bearer` on every route of the scope and sets
 * `request.actor`; requests without the header stay anonymous (public routes).
 */
export function registerAuthHook(scope: FastifyInstance, resolveActor: ActorResolver): void {
  scope.decorateRequest('authSession', null);
  scope.addHook('onRequest', (request) => authenticateRequest(request, resolveActor));
}
