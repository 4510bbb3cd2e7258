import { recordIdOf } from '@app/contracts';
import type { Database } from '../../../db/client';
import type { AuthenticatedSession } from '../../../http/actor';
import { ActorCache, type CachedActor } from '../../../http/actor-cache';
import { forbidden, unauthorized } from '../../../http/errors';
import { type ActorRow, loadActorRow } from './actor-query';
import { noteDeviceSeen, sessionOfAccessRow } from './sessions.service';
import { hashToken, looksLikeToken } from './tokens';

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

