import type { SurveyTargetKind, SurveyType, TemplateState } from '@app/contracts/surveys';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { defineResource } from '../../../../lib/resource/resource';
import { useCacheScope } from '../../../../lib/resource/use-resource';
import type { Survey } from '../../survey.types';

/** A template row as GET templates answers it (a survey row with is_template). */
export interface LibraryTemplate extends Survey {
  template_state: TemplateState | null;
  survey_types: SurveyType[];
  premium: boolean;
  price: number | null;
  category?: { id: number; name: string } | null;
}

export interface TemplateInput {
  title: string;
  description?: string | null;
  category_id?: number | null;
  type?: SurveyType;
  target_kind?: SurveyTargetKind | null;
  survey_types?: SurveyType[];
  premium?: boolean;
  price?: number | null;
}

/** GET/POST templates, templates/{id}, templates/{id}/changestate (the regular pattern). */
export const templatesResource = defineResource<LibraryTemplate, TemplateInput, Partial<TemplateInput>>('templates');

/** The filter every back-office list of the library adds: platform templates only. */
export const PLATFORM_ONLY = { filter_groups: [{ filters: [{ key: 'company_id', operator: 'eq' as const, value: null }] }] };

export interface TemplateCategory {
  id: number;
  name: string;
  parent_id: number | null;
}

/** The `template` categories (reference categories), for the pickers and filters. */
export function useTemplateCategories() {
  const scope = useCacheScope();
  return useQuery({
    queryKey: ['tpllib', scope, 'categories'],
    queryFn: ({ signal }) =>
      api.list<TemplateCategory>(
        'categories',
        { limit: 100, sort: [{ key: 'name', direction: 'asc' }], filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'template' }] }] },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

export interface PremiumPackage {
  id: number;
  name: string;
}

/** The packages whose features include premium templates (GET packages with their features). */
export function usePremiumPackages() {
  const scope = useCacheScope();
  return useQuery({
    queryKey: ['tpllib', scope, 'premium-packages'],
    queryFn: async ({ signal }) => {
      const page = await api.list<{ id: number; name: string; active?: boolean; features?: Array<{ slug: string; limit?: number | null }> }>('packages', {}, { signal });
      return page.data.filter((p) => p.features?.some((f) => f.slug === 'premium_templates' && f.limit !== 0)).map((p) => ({ id: p.id, name: p.name }));
    },
  });
}
