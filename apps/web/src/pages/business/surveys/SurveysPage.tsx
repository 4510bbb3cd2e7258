import { useParams } from 'react-router';
import { SurveyList } from '../../../features/surveys/list/SurveyList';

/** /{sid}/business/{action}/surveys and /{sid}/business/{action}/surveys/{type} */
export function SurveysPage() {
  const { sessionID = '', action = 'view', type } = useParams();
  return <SurveyList sid={sessionID} action={action} typeSegment={type} />;
}
