import { useParams } from 'react-router';
import { ParticipationPage } from '../../features/collection/participations/ParticipationPage';
import { NotFoundPage } from '../errors/NotFoundPage';

/** /{sid}/conversations/survey/{id}/{participation} */
export function SurveyParticipationPage() {
  const { sessionID = '', id = '', participation = '' } = useParams();
  const participationId = Number(participation);
  if (!Number.isSafeInteger(participationId) || participationId <= 0) return <NotFoundPage />;
  return <ParticipationPage key={participation} sid={sessionID} surveyId={id} participationId={participationId} />;
}
