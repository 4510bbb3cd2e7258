import '../../answer/answer.css';
import { useEffect, useRef } from 'react';
import { type AnswerApp, mountAnswerApp } from '../../answer/answer-app';
import type { AnswerTransport } from '../../answer/answer-transport';
import type { LinkContext } from '../../answer/answer-types';

export interface SurveyAnswerHostProps {
  code: string;
  link: LinkContext;
  sessionId: string;
  transport: AnswerTransport;
  onTitle?(title: string): void;
}

/**
 * The answering page inside the signed-in app: the same engine as the public page
 * (answer.html), mounted in a React page, so both behave and validate alike.
 */
export function SurveyAnswerHost({ code, link, sessionId, transport, onTitle }: SurveyAnswerHostProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleRef = useRef(onTitle);
  titleRef.current = onTitle;
  const linkKey = JSON.stringify(link);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is compared by value (linkKey).
  useEffect(() => {
    if (!ref.current) return;
    const app: AnswerApp = mountAnswerApp({
      container: ref.current,
      code,
      link,
      sessionId,
      transport,
      onTitle: (title) => titleRef.current?.(title),
    });
    return () => app.destroy();
  }, [code, linkKey, sessionId, transport]);
  return <div ref={ref} data-testid="survey-answer-host" />;
}
