import type { SocketAuthSuccess } from '@app/contracts';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, unauthorized } from '../http/errors';
import { loadRoomGrants, type RoomGrants } from './socket-rooms';
import type { SocketMessages } from './socket-messages';

/** What the auth module's access-token check answers (it throws AppError 401/498/499 otherwise). */
export interface AccessTokenIdentity {
  userId: number;
  sessionId: number;
  deviceId: number;
}

export type AuthenticateAccessToken = (db: Database, token: string) => Promise<AccessTokenIdentity>;

/** Who a socket speaks for once `auth` succeeded (kept by every signed-in socket: only what later checks read). */
export interface SocketPrincipal {
  userId: number;
  sessionId: number;
  grants: RoomGrants;
}

/** A successful `auth`: the principal the socket keeps, and the user and agent told once in `auth:success`. */
export interface SocketAuthResult {
  principal: SocketPrincipal;
  welcome: Pick<SocketAuthSuccess, 'user' | 'agent'>;
}

const authRequest = z.object({
  token: z.string().min(1).max(2048),
  agent: z
    .union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number), z.null()])
    .optional(),
});

/** The name shown for a user: first and last name, else username, e-mail or phone. */
function displayName(row: { first_name: string | null; last_name: string | null; username: string | null; email: string | null; phone: string | null }): string {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return full || row.username || row.email || row.phone || '';
}

/**
 * Checks the `auth` payload: the token through the auth module, the user still active,
 * and the optional agent among the user's active agents. Throws AppError (401, 498,
 * 499 from the token check; 403 for someone else's agent).
 */
export async function authenticateSocket(
  db: Database,
  authenticate: AuthenticateAccessToken,
  payload: unknown,
  messages: SocketMessages,
): Promise<SocketAuthResult> {
  const parsed = authRequest.safeParse(payload);
  if (!parsed.success) throw unauthorized();
  const identity = await authenticate(db, parsed.data.token);

  const [user] = await db.orm
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      username: users.username,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.id, identity.userId), eq(users.status, 'active'), isNull(users.deleted_at)));
  if (!user) throw unauthorized();

  const grants = await loadRoomGrants(db, user.id);
  const agentId = parsed.data.agent ?? null;
  const agent = agentId === null ? null : (grants.agents.get(agentId) ?? null);
  if (agentId !== null && !agent) throw new AppError(403, 'agent_not_owned', messages.agentNotOwned);

  return {
    principal: { userId: user.id, sessionId: identity.sessionId, grants },
    welcome: { user: { id: user.id, name: displayName(user) }, agent: agent ? { id: agent.id, company_id: agent.company_id } : null },
  };
}

/** Whether the socket's session still stands (not logged out, not revoked by a password change). */
export async function isSessionLive(db: Database, sessionId: number): Promise<boolean> {
  const [row] = await db.orm
    .select({ revoked_at: sessions.revoked_at })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return Boolean(row) && row.revoked_at === null;
}

/** Which of these sessions were revoked since (logout, device signed out, password change). */
export async function findRevokedSessions(db: Database, sessionIds: number[]): Promise<Set<number>> {
  const revoked = new Set<number>();
  for (let i = 0; i < sessionIds.length; i += 1000) {
    const rows = await db.orm
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds.slice(i, i + 1000)), isNotNull(sessions.revoked_at)));
    for (const row of rows) revoked.add(row.id);
  }
  return revoked;
}
