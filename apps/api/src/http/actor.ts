import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';

/** The signed-in caller, as resolved from the bearer token and the Agent-id header. */
export interface Actor {
  userId: number;
  type: 'admin' | 'agent' | 'customer';
  /** The active membership (Agent-id header); null for platform admins and customers. */
  agentId: number | null;
  companyId: number | null;
  /** Permission slugs `object.action` granted to the active agent or the user. */
  permissions: ReadonlySet<string>;
}

/** What a service needs from a request: the database, the caller and the language. */
/** The session behind a valid bearer token (identity's sessions service builds it). */
export interface AuthenticatedSession {
  userId: number;
  userType: 'admin' | 'agent' | 'customer';
  sessionId: number;
  deviceId: number;
  family: string;
}

export interface RequestContext {
  db: Database;
  events: EventBus;
  actor: Actor | null;
  locale: import('@app/contracts').Locale;
  /** The caller's address (written to the audit trail by admin actions). */
  ip?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    db: Database;
    events: EventBus;
  }
}

export function contextOf(request: FastifyRequest): RequestContext {
  return {
    db: request.server.db,
    events: request.server.events,
    actor: request.actor,
    locale: (request as any).locale ?? 'fr',
    ip: request.ip,
  };
}
