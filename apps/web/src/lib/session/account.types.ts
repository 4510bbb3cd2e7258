import type { AccountAgent, AccountUser, PermissionMap } from '@app/contracts/auth';

/** The tokens of one signed-in account (section 3: key, key_res, exp). */
export interface SessionInfo {
  /** Access (bearer) token. */
  key: string;
  /** Refresh token. */
  key_res: string;
  /** Access token expiry, in seconds since the epoch. */
  exp: number;
  /** Refresh token expiry, in seconds since the epoch (0 when unknown). */
  exp_res: number;
}

/** The user as stored: GET auth without the agents, which are kept apart (section 3). */
export type StoredUser = Omit<AccountUser, 'agents'> & { roles?: string[] };

/**
 * One signed-in account, stored locally under its session id (section 3): the user,
 * its agents (the first is the active one), the permission map in force, the picture
 * and the session tokens.
 */
export interface StoredAccount {
  sid: string;
  usr: StoredUser;
  agents: AccountAgent[];
  permissions: PermissionMap;
  picture: string | null;
  sessionInfo: SessionInfo;
}
