import type { CompanyOverview } from '@app/contracts/company';
import { api } from '../../../lib/api-client';
import { reloadUser, switchCompany } from '../../../lib/session/session-service';

/** A company as its settings page reads it (GET companies/{id}). */
export interface Company {
  id: number;
  name: string;
  code: string;
  sector_id: number | null;
  zone_id: number | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  logo: string | null;
  status: 'active' | 'suspended';
}

export interface CompanyInput {
  name: string;
  sector_id?: number | null;
  zone_id?: number | null;
  address?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** What a company code reveals before asking to join (GET companies/code/{code}). */
export interface CompanyByCode {
  id: number;
  name: string;
  code: string;
  logo: string | null;
  sector: string | null;
  town: string | null;
}

export interface Option {
  id: number;
  name: string;
}

export function getCompany(id: number, signal?: AbortSignal) {
  return api.get<Company>(`companies/${id}`, { signal });
}

export function updateCompany(id: number, input: Partial<CompanyInput>) {
  return api.post<Company>(`companies/${id}`, input);
}

export function uploadCompanyLogo(id: number, file: File) {
  const form = new FormData();
  form.append('logo', file);
  return api.post<Company>(`companies/${id}/logo`, form);
}

/**
 * Founds a company (the caller becomes its owner agent), then reloads the account and
 * makes the new company the active one, so every screen shows it at once.
 */
export async function createCompany(sid: string, input: CompanyInput, logo: File | null): Promise<Company & { agent_id: number }> {
  const company = await api.post<Company & { agent_id: number }>('companies', input);
  await reloadUser(sid);
  await switchCompany(sid, company.agent_id);
  if (logo) await uploadCompanyLogo(company.id, logo);
  return company;
}

export function findCompanyByCode(code: string, signal?: AbortSignal) {
  return api.get<CompanyByCode>(`companies/code/${encodeURIComponent(code.trim())}`, { signal });
}

export function requestToJoin(companyId: number, input: { job?: string | null; message?: string | null }) {
  return api.post<{ id: number; status: string }>(`companies/${companyId}/request_to_join`, input);
}

/** The dashboard's figures; `scores=0`: the business home shows no scorecard, so none is computed. */
export function fetchOverview(signal?: AbortSignal) {
  return api.get<CompanyOverview>('overview', { query: { scores: '0' }, signal });
}

/** Towns for the company form (zones of type town), by name. */
export async function listTowns(signal?: AbortSignal): Promise<Option[]> {
  const { data } = await api.list<Option>(
    'zones',
    { filter_groups: [{ or: false, filters: [{ key: 'type', operator: 'eq', value: 'town', not: false }] }], sort: [{ key: 'name', direction: 'asc' }], limit: 500 },
    { signal },
  );
  return data;
}

/** Every sector with its state, by name (a form offers the active ones; filters show them all). */
export async function listSectors(signal?: AbortSignal): Promise<Array<Option & { active?: boolean }>> {
  const { data } = await api.list<Option & { active?: boolean }>('sectors', { sort: [{ key: 'name', direction: 'asc' }], limit: 200 }, { signal });
  return data;
}
