/** The back office's template library routes (section 2: `templates/{action}[/{template}]`, `surveys/{action}/premium`). */
export const libraryPaths = {
  list: (sid: string) => `/${sid}/mnt/templates/view`,
  create: (sid: string) => `/${sid}/mnt/templates/new`,
  template: (sid: string, id: number, action: 'view' | 'edit' = 'edit') => `/${sid}/mnt/templates/${action}/${id}`,
  premium: (sid: string) => `/${sid}/mnt/surveys/view/premium`,
};
