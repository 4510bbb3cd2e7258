import type { AudienceRule } from '@app/contracts/structure';
import { defineResource } from '../../lib/resource/resource';

/** Rows of the structure resources as the API answers them (API.md "Company structure"). */
export interface Zone {
  id: number;
  name: string;
  type: string;
  parent?: Zone | null;
}

export interface Site {
  id: number;
  /** The signed-in user pinned it (such rows come first in lists). */
  pinned?: boolean;
  name: string;
  code: string;
  zone_id: number | null;
  zone?: Zone | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  geofence_radius_m: number | null;
  manager_agent_id: number | null;
  status: 'active' | 'inactive';
  created_at: string;
}

export interface Workspace {
  id: number;
  /** The signed-in user pinned it (such rows come first in lists). */
  pinned?: boolean;
  name: string;
  code: string;
  site_id: number;
  site?: Site | null;
  kind: string;
  status: string;
  created_at: string;
}

export interface Group {
  id: number;
  /** The signed-in user pinned it (such rows come first in lists). */
  pinned?: boolean;
  name: string;
  description: string | null;
  site_id: number | null;
  site?: Site | null;
  created_at: string;
}

export interface Audience {
  id: number;
  /** The signed-in user pinned it (such rows come first in lists). */
  pinned?: boolean;
  name: string;
  description: string | null;
  parent_id: number | null;
  population: 'agents' | 'contacts';
  mode: 'all' | 'static' | 'rule';
  rule: AudienceRule | null;
  member_count: number;
  created_at: string;
}

export interface Pole {
  id: number;
  /** The signed-in user pinned it (such rows come first in lists). */
  pinned?: boolean;
  name: string;
  description: string | null;
  created_at: string;
}

export interface AgentRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job: string | null;
  status: string;
}

export interface TreeNode {
  id: number;
  parent_id: number | null;
  name: string;
  position: number;
  children: TreeNode[];
}

export const sitesResource = defineResource<Site>('sites');
export const workspacesResource = defineResource<Workspace>('workspaces');
export const groupsResource = defineResource<Group>('groups');
export const audiencesResource = defineResource<Audience>('audiences');
export const polesResource = defineResource<Pole>('pointerests');
export const nodesResource = defineResource<TreeNode>('nodes', { key: 'pointerests' });
export const agentsResource = defineResource<AgentRow>('agents');
export const zonesResource = defineResource<Zone>('zones');

export interface Contact {
  id: number;
  pinned?: boolean;
  name: string;
  organisation: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  zone_id: number | null;
  zone?: Zone | null;
  created_at: string;
}

export const contactsResource = defineResource<Contact>('contacts');

export const agentName = (a: Pick<AgentRow, 'first_name' | 'last_name' | 'email'>) =>
  [a.first_name, a.last_name].filter(Boolean).join(' ') || a.email || '—';
