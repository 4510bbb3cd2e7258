import { CUSTOMER_ROLE_SLUG, type AccountAgent, type AccountCompany, type AccountUser, type PermissionMap, resolveNotificationPreferences } from '@app/contracts';
import type { CompiledQuery, Database } from '../../../db/client';
import { unauthorized } from '../../../http/errors';
import { displayNameOf, type UserRow } from '../users/users.repository';

function toPermissionMap(slugs: Set<string>): PermissionMap {
  return Object.fromEntries([...slugs].sort().map((slug) => [slug, true as const]));
}

/** The user's own fields as the account shows them (no hash, no internal state). */
export function toAccountFields(user: AccountUserRow) {
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

interface Membership {
  id: number;
  company_id: number;
  user_id: number;
  job: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  status: AccountAgent['status'];
  company: { id: number; name: string; code: string; logo: string | null };
  /** Platform roles the membership holds (partner). */
  platform_roles: string[];
}

/** The user's columns the account shows (timestamps come back from JSON as text). */
type AccountUserRow = Pick<
  UserRow,
  | 'id' | 'username' | 'email' | 'phone' | 'first_name' | 'last_name' | 'photo' | 'type' | 'has_to_change_password'
  | 'email_verified_at' | 'phone_verified_at' | 'locale' | 'promotional_offers' | 'notification_preferences'
>;

interface AccountParts {
  user: (Omit<AccountUserRow, 'email_verified_at' | 'phone_verified_at'> & { email_verified_at: string | null; phone_verified_at: string | null }) | null;
  memberships: Membership[] | null;
  groups: Array<{ agent_id: number; id: number; name: string }> | null;
  chatrooms: AccountUser['chatrooms'] | null;
  /** Platform roles (company null) held directly or through an active membership. */
  role_slugs: string[] | null;
  /**
   * Permission slugs by holder: 0 for the user's global roles, -1 for what those give an
   * agent (all but the customer role), else an active agent's id.
   */
  grants: Array<{ holder: number; slug: string }> | null;
}

/** Named: PostgreSQL parses and plans it once per connection (planning cost more than running it). */
const ACCOUNT_PARTS: CompiledQuery = {
  name: 'account_parts_v2',
  text: `
    WITH m AS (
      SELECT a.id, a.company_id, a.user_id, a.job, a.first_name, a.last_name, a.email, a.phone, a.status,
             json_build_object('id', c.id, 'name', c.name, 'code', c.code, 'logo', c.logo) AS company,
             coalesce((SELECT array_agg(DISTINCT r.slug ORDER BY r.slug) FROM agent_roles ar JOIN roles r ON r.id = ar.role_id
                        WHERE ar.agent_id = a.id AND r.company_id IS NULL AND r.state = 'active'), '{}') AS platform_roles
        FROM agents a JOIN companies c ON c.id = a.company_id
       WHERE a.user_id = $1::int AND a.deleted_at IS NULL AND c.deleted_at IS NULL
    ), held AS (
      SELECT 0 AS holder, r.id, r.is_owner FROM user_roles ur JOIN roles r ON r.id = ur.role_id
       WHERE ur.user_id = $1::int AND r.state = 'active'
      UNION
      -- What the account's global roles give an agent: not the customer role
      -- (modules/tenancy/roles/permission-map.ts, the same rule).
      SELECT -1, r.id, r.is_owner FROM user_roles ur JOIN roles r ON r.id = ur.role_id
       WHERE ur.user_id = $1::int AND r.state = 'active' AND NOT (r.company_id IS NULL AND r.slug = '${CUSTOMER_ROLE_SLUG}')
      UNION
      SELECT m.id, r.id, r.is_owner FROM m JOIN agent_roles ar ON ar.agent_id = m.id JOIN roles r ON r.id = ar.role_id
       WHERE m.status = 'active' AND r.state = 'active'
    )
    SELECT
      (SELECT json_build_object('id', u.id, 'username', u.username, 'email', u.email, 'phone', u.phone,
              'first_name', u.first_name, 'last_name', u.last_name, 'photo', u.photo, 'type', u.type,
              'has_to_change_password', u.has_to_change_password, 'email_verified_at', u.email_verified_at,
              'phone_verified_at', u.phone_verified_at, 'locale', u.locale, 'promotional_offers', u.promotional_offers,
              'notification_preferences', u.notification_preferences)
         FROM users u WHERE u.id = $1::int AND u.deleted_at IS NULL) AS user,
      (SELECT json_agg(m ORDER BY m.id) FROM m) AS memberships,
      (SELECT json_agg(json_build_object('agent_id', gm.agent_id, 'id', g.id, 'name', g.name) ORDER BY g.id)
         FROM group_members gm JOIN groups g ON g.id = gm.group_id
        WHERE gm.agent_id IN (SELECT id FROM m) AND g.deleted_at IS NULL) AS groups,
      (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'status', c.status) ORDER BY c.id)
         FROM chatroom_members cm JOIN chatrooms c ON c.id = cm.chatroom_id WHERE cm.user_id = $1::int) AS chatrooms,
      (SELECT array_agg(DISTINCT r.slug ORDER BY r.slug) FROM roles r
        WHERE r.company_id IS NULL AND r.state = 'active' AND (
          r.id IN (SELECT role_id FROM user_roles WHERE user_id = $1::int)
          OR r.id IN (SELECT ar.role_id FROM agent_roles ar JOIN agents a ON a.id = ar.agent_id
                       WHERE a.user_id = $1::int AND a.status = 'active' AND a.deleted_at IS NULL))) AS role_slugs,
      (SELECT json_agg(json_build_object('holder', h.holder, 'slug', p.slug))
         FROM (SELECT DISTINCT holder FROM held) h
         JOIN permissions p ON EXISTS (SELECT 1 FROM held x WHERE x.holder = h.holder AND x.is_owner)
           OR p.id IN (SELECT rp.permission_id FROM role_permissions rp JOIN held x ON x.id = rp.role_id WHERE x.holder = h.holder)) AS grants
`,
};

/**
 * The whole account in one statement: the user's fields, memberships with their
 * company, groups, chatrooms, platform role slugs, and the permission slugs of the
 * user's global roles and of each active membership's roles (an active owner role grants
 * the whole catalogue). Outside transactions only (`Database.tuples`).
 */
async function loadAccountParts(db: Database, userId: number): Promise<AccountParts> {
  const [row] = await db.tuples(ACCOUNT_PARTS, [userId]);
  const [user, memberships, groups, chatrooms, role_slugs, grants] = row as [
    AccountParts['user'],
    AccountParts['memberships'],
    AccountParts['groups'],
    AccountParts['chatrooms'],
    AccountParts['role_slugs'],
    AccountParts['grants'],
  ];
  return { user, memberships, groups, chatrooms, role_slugs, grants };
}

/**
 * GET auth: the user with their companies (membership as pivot), agents with company,
 * permission map and groups, user-level permissions and chatrooms: one statement
 * (`loadAccountParts`).
 */
export async function loadAccountUser(db: Database, userId: number): Promise<AccountUser> {
  const parts = await loadAccountParts(db, userId);
  if (!parts.user) throw unauthorized();
  const at = (value: string | null) => (value === null ? null : new Date(value));
  const user: AccountUserRow = { ...parts.user, email_verified_at: at(parts.user.email_verified_at), phone_verified_at: at(parts.user.phone_verified_at) };
  const memberships = parts.memberships ?? [];
  const groupsByAgent = new Map<number, Array<{ id: number; name: string }>>();
  for (const g of parts.groups ?? []) {
    const list = groupsByAgent.get(g.agent_id) ?? [];
    list.push({ id: g.id, name: g.name });
    groupsByAgent.set(g.agent_id, list);
  }
  const slugsOf = new Map<number, Set<string>>();
  for (const grant of parts.grants ?? []) {
    const set = slugsOf.get(grant.holder) ?? new Set<string>();
    set.add(grant.slug);
    slugsOf.set(grant.holder, set);
  }
  const userPermissions = slugsOf.get(0) ?? new Set<string>();
  // An agent's permissions are its own roles' and its user's global roles' but the customer role.
  const forAgents = slugsOf.get(-1) ?? new Set<string>();
  const agentPermissions = memberships.map((m) =>
    m.status === 'active' ? new Set([...forAgents, ...(slugsOf.get(m.id) ?? [])]) : new Set<string>(),
  );
  const rooms = parts.chatrooms ?? [];
  const roleSlugs = parts.role_slugs ?? [];
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
    roles: m.status === 'active' ? m.platform_roles : [],
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
