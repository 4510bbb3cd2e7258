import { inSession } from '../../../lib/session/session-id';

/** Addresses of the catalogue screens (section 2, mnt; `{action}` is `view`). */
export const CATALOGUE_PATTERNS = {
  surveys: '/:sessionID/mnt/surveys/:action',
  survey: '/:sessionID/mnt/surveys/:action/:survey',
  templates: '/:sessionID/mnt/surveys/:action/templates',
  template: '/:sessionID/mnt/surveys/:action/templates/:template',
  defaults: '/:sessionID/mnt/surveys/:action/questions/:type',
  articles: '/:sessionID/mnt/articles',
  articleList: '/:sessionID/mnt/articles/list',
  articleCategories: '/:sessionID/mnt/articles/categories',
} as const;

export const cataloguePaths = {
  surveys: (sid: string) => inSession(sid, '/mnt/surveys/view'),
  survey: (sid: string, id: number) => inSession(sid, `/mnt/surveys/view/${id}`),
  templates: (sid: string) => inSession(sid, '/mnt/surveys/view/templates'),
  template: (sid: string, id: number) => inSession(sid, `/mnt/surveys/view/templates/${id}`),
  defaults: (sid: string, kind: string) => inSession(sid, `/mnt/surveys/view/questions/${kind}`),
  articles: (sid: string) => inSession(sid, '/mnt/articles'),
  articleList: (sid: string, query = '') => inSession(sid, `/mnt/articles/list${query}`),
  articleCategories: (sid: string) => inSession(sid, '/mnt/articles/categories'),
};
