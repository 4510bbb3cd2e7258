import { useNavigate } from 'react-router';
import { createFromTemplate } from '../api/surveys.api';
import { useSurveyMutation } from '../survey-mutation';
import { surveyPath } from '../survey-paths';
import { useSurveysT } from '../surveys-i18n';

/**
 * Creates a draft from a template under the given title, then opens its builder. A
 * refusal (a premium template the package lacks: 403 naming the upgrade) is shown with
 * the server's French message.
 */
export function useCreateFromTemplate(sid: string, onCreated?: () => void) {
  const { t } = useSurveysT();
  const navigate = useNavigate();
  return useSurveyMutation(({ id, title }: { id: number; title: string }) => createFromTemplate(id, { title }), {
    success: (survey) => t('templates.used', { title: survey.title }),
    onSuccess: (survey) => {
      onCreated?.();
      navigate(surveyPath(sid, survey, 'builder', 'edit'));
    },
  });
}
