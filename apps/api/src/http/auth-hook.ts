import { recordIdOf } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import {
  type AuthenticatedSession,
  authenticateAccessToken,
  noteDeviceSeen,
  sessionOfAccessRow,
} from '../modules/identity/auth/sessions.service';
import { hashToken, looksLikeToken } from '../modules/identity/auth/tokens';
import { ActorCache, type CachedActor } from './actor-cache';
import { type ActorRow, loadActorRow } from './actor-query';
import { AppError, forbidden, unauthorized } from './errors';

export { authenticateAccessToken, type AuthenticatedSession };

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

/**
 * A claimed agent id: null when none, -1 (matches nothing, answered 403) when it names no
 * possible agent (a text, out of int4: the record-id rule of contracts/ids.ts).
 */
function claimedAgentIdOf(claimed: string | null): number | null {
  if (claimed === null) return null;
  return recordIdOf(claimed) ?? -1;
}

/** The `userID` header, when sent, must name the token's user. */
function assertClaimedUser(session: AuthenticatedSession, claimedUser: string | null): void {
  if (claimedUser !== null && claimedUser !== String(session.userId)) throw forbidden('', 'user_mismatch');
}

/**
 * The session and actor of an access token and agent claim: from the actor cache when
 * the app has one and holds them, else with one query (`loadActorRow`). Throws 401, 498,
 * 499 as the token check, and 403 when the claimed agent is not the user's usable one.
 */
export async function resolveSignedIn(
  db: Database,
  cache: ActorCache | undefined,
  token: string,
  claimed: { userId: string | null; agentId: string | null },
): Promise<CachedActor> {
  if (!looksLikeToken(token)) throw unauthorized();
  const hash = hashToken(token);
  const claimedAgent = claimed.agentId;
  const key = ActorCache.key(hash, claimedAgent);
  const hit = cache?.get(key);
  if (hit) {
    assertClaimedUser(hit.session, claimed.userId);
    await noteDeviceSeen(db, hit.session.deviceId);
    return hit;
  }
  const since = cache?.begin() ?? 0;
  const claimedAgentId = claimedAgentIdOf(claimedAgent);
  const row = await loadActorRow(db, hash, claimedAgentId);
  const session = sessionOfAccessRow(row);
  await noteDeviceSeen(db, session.deviceId);
  const found = row as ActorRow;
  assertClaimedUser(session, claimed.userId);
  if (claimedAgentId !== null && found.agent_id === null) throw forbidden('', 'agent_not_allowed');
  const resolved: CachedActor = {
    session,
    // Shared by every request the cache answers: frozen, so none can change it for the others.
    actor: Object.freeze({
      userId: session.userId,
      type: session.userType,
      agentId: found.agent_id,
      companyId: found.company_id,
      permissions: new Set(found.slugs ?? []),
    }),
    roleIds: found.role_ids ?? [],
    accessExpiresAt: found.access_expires_at.getTime(),
  };
  cache?.set(key, resolved, since);
  return resolved;
}

const AUTH_STATUSES = new Set([401, 498, 499]);

async function authenticateRequest(request: FastifyRequest): Promise<void> {
  const token = bearerTokenOf(request);
  if (token === null) return;
  const optional = request.routeOptions.config?.authOptional === true;
  let resolved: CachedActor;
  try {
    if (token === '') throw unauthorized();
    resolved = await resolveSignedIn(request.server.db, request.server.actorCache, token, {
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
export function registerAuthHook(scope: FastifyInstance): void {
  scope.decorateRequest('authSession', null);
  scope.addHook('onRequest', authenticateRequest);
}
