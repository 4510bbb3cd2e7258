import '../../../answer/answer.css';
import { AnswerApp } from '../../../answer/AnswerApp';
import type { AnswerTransport } from '../../../answer/answer-transport';
import type { LinkContext } from '../../../answer/answer-types';
import type { SubmitQueue } from '../../../answer/submit-queue';
import { useAnswerWords } from '../../../i18n/use-answer-words';

export interface SurveyAnswerHostProps {
  code: string;
  link: LinkContext;
  sessionId: string;
  transport: AnswerTransport;
  /** The account's outbox (use-outbox); absent, the page makes its own over the same key. */
  queue?: SubmitQueue;
  onTitle?(title: string): void;
}

/**
 * The answering page inside the signed-in app: the same components as the public page
 * (answer.html), so both behave and validate alike. It speaks the app's language from its
 * first screen and draws again in place (answers kept) when the user switches language.
 */
export function SurveyAnswerHost({ code, link, sessionId, transport, queue, onTitle }: SurveyAnswerHostProps) {
  const language = useAnswerWords();
  return (
    <div data-testid="survey-answer-host">
      {language ? <AnswerApp code={code} link={link} sessionId={sessionId} transport={transport} queue={queue} onTitle={onTitle} language={language} /> : null}
    </div>
  );
}
