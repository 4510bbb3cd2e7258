import { useParams } from 'react-router';
import { SurveyDetail } from '../../../features/surveys/detail/SurveyDetail';

/** /{sid}/business/{action}/surveys/{type}/{survey} */
export function SurveyDetailPage() {
  const { sessionID = '', action = 'view', type, survey = '' } = useParams();
  return <SurveyDetail key={survey} sid={sessionID} surveyId={survey} typeSegment={type} action={action} />;
}
