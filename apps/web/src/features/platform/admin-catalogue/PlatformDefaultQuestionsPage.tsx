import { SURVEY_TARGET_KINDS, type SurveyTargetKind } from '@app/contracts/surveys';
import { useNavigate, useParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DefaultQuestions } from '../../surveys/questions/DefaultQuestions';
import { useAdminCatalogueT } from './catalogue-i18n';
import { cataloguePaths } from './catalogue-paths';

/**
 * mnt/surveys/{action}/questions/{type}: the platform's default questions of one kind of
 * evaluation, edited with the company's question bank in its platform mode (the admin's
 * writes land on the platform's rows). A company with its own set of that kind keeps it.
 */
export function PlatformDefaultQuestionsPage() {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const { type } = useParams();
  const kind = (SURVEY_TARGET_KINDS as readonly string[]).includes(type ?? '') ? (type as SurveyTargetKind) : 'agent';
  return (
    <DefaultQuestions
      sid={sid}
      platform={{ kind, onKind: (next) => navigate(cataloguePaths.defaults(sid, next)), title: t('defaults.title'), subtitle: t('defaults.subtitle') }}
    />
  );
}
