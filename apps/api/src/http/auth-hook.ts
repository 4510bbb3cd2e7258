import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { agents, companies } from '../db/schema';
import {
  type AuthenticatedSession,
  authenticateAccessToken,
} from '../modules/auth/sessions.service';
import { loadPermissionSlugs } from '../modules/roles/permission-map';
import type { Actor } from './actor';
import { AppError, forbidden, unauthorized } from './errors';

export { authenticateAccessToken, type AuthenticatedSession };

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the bearer token, when one was presented and is valid. */
    authSession: AuthenticatedSession | null;
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

/** The user's active membership: the one named (must be theirs and usable), else the first. */
async function findActiveAgent(
  db: Database,
  userId: number,
  agentId: number | null,
): Promise<{ id: number; company_id: number } | null> {
  const [row] = await db.orm
    .select({ id: agents.id, company_id: agents.company_id })
    .from(agents)
    .innerJoin(companies, eq(companies.id, agents.company_id))
    .where(
      and(
        eq(agents.user_id, userId),
        agentId === null ? undefined : eq(agents.id, agentId),
        eq(agents.status, 'active'),
        isNull(agents.deleted_at),
        eq(companies.status, 'active'),
        isNull(companies.deleted_at),
      ),
    )
    .orderBy(asc(agents.id))
    .limit(1);
  return row ?? null;
}

/**
 * Builds the Actor of an authenticated session, checking the `userID` and `Agent-id`
 * headers against it (403 when they name someone else). Also used by the socket layer
 * with `{ agentId }` from its auth message.
 */
export async function resolveActor(
  db: Database,
  session: AuthenticatedSession,
  claimed: { userId?: string | null; agentId?: string | null },
): Promise<Actor> {
  if (claimed.userId != null && claimed.userId !== String(session.userId)) {
    throw forbidden('', 'user_mismatch');
  }
  let agent: { id: number; company_id: number } | null = null;
  if (claimed.agentId != null) {
    const agentId = Number(claimed.agentId);
    if (!Number.isSafeInteger(agentId) || agentId <= 0) throw forbidden('', 'agent_not_allowed');
    agent = await findActiveAgent(db, session.userId, agentId);
    if (!agent) throw forbidden('', 'agent_not_allowed');
  } else if (session.userType !== 'admin') {
    agent = await findActiveAgent(db, session.userId, null);
  }
  const agentId = agent?.id ?? null;
  return {
    userId: session.userId,
    type: session.userType,
    agentId,
    companyId: agent?.company_id ?? null,
    permissions: await loadPermissionSlugs(db, { userId: session.userId, agentId }),
  };
}

const AUTH_STATUSES = new Set([401, 498, 499]);

async function authenticateRequest(request: FastifyRequest): Promise<void> {
  const token = bearerTokenOf(request);
  if (token === null) return;
  const optional = request.routeOptions.config?.authOptional === true;
  let session: AuthenticatedSession;
  try {
    if (token === '') throw unauthorized();
    session = await authenticateAccessToken(request.server.db, token);
  } catch (error) {
    if (optional && error instanceof AppError && AUTH_STATUSES.has(error.status)) return;
    throw error;
  }
  request.authSession = session;
  request.actor = await resolveActor(request.server.db, session, {
    userId: headerValue(request, 'userid'),
    agentId: headerValue(request, 'agent-id'),
  });
}

/**
 * Authenticates `Authorization: Bearer` on every route of the scope and sets
 * `request.actor`; requests without the header stay anonymous (public routes).
 */
export function registerAuthHook(scope: FastifyInstance): void {
  scope.decorateRequest('authSession', null);
  scope.addHook('onRequest', authenticateRequest);
}
