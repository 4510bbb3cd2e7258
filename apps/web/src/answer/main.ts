/**
 * Entry of the public answering page (answer.html): `/m/{type}/{code}` links from QR
 * codes and `/web/surveys/contribution/{code}` pages, without the app shell.
 */
import './answer.css';
import { mountAnswerApp } from './answer-app';
import { messageScreen } from './answer-screens';
import { createFetchTransport } from './answer-transport';
import { M } from './messages';
import { contributionCodeOf, readLinkContext, resolvePublicLink } from './public-link';

const container = document.getElementById('root')!;
const link = resolvePublicLink(location.pathname, location.search);
if (link?.kind === 'rewrite') history.replaceState(null, '', link.to);

const code = contributionCodeOf(location.pathname);
if (link?.kind === 'unknown' || !code) {
  container.append(unknownLinkScreen());
} else {
  const back = location.pathname + location.search;
  mountAnswerApp({
    container,
    code,
    link: readLinkContext(location.search),
    transport: createFetchTransport(),
    signInHref: `/auth/login?${new URLSearchParams({ redirect: back }).toString()}`,
    onTitle: (title) => {
      document.title = `${title} – Enquêtes`;
    },
  });
}

function unknownLinkScreen(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'ans';
  el.append(messageScreen(M.unknownLinkTitle, M.unknownLinkText, undefined, 'answer-unknown-link'));
  return el;
}
