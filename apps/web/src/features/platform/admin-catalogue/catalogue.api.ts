import type { AdminArticleCategories, EffectiveDefaultQuestions } from '@app/contracts/admin-catalogue';
import type { AcrossDetail } from '@app/contracts/admin-platform';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import { api } from '../../../lib/api-client';

/** The catalogue's own calls (API.md "Back office: catalogue"); the lists go through acrossApi. */
export const catalogueApi = {
  reject: (id: number, comment: string) => api.post<AcrossDetail>(`admin/surveys/${id}/reject`, { comment }),
  close: (id: number) => api.post<AcrossDetail>(`admin/surveys/${id}/close`, {}),
  articleCategories: () => api.get<AdminArticleCategories>('admin/articles/categories'),
  companyDefaults: (companyId: number, kind: SurveyTargetKind) => api.get<EffectiveDefaultQuestions>(`mnt/companies/${companyId}/default-questions/${kind}`),
};
