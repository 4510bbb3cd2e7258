import type { PeopleType } from '@app/contracts/company';
import { defineResource } from '../../lib/resource/resource';

/** An agent (membership) as lists and the agent page read it. */
export interface AgentRow {
  id: number;
  company_id: number;
  user_id: number;
  job: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  status: 'active' | 'invited' | 'suspended';
  created_at: string;
  roles?: RoleSummary[];
  user?: { id: number; first_name: string | null; last_name: string | null; email: string | null; phone: string | null; photo: string | null };
}

/** A signed-in respondent of the company's surveys (name only). */
export interface CustomerRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  photo: string | null;
  participations_count: number;
  last_participation_at: string | null;
}

export interface RoleSummary {
  id: number;
  name: string;
  slug: string;
  company_id?: number | null;
  is_owner?: boolean;
  state?: string;
}

export interface RoleRow {
  id: number;
  company_id: number | null;
  name: string;
  slug: string;
  description: string | null;
  state: 'active' | 'inactive';
  is_owner: boolean;
  created_at: string;
}

export interface InvitationRow {
  id: number;
  email: string | null;
  phone: string | null;
  datas: { job?: string; first_name?: string; last_name?: string };
  status: 'pending' | 'accepted' | 'refused' | 'cancelled' | 'expired';
  expires_at: string;
  created_at: string;
}

export interface ApprovalRow {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  approvalable_type: string;
  approvalable: { type: string; id: number | null; first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null; job?: string | null; message?: string | null };
  comment: string | null;
  decided_at: string | null;
  created_at: string;
}

export const agentsResource = defineResource<AgentRow>('agents');
export const invitationsResource = defineResource<InvitationRow>('invitations');
export const rolesResource = defineResource<RoleRow>('roles');
export const approvalsResource = defineResource<ApprovalRow>('approvals');

const peopleResources = {
  agents: defineResource<AgentRow>('people/agents'),
  partners: defineResource<AgentRow>('people/partners'),
  customers: defineResource<CustomerRow>('people/customers'),
};

/** What a change to an agent (state, roles, removal) makes stale. */
export const PEOPLE_LISTS = [peopleResources.agents, peopleResources.partners, agentsResource];

export function peopleResource<T extends PeopleType>(type: T): (typeof peopleResources)[T] {
  return peopleResources[type];
}

/** A person's name as screens show it: first and last name, else the contact. */
export function personName(row: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null }): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.phone || '—';
}
