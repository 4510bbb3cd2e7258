import type { FastifyRequest } from 'fastify';
import { contextOf } from '../../../http/actor';
import type { Actor } from '../../../http/actor';
import { unauthorized } from '../../../http/errors';
import type { AuthenticatedSession } from './sessions.service';
import type { ClientInfo } from './auth.deps';

/** The caller's address, agent and language for the sign-in use cases. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null, locale: contextOf(request).locale };
}

/** The signed-in caller and their session; 401 when the request carries none. */
export function requireSession(request: FastifyRequest): { actor: Actor; session: AuthenticatedSession } {
  if (!request.actor || !request.authSession) throw unauthorized();
  return { actor: request.actor, session: request.authSession };
}

/** Route options of calls a client makes with a stale token (see `authOptional`). */
export const TOKEN_OPTIONAL = { authOptional: true } as const;

/** preValidation hook of signed-in routes: 401 comes before any body validation (422). */
export async function ensureSignedIn(request: FastifyRequest): Promise<void> {
  requireSession(request);
}
