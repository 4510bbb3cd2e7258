import type { AdminCompanyDetail, AdminCompanyRow, AdminDashboard, AuditEntryView } from '@app/contracts/admin';
import type { ListMeta } from '@app/contracts/envelope';
import { api } from '../../lib/api-client';
import { downloadApiFile } from '../surveys/api/download';

/** The back office's calls (API.md "Back office"): every one admin-only except the company's own audit. */

export type Filter = Record<string, string | number | undefined>;

export interface CompanyChildRow {
  id: number;
  name: string;
  detail: string | null;
  status: string;
  created_at: string;
  user_id?: number;
  site_id?: number;
}

export interface OwnerRow {
  user_id: number;
  name: string;
  email: string | null;
  companies: { id: number; name: string; code: string; status: string }[];
}

function clean(filter: Filter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
}

async function list<T>(path: string, filter: Filter, signal?: AbortSignal): Promise<{ data: T[]; meta?: ListMeta }> {
  const { data, meta } = await api.request<T[]>('GET', path, { query: clean(filter), signal });
  return { data: data ?? [], meta };
}

export const adminApi = {
  dashboard: () => api.get<AdminDashboard>('mnt/dashboard'),
  companies: (filter: Filter, signal?: AbortSignal) => list<AdminCompanyRow>('mnt/companies', filter, signal),
  byOwner: (filter: Filter, signal?: AbortSignal) => list<OwnerRow>('mnt/companies/bycustomer', filter, signal),
  company: (id: number) => api.get<AdminCompanyDetail>(`mnt/companies/${id}`),
  child: (id: number, child: string, filter: Filter, signal?: AbortSignal) => list<CompanyChildRow>(`mnt/companies/${id}/${child}`, filter, signal),
  childRow: (id: number, child: string, row: number) => api.get<Record<string, unknown>>(`mnt/companies/${id}/${child}/${row}`),
  suspend: (id: number, reason: string) => api.post<AdminCompanyDetail>(`mnt/companies/${id}/suspend`, { reason }),
  reactivate: (id: number) => api.post<AdminCompanyDetail>(`mnt/companies/${id}/reactivate`, {}),
  profile: (id: number, body: Record<string, unknown>) => api.post<AdminCompanyDetail>(`mnt/companies/${id}/profile`, body),
  owner: (id: number, agentId: number) => api.post<AdminCompanyDetail>(`mnt/companies/${id}/owner`, { agent_id: agentId }),
  package: (id: number, packageId: number) => api.post<AdminCompanyDetail>(`mnt/companies/${id}/package`, { package_id: packageId }),
  grantFeature: (id: number, featureId: number, limit: number | null) => api.post<AdminCompanyDetail['features']>(`mnt/companies/${id}/features`, { feature_id: featureId, limit }),
  withdrawFeature: (id: number, featureId: number) => api.delete<AdminCompanyDetail['features']>(`mnt/companies/${id}/features/${featureId}`),
  exportCompanies: (filter: Filter) => downloadApiFile('mnt/companies/export/xlsx', { query: clean(filter), fallbackName: 'entreprises.xlsx' }),
  audit: (scope: 'platform' | 'company', filter: Filter, signal?: AbortSignal) => list<AuditEntryView>(scope === 'platform' ? 'mnt/audit' : 'audit', filter, signal),
  exportAudit: (scope: 'platform' | 'company', filter: Filter) =>
    downloadApiFile(scope === 'platform' ? 'mnt/audit/export/xlsx' : 'audit/export/xlsx', { query: clean(filter), fallbackName: 'journal-audit.xlsx' }),
};
