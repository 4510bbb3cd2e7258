import type { AcrossDetail, AcrossKind, AcrossRow } from '@app/contracts/admin-platform';
import { api } from '../../../lib/api-client';
import type { ListAnswer } from '../admin-users/admin-users.api';

export const acrossApi = {
  list: (kind: AcrossKind) => (params: Record<string, unknown>) => api.request<AcrossRow[]>('GET', `admin/${kind}`, { query: params }) as Promise<ListAnswer<AcrossRow>>,
  get: (kind: AcrossKind, id: number) => api.get<AcrossDetail>(`admin/${kind}/${id}`),
};
