import type { PeopleType } from '@app/contracts/company';
import { inSession } from '../../lib/session/session-id';

/**
 * Addresses of the company screens (section 2). Business pages take an `{action}`
 * segment (`view`, `new`, `edit`); `{type}` of people pages is agents | partners |
 * customers (docs/DOMAIN.md).
 */
export const COMPANY_ROUTE_PATTERNS = {
  company: '/:sessionID/business/company',
  join: '/:sessionID/business/join',
  overview: '/:sessionID/business/:action/overview',
  validations: '/:sessionID/business/:action/validations',
  users: '/:sessionID/business/users',
  people: '/:sessionID/business/:action/:type',
  person: '/:sessionID/business/:action/:type/:user',
  invitations: '/:sessionID/business/:action/invitations',
  approvals: '/:sessionID/business/:action/approvals',
  roles: '/:sessionID/business/roles',
  role: '/:sessionID/business/roles/:role',
} as const;

export const companyPath = (sid: string) => inSession(sid, '/business/company');
export const joinPath = (sid: string) => inSession(sid, '/business/join');
export const overviewPath = (sid: string) => inSession(sid, '/business/view/overview');
export const peoplePath = (sid: string, type: PeopleType = 'agents') => inSession(sid, `/business/view/${type}`);
export const personPath = (sid: string, type: PeopleType, id: number) => inSession(sid, `/business/view/${type}/${id}`);
export const invitationsPath = (sid: string) => inSession(sid, '/business/view/invitations');
export const approvalsPath = (sid: string) => inSession(sid, '/business/view/approvals');
export const rolesPath = (sid: string) => inSession(sid, '/business/roles');
export const rolePath = (sid: string, id: number) => inSession(sid, `/business/roles/${id}`);
