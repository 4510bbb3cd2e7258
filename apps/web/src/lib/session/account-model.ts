import type { AccountAgent, AccountUser, LoginResponse, PermissionMap, RefreshResponse } from '@app/contracts/auth';
import type { SessionInfo, StoredAccount } from './account.types';
import { toEpochSeconds } from './token-status';

/** The roles a route may ask for (section 6). */
export type AccountRole = 'admin' | 'agent' | 'partner' | 'customer';

export function sessionInfoOf(tokens: LoginResponse | RefreshResponse): SessionInfo {
  return {
    key: tokens.token,
    key_res: tokens.refresh_token,
    exp: toEpochSeconds(tokens.expires_at),
    exp_res: toEpochSeconds(tokens.refresh_expires_at),
  };
}

/**
 * Section 6: a user may belong to several companies, one agent each; the first is the
 * active one. Only an active membership can be used (the server refuses the others as
 * Agent-id), so usable agents come first, keeping the previously active one in front.
 */
export function orderAgents(agents: AccountAgent[], activeId: number | null | undefined): AccountAgent[] {
  const usable = agents.filter((a) => a.status === 'active');
  const others = agents.filter((a) => a.status !== 'active');
  const index = usable.findIndex((a) => a.id === activeId);
  if (index > 0) usable.unshift(...usable.splice(index, 1));
  return [...usable, ...others];
}

/** The active agent (first usable membership), if any. */
export function activeAgentOf(account: Pick<StoredAccount, 'agents'> | null | undefined): AccountAgent | null {
  const first = account?.agents[0];
  return first && first.status === 'active' ? first : null;
}

/** Section 6: permissions come from the first (active) agent, otherwise from the account. */
export function permissionsFor(user: Pick<AccountUser, 'permissions'>, agents: AccountAgent[]): PermissionMap {
  const active = agents[0]?.status === 'active' ? agents[0] : null;
  return { ...(active ? active.permissions : user.permissions) };
}

/**
 * The roles of an account in its active company (section 6): its type; `partner` when
 * the active membership holds the platform's partner role, else `agent` as soon as it
 * holds an active membership (a customer who accepted an invitation works for that
 * company): a partner is not an agent. Roles held outside memberships (customer, admin)
 * count too.
 */
export function rolesOf(account: Pick<StoredAccount, 'usr' | 'agents'>): Set<AccountRole> {
  const roles = new Set<AccountRole>([account.usr.type]);
  const active = activeAgentOf(account);
  if (active) roles.add(active.roles?.includes('partner') ? 'partner' : 'agent');
  // An agent-type account acting for a company as its partner is not that company's agent.
  if (active?.roles?.includes('partner') && account.usr.type === 'agent') roles.delete('agent');
  for (const role of account.usr.roles ?? []) {
    if (role === 'admin' || role === 'customer') roles.add(role);
  }
  return roles;
}

export function isAdmin(account: Pick<StoredAccount, 'usr'> | null | undefined): boolean {
  return account?.usr.type === 'admin';
}

/** Builds or refreshes an account from GET auth, keeping the chosen active company. */
export function withUser(sid: string, user: AccountUser, sessionInfo: SessionInfo, previous?: StoredAccount | null): StoredAccount {
  const { agents, ...usr } = user;
  const ordered = orderAgents(agents ?? [], previous?.agents[0]?.id);
  return {
    sid,
    usr,
    agents: ordered,
    permissions: permissionsFor(user, ordered),
    picture: user.photo ?? null,
    sessionInfo,
  };
}

/** Makes `agentId` the active agent; null when the account has no usable agent of that id. */
export function withActiveAgent(account: StoredAccount, agentId: number): StoredAccount | null {
  const target = account.agents.find((a) => a.id === agentId && a.status === 'active');
  if (!target) return null;
  const agents = orderAgents(account.agents, agentId);
  return { ...account, agents, permissions: permissionsFor(account.usr, agents) };
}

/** The agent of a company, given by id or public code, as switch-company receives it. */
export function findAgentOfCompany(account: StoredAccount, company: string): AccountAgent | null {
  const wanted = company.trim().toLowerCase();
  return (
    account.agents.find(
      (a) => String(a.company_id) === wanted || a.company.code.toLowerCase() === wanted || String(a.company.id) === wanted,
    ) ?? null
  );
}

/** The headers' identity of an account (section 7): Agent-id only for non-admins. */
export function requestSessionOf(account: StoredAccount) {
  return {
    token: account.sessionInfo.key,
    userId: account.usr.id,
    agentId: isAdmin(account) ? null : (activeAgentOf(account)?.id ?? null),
  };
}
