/**
 * Entry of the public answering page (answer.html): `/m/{type}/{code}` links from QR
 * codes and `/web/surveys/contribution/{code}` pages, without the app shell.
 */
import './answer.css';
import { lazy, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceStorage } from '../i18n/language-preference';
import type { AppLanguage } from '../i18n/languages';
import { bootErrorReporting } from '../lib/error-reporting/boot';
import { AnswerApp } from './AnswerApp';
import { answerLanguage, browserLanguageSources, chooseLanguage, LANGUAGE_PARAM, matchLanguage, setAnswerLanguage } from './answer-language';
import { createFetchTransport } from './answer-transport';
import { M } from './messages';
import { contributionCodeOf, type PublicLinkResolution, readLinkContext, resolvePublicLink } from './public-link';
import { LanguageSwitch } from './screens/LanguageSwitch';
import { LoadingScreen, MessageScreen } from './screens/MessageScreens';
import type { ConnectionHints } from './photo-settings';
import { registerServiceWorkerWhenIdle, worthInstalling } from './service-worker';

// Off unless the server names a DSN; the SDK is fetched only then (lib/error-reporting).
bootErrorReporting('answer');

const storage = deviceStorage();
// Read before the public link is rewritten: the rewrite keeps only the link's own keys.
const initial = chooseLanguage(browserLanguageSources(storage));
const linkLanguage = matchLanguage(new URLSearchParams(location.search).get(LANGUAGE_PARAM));
const link = resolvePublicLink(location.pathname, location.search);
if (link?.kind === 'rewrite') history.replaceState(null, '', linkLanguage ? withLanguage(link.to, linkLanguage) : link.to);

const transport = createFetchTransport({ language: answerLanguage });
const setTitle = (title: string) => {
  document.title = `${title} – Enquêtes`;
};
const go = (to: string, replaceEntry?: boolean) => (replaceEntry ? location.replace(to) : location.assign(to));

// French is already here; another language's words arrive first (French if they cannot).
setAnswerLanguage(initial, document)
  .catch(() => setAnswerLanguage('fr', document))
  .finally(() => createRoot(document.getElementById('root')!).render(<Page link={link} />));

// The page opens again without a network (service-worker.ts) where that is worth its data;
// the dev server serves no worker.
const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
if (import.meta.env.PROD && worthInstalling(storage ?? null, connection)) registerServiceWorkerWhenIdle();

// Target and company links, and the code entry page: a chunk the survey's link never loads.
// Its fetch failing (no network) says so rather than leaving the page blank.
const Landing = lazy(() =>
  import('./screens/Landing').catch(() => ({
    default: () => <MessageScreen title={M.offlineTitle} text={M.offlineText} testId="answer-offline" />,
  })),
);

function Page({ link }: { link: PublicLinkResolution | null }) {
  const [language, setLanguage] = useState<AppLanguage>(answerLanguage());
  const onSwitched = (next: AppLanguage) => {
    // An address that names its language follows the switch, so a reload keeps it.
    if (new URLSearchParams(location.search).has(LANGUAGE_PARAM)) history.replaceState(null, '', withLanguage(location.pathname + location.search, next));
    setLanguage(next);
  };
  const code = contributionCodeOf(location.pathname);
  const back = location.pathname + location.search;
  return (
    <>
      <LanguageSwitch storage={storage} doc={document} onSwitched={onSwitched} />
      {link?.kind === 'target' || link?.kind === 'code' ? (
        <div className="ans" key={language}>
          <Suspense fallback={<LoadingScreen />}>
            <Landing target={link.kind === 'target' ? { type: link.type, code: link.code } : null} go={go} onTitle={setTitle} />
          </Suspense>
        </div>
      ) : link?.kind === 'unknown' || !code ? (
        <div className="ans">
          <MessageScreen title={M.unknownLinkTitle} text={M.unknownLinkText} testId="answer-unknown-link" />
        </div>
      ) : (
        <AnswerApp
          code={code}
          link={readLinkContext(location.search)}
          transport={transport}
          signInHref={`/auth/login?${new URLSearchParams({ redirect: back }).toString()}`}
          onTitle={setTitle}
          onTargetChosen={keepTarget}
          language={language}
        />
      )}
    </>
  );
}

/** The picked target joins the address, so a reload opens the same evaluation (its answers kept). */
function keepTarget(value: string) {
  const url = new URL(location.href);
  url.searchParams.set('target', value);
  history.replaceState(null, '', url.pathname + url.search);
}

function withLanguage(path: string, language: AppLanguage): string {
  const url = new URL(path, location.origin);
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.pathname + url.search;
}
