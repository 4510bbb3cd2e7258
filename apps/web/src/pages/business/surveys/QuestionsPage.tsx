import { useParams } from 'react-router';
import { DefaultQuestions } from '../../../features/surveys/questions/DefaultQuestions';
import { QuestionDetail } from '../../../features/surveys/questions/QuestionDetail';

/** /{sid}/business/{action}/questions */
export function QuestionsPage() {
  const { sessionID = '' } = useParams();
  return <DefaultQuestions sid={sessionID} />;
}

/** /{sid}/business/{action}/questions/{question} */
export function QuestionPage() {
  const { sessionID = '', question = '' } = useParams();
  return <QuestionDetail key={question} sid={sessionID} questionId={question} />;
}
