import { CATEGORY_SEGMENTS, type CategoryType } from '@app/contracts/catalogue';
import { inSession } from '../../lib/session/session-id';

/** Route patterns of the catalogue screens (section 2, `mnt/sectors…`, `mnt/categories…`; `{action}` is `view`). */
export const CATALOGUE_PATTERNS = {
  sectors: '/:sessionID/mnt/sectors',
  sectorsAction: '/:sessionID/mnt/sectors/:action',
  sector: '/:sessionID/mnt/sectors/:action/:sector',
  categories: '/:sessionID/mnt/categories',
  categoriesOfKind: '/:sessionID/mnt/categories/:action/:kind',
  category: '/:sessionID/mnt/categories/:action/:kind/:category',
  categoryFeature: '/:sessionID/mnt/categories/:action/companies/:category/features/:feature',
} as const;

export const cataloguePaths = {
  sectors: (sid: string) => inSession(sid, '/mnt/sectors/view'),
  sector: (sid: string, id: number) => inSession(sid, `/mnt/sectors/view/${id}`),
  categories: (sid: string, type: CategoryType) => inSession(sid, `/mnt/categories/view/${CATEGORY_SEGMENTS[type]}`),
  category: (sid: string, type: CategoryType, id: number) => inSession(sid, `/mnt/categories/view/${CATEGORY_SEGMENTS[type]}/${id}`),
  categoryFeature: (sid: string, id: number, featureId: number) => inSession(sid, `/mnt/categories/view/companies/${id}/features/${featureId}`),
};
