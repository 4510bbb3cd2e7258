/** The answering page's screens other than the steps and the intro: loading, messages, errors. */
import { M } from '../messages';

export function LoadingScreen() {
  return (
    <div className="ans-card" aria-busy="true">
      <div className="ans-skeleton ans-skeleton-title" />
      <div className="ans-skeleton" />
      <div className="ans-skeleton" />
      <p className="ans-hint" role="status">
        {M.loading}
      </p>
    </div>
  );
}

export interface MessageAction {
  label: string;
  href?: string;
  onClick?: () => void;
}

/** A full-page message (unknown link, closed survey, sign-in required...) with an optional action. */
export function MessageScreen({ title, text, action, testId = 'answer-message' }: { title: string; text: string; action?: MessageAction; testId?: string }) {
  return (
    <div className="ans-card ans-message" data-testid={testId}>
      <h1 className="ans-title">{title}</h1>
      <p>{text}</p>
      {action?.href ? (
        <a className="ans-button" href={action.href}>
          {action.label}
        </a>
      ) : action ? (
        <button type="button" className="ans-button" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

/** Why the survey could not be opened: offline, sign-in needed, unknown, closed. */
export function LoadErrorScreen({
  error,
  contribution,
  signInHref,
  retry,
}: {
  error: { status: number | null; message: string };
  contribution: boolean;
  signInHref?: string;
  retry(): void;
}) {
  if (error.status === null) return <MessageScreen title={M.offlineTitle} text={M.offlineText} action={{ label: M.retry, onClick: retry }} testId="answer-offline" />;
  if (error.status === 401) {
    const action = signInHref ? { label: M.signIn, href: signInHref } : undefined;
    return <MessageScreen title={M.signInTitle} text={contribution ? M.contributorSignIn : M.signInText} action={action} testId="answer-sign-in" />;
  }
  if (error.status === 404) return <MessageScreen title={M.notFoundTitle} text={M.notFoundText} testId="answer-not-found" />;
  return <MessageScreen title={error.status === 409 ? M.closedTitle : M.notFoundTitle} text={error.message} testId="answer-closed" />;
}
