import { loadSurveysI18n } from '../../features/surveys/surveys-i18n';
import { loadTemplateLibraryI18n } from '../../features/surveys/templates/library/library-i18n';

/** The back office's template library pages (section 2: `templates/{action}[/{template}]`, `surveys/{action}/premium`). */
export { PremiumTemplatesPage } from '../../features/surveys/templates/library/PremiumTemplatesPage';
export { TemplateCreatePage } from '../../features/surveys/templates/library/TemplateCreatePage';
export { TemplateEditorPage } from '../../features/surveys/templates/library/TemplateEditorPage';
export { TemplateLibraryPage } from '../../features/surveys/templates/library/TemplateLibraryPage';

/** The library's texts and the survey builder's, before a page renders. */
export async function loadTemplatePagesI18n(): Promise<void> {
  await Promise.all([loadTemplateLibraryI18n(), loadSurveysI18n()]);
}
