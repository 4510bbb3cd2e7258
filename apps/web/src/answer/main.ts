/**
 * Entry of the public answering page (answer.html): `/m/{type}/{code}` links from QR
 * codes and `/web/surveys/contribution/{code}` pages, without the app shell.
 */
import './answer.css';
import { deviceStorage } from '../i18n/language-preference';
import { bootErrorReporting } from '../lib/error-reporting/boot';
import type { AppLanguage } from '../i18n/languages';
import { type AnswerApp, mountAnswerApp } from './answer-app';
import {
  answerLanguage,
  browserLanguageSources,
  chooseLanguage,
  LANGUAGE_PARAM,
  languageSwitch,
  matchLanguage,
  setAnswerLanguage,
} from './answer-language';
import { messageScreen } from './answer-screens';
import { createFetchTransport } from './answer-transport';
import { M } from './messages';
import { contributionCodeOf, readLinkContext, resolvePublicLink } from './public-link';
import { fetchPublicObject, type LandingOptions, mountCodeEntry, mountTargetLanding } from './target-landing';

// Off unless the server names a DSN; the SDK is fetched only then (lib/error-reporting).
bootErrorReporting('answer');

const container = document.getElementById('root')!;
const storage = deviceStorage();
// Read before the public link is rewritten: the rewrite keeps only the link's own keys.
const initial = chooseLanguage(browserLanguageSources(storage));
const linkLanguage = matchLanguage(new URLSearchParams(location.search).get(LANGUAGE_PARAM));
const link = resolvePublicLink(location.pathname, location.search);
if (link?.kind === 'rewrite') history.replaceState(null, '', linkLanguage ? withLanguage(link.to, linkLanguage) : link.to);

// French is already here; another language's words arrive first (French if they cannot).
setAnswerLanguage(initial, document)
  .catch(() => setAnswerLanguage('fr', document))
  .finally(start);

function start() {
  const code = contributionCodeOf(location.pathname);
  let app: AnswerApp | null = null;
  const unknown = document.createElement('div');
  container.append(languageSwitch({ storage, doc: document, onSwitched }));
  if (link?.kind === 'target' || link?.kind === 'code') {
    unknown.className = 'ans';
    container.append(unknown);
    drawLanding();
  } else if (link?.kind === 'unknown' || !code) {
    unknown.className = 'ans';
    container.append(unknown);
    drawUnknownLink();
  } else {
    const back = location.pathname + location.search;
    app = mountAnswerApp({
      container,
      code,
      link: readLinkContext(location.search),
      transport: createFetchTransport({ language: answerLanguage }),
      signInHref: `/auth/login?${new URLSearchParams({ redirect: back }).toString()}`,
      onTitle: (title) => {
        document.title = `${title} – Enquêtes`;
      },
    });
  }

  function drawLanding() {
    const options: LandingOptions = {
      container: unknown,
      load: fetchPublicObject(answerLanguage),
      search: location.search,
      go: (to, replaceEntry) => (replaceEntry ? location.replace(to) : location.assign(to)),
      onTitle: (title) => {
        document.title = `${title} – Enquêtes`;
      },
    };
    if (link?.kind === 'target') void mountTargetLanding({ ...options, type: link.type, code: link.code });
    else mountCodeEntry(options);
  }

  function drawUnknownLink() {
    unknown.replaceChildren(messageScreen(M.unknownLinkTitle, M.unknownLinkText, undefined, 'answer-unknown-link'));
  }

  function onSwitched(language: AppLanguage) {
    // An address that names its language follows the switch, so a reload keeps it.
    if (new URLSearchParams(location.search).has(LANGUAGE_PARAM)) history.replaceState(null, '', withLanguage(location.pathname + location.search, language));
    if (app) app.refresh();
    else if (link?.kind === 'target' || link?.kind === 'code') drawLanding();
    else drawUnknownLink();
  }
}

function withLanguage(path: string, language: AppLanguage): string {
  const url = new URL(path, location.origin);
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.pathname + url.search;
}
