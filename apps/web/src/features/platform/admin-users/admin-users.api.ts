import type { AdminUserDetail, AdminUserRow } from '@app/contracts/admin-platform';
import type { ListMeta } from '@app/contracts/envelope';
import { api } from '../../../lib/api-client';

export type ListAnswer<T> = { data: T[]; meta?: ListMeta };

export const adminUsersApi = {
  list: (params: Record<string, unknown>) => api.request<AdminUserRow[]>('GET', 'admin/users', { query: params }) as Promise<ListAnswer<AdminUserRow>>,
  get: (id: number) => api.get<AdminUserDetail>(`admin/users/${id}`),
  roles: () => api.get<Array<{ id: number; slug: string; name: string }>>('admin/roles'),
  act: (id: number, action: 'suspend' | 'reactivate' | 'signout' | 'promote' | 'demote') => api.post<AdminUserDetail>(`admin/users/${id}/${action}`),
  resetCode: (id: number) => api.post<{ channel: string; destination: string }>(`admin/users/${id}/reset-code`),
  validate: (id: number, channel: 'email' | 'phone') => api.post<AdminUserDetail>(`admin/users/${id}/validate`, { channel }),
  assignRole: (id: number, role: number) => api.post(`admin/users/${id}/assignrole`, { role }),
  removeRole: (id: number, role: number) => api.post(`admin/users/${id}/removerole`, { role }),
};
