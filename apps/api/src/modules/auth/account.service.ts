import { type AccountAgent, type AccountCompany, type AccountUser, type PermissionMap, resolveNotificationPreferences } from '@app/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agents, chatroomMembers, chatrooms, companies, groupMembers, groups } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { loadPermissionSlugs } from '../roles/permission-map';
import { displayNameOf, findUserById, type UserRow } from '../users/users.repository';

function toPermissionMap(slugs: Set<string>): PermissionMap {
  return Object.fromEntries([...slugs].sort().map((slug) => [slug, true as const]));
}

async function loadMemberships(db: Database, userId: number) {
  return db.orm
    .select({
      id: agents.id,
      company_id: agents.company_id,
      user_id: agents.user_id,
      job: agents.job,
      first_name: agents.first_name,
      last_name: agents.last_name,
      email: agents.email,
      phone: agents.phone,
      status: agents.status,
      company: { id: companies.id, name: companies.name, code: companies.code, logo: companies.logo },
    })
    .from(agents)
    .innerJoin(companies, eq(companies.id, agents.company_id))
    .where(and(eq(agents.user_id, userId), isNull(agents.deleted_at), isNull(companies.deleted_at)))
    .orderBy(asc(agents.id));
}

async function loadGroupsByAgent(db: Database, agentIds: number[]) {
  const byAgent = new Map<number, Array<{ id: number; name: string }>>();
  if (agentIds.length === 0) return byAgent;
  const rows = await db.orm
    .select({ agent_id: groupMembers.agent_id, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.group_id))
    .where(and(inArray(groupMembers.agent_id, agentIds), isNull(groups.deleted_at)))
    .orderBy(asc(groups.id));
  for (const row of rows) {
    const list = byAgent.get(row.agent_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byAgent.set(row.agent_id, list);
  }
  return byAgent;
}

function loadChatrooms(db: Database, userId: number) {
  return db.orm
    .select({ id: chatrooms.id, name: chatrooms.name, kind: chatrooms.kind, status: chatrooms.status })
    .from(chatroomMembers)
    .innerJoin(chatrooms, eq(chatrooms.id, chatroomMembers.chatroom_id))
    .where(eq(chatroomMembers.user_id, userId))
    .orderBy(asc(chatrooms.id));
}

/** The user's own fields as the account shows them (no hash, no internal state). */
export function toAccountFields(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    first_name: user.first_name,
    last_name: user.last_name,
    name: displayNameOf(user),
    photo: user.photo,
    type: user.type,
    has_to_change_password: (user.has_to_change_password ? 1 : 0) as 0 | 1,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    phone_verified_at: user.phone_verified_at?.toISOString() ?? null,
    locale: user.locale,
    promotional_offers: user.promotional_offers,
    notification_preferences: resolveNotificationPreferences(user.notification_preferences),
  };
}

/** Platform roles (company null) the user holds directly or through an active membership. */
async function loadPlatformRoleSlugs(db: Database, userId: number): Promise<string[]> {
  const rows = await db.rows<{ slug: string }>(sql`
    SELECT DISTINCT r.slug FROM roles r
     WHERE r.company_id IS NULL AND r.state = 'active' AND (
       r.id IN (SELECT role_id FROM user_roles WHERE user_id = ${userId})
       OR r.id IN (SELECT ar.role_id FROM agent_roles ar JOIN agents a ON a.id = ar.agent_id
                    WHERE a.user_id = ${userId} AND a.status = 'active' AND a.deleted_at IS NULL))
     ORDER BY r.slug`);
  return rows.map((r) => r.slug);
}

/**
 * GET auth: the user with their companies (membership as pivot), agents with company,
 * permission map and groups, user-level permissions and chatrooms.
 */
export async function loadAccountUser(db: Database, userId: number): Promise<AccountUser> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  const memberships = await loadMemberships(db, userId);
  const [groupsByAgent, userPermissions, rooms, agentPermissions, roleSlugs] = await Promise.all([
    loadGroupsByAgent(
      db,
      memberships.map((m) => m.id),
    ),
    loadPermissionSlugs(db, { userId, agentId: null }),
    loadChatrooms(db, userId),
    Promise.all(
      memberships.map((m) =>
        m.status === 'active' ? loadPermissionSlugs(db, { userId, agentId: m.id }) : Promise.resolve(new Set<string>()),
      ),
    ),
    loadPlatformRoleSlugs(db, userId),
  ]);
  const companiesOut: AccountCompany[] = memberships.map((m) => ({
    ...m.company,
    pivot: {
      id: m.id,
      company_id: m.company_id,
      user_id: m.user_id,
      job: m.job,
      email: m.email,
      phone: m.phone,
      name: [m.first_name, m.last_name].filter(Boolean).join(' ') || displayNameOf(user),
      status: m.status,
    },
  }));
  const agentsOut: AccountAgent[] = memberships.map((m, i) => ({
    id: m.id,
    company_id: m.company_id,
    company: m.company,
    job: m.job,
    first_name: m.first_name,
    last_name: m.last_name,
    status: m.status,
    permissions: toPermissionMap(agentPermissions[i]),
    groups: groupsByAgent.get(m.id) ?? [],
  }));
  return {
    ...toAccountFields(user),
    companies: companiesOut,
    agents: agentsOut,
    roles: roleSlugs,
    permissions: toPermissionMap(userPermissions),
    chatrooms: rooms,
  };
}
