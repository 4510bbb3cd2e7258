import type { AccountCompany } from '@app/contracts/auth';
import type { InvitationSentData } from '@app/contracts/socket-events';
import { api } from '../../../lib/api-client';
import { requestSessionOf } from '../../../lib/session/account-model';
import { accounts } from '../../../lib/session/account-store';
import { reloadUser } from '../../../lib/session/session-service';

/** An invitation as the guest sees it (GET invitations/mine, or the live event). */
export interface GuestInvitation {
  id: number;
  status?: string;
  hostName: string;
  companyName: string;
}

export interface InvitationAnswer {
  id: number;
  status: 'accepted' | 'refused' | string;
  company?: AccountCompany;
  company_id?: number;
  guest_agent_id?: number;
  datas?: { job?: string | null; first_name?: string | null; last_name?: string | null };
}

type LiveInvitation = Partial<InvitationSentData> & { id: number; host?: { name?: string }; company?: { name?: string } };

/** Reads the event both as contracts type it (flat names) and as section 3 shows it (host, company). */
export function readLiveInvitation(data: LiveInvitation): GuestInvitation {
  return {
    id: data.id,
    status: data.status,
    hostName: data.host?.name ?? data.host_name ?? '',
    companyName: data.company?.name ?? data.company_name ?? '',
  };
}

interface MineRow {
  id: number;
  status: string;
  host: { name: string };
  company: { name: string };
}

/** GET invitations/mine for an account: its pending invitations. */
export async function fetchMyInvitations(sid: string): Promise<GuestInvitation[]> {
  const account = accounts.get(sid);
  if (!account) return [];
  const rows = await api.get<MineRow[]>('invitations/mine', { session: requestSessionOf(account) });
  return (rows ?? []).map((row) => ({ id: row.id, status: row.status, hostName: row.host.name, companyName: row.company.name }));
}

/** An invitation opened by its code: what the guest sees before answering. */
export interface ClaimedInvitation extends GuestInvitation {
  job: string | null;
}

/**
 * POST invitations/claim ("J'ai un code d'invitation"): the invitation of this code,
 * now the account's, to be answered like the others. The server says in French why a
 * code opens nothing (malformed, unknown, expired, answered, cancelled).
 */
export async function claimInvitation(sid: string, code: string): Promise<ClaimedInvitation> {
  const account = accounts.get(sid);
  if (!account) throw new Error('no account');
  const row = await api.post<MineRow & { datas?: { job?: string } }>('invitations/claim', { code }, { session: requestSessionOf(account) });
  return { id: row.id, status: row.status, hostName: row.host.name, companyName: row.company.name, job: row.datas?.job ?? null };
}

/**
 * POST invitations/{id}/accept|refuse as the account. Accepting adds the company to the
 * account at once (section 4), then reloads it for the new agent and its permissions.
 */
export async function answerInvitation(sid: string, id: number, action: 'accept' | 'refuse'): Promise<InvitationAnswer> {
  const account = accounts.get(sid);
  if (!account) throw new Error('no account');
  const answer = await api.post<InvitationAnswer>(`invitations/${id}/${action}`, undefined, { session: requestSessionOf(account) });
  if (answer.status === 'accepted' && answer.company) {
    const current = accounts.get(sid) ?? account;
    const company = answer.company;
    const companies = current.usr.companies.some((c) => c.id === company.id) ? current.usr.companies : [...current.usr.companies, company];
    accounts.save({ ...current, usr: { ...current.usr, companies } });
    await reloadUser(sid);
  }
  return answer;
}
