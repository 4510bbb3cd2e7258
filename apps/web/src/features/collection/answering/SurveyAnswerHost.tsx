import '../../../answer/answer.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnswerApp, mountAnswerApp } from '../../../answer/answer-app';
import { matchLanguage, setAnswerLanguage } from '../../../answer/answer-language';
import type { AnswerTransport } from '../../../answer/answer-transport';
import type { LinkContext } from '../../../answer/answer-types';

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
  const appRef = useRef<AnswerApp | null>(null);
  const titleRef = useRef(onTitle);
  titleRef.current = onTitle;
  // The engine speaks the app's language: its words are set before it first draws, and
  // it draws again in place (answers kept) when the user switches language.
  const { i18n } = useTranslation();
  const language = matchLanguage(i18n.language) ?? 'fr';
  const languageRef = useRef(language);
  languageRef.current = language;
  const linkKey = JSON.stringify(link);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is compared by value (linkKey).
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let disposed = false;
    void setAnswerLanguage(languageRef.current)
      .catch(() => setAnswerLanguage('fr'))
      .finally(() => {
        if (disposed) return;
        appRef.current = mountAnswerApp({
          container,
          code,
          link,
          sessionId,
          transport,
          onTitle: (title) => titleRef.current?.(title),
        });
      });
    return () => {
      disposed = true;
      appRef.current?.destroy();
      appRef.current = null;
    };
  }, [code, linkKey, sessionId, transport]);
  useEffect(() => {
    let current = true;
    setAnswerLanguage(language)
      .then(() => {
        if (current) appRef.current?.refresh();
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [language]);
  return <div ref={ref} data-testid="survey-answer-host" />;
}
