/**
 * Landing pages of the public answering page (answer.html) for codes that are not a
 * survey: a target's QR code (`/m/ws/{code}`: the workspace named, its site and photo,
 * the company's open evaluation surveys for it; exactly one goes straight to answering
 * with the target carried in `?target=`), a company code (`/m/co/{code}`: its open
 * surveys and the places it asks to rate) and `/m`, where anyone types a code.
 */
import type { PublicTargetView } from '@app/contracts/targets';
import { LINK_TYPE_OF_KIND, targetQueryValue } from '@app/contracts/targets';
import { loadingScreen, messageScreen } from './answer-screens';
import { h, replace } from './dom';
import { M } from './messages';
import { contributionPath } from './public-link';
import { rememberTargetLabel } from './target-label';

interface SurveyBrief {
  code: string;
  title: string;
  description: string | null;
}
interface CompanyBrief {
  id: number;
  name: string;
  code: string;
  logo: string | null;
}
export type LandingObject =
  | { type: 'target'; target: PublicTargetView; company: CompanyBrief; surveys: SurveyBrief[] }
  | { type: 'company'; company: CompanyBrief; surveys: SurveyBrief[]; targets?: Array<PublicTargetView & { path: string }> }
  | { type: 'survey'; survey: SurveyBrief };

/** GET public/getobject/…: the object, null for a 404, a thrown Error when the server cannot be reached. */
export type LoadObject = (type: string, code: string, extra?: string) => Promise<LandingObject | null>;

export function fetchPublicObject(language: () => string, base = '/api/v2'): LoadObject {
  return async (type, code, extra) => {
    const path = [type, code, extra].filter(Boolean).map((p) => encodeURIComponent(p!)).join('/');
    const response = await fetch(`${base}/public/getobject/${path}`, { headers: { Accept: 'application/json', 'Accept-Language': language(), 'App-Type': 'WEB' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(M.serverError(response.status));
    return ((await response.json()) as { data: LandingObject }).data;
  };
}

export interface LandingOptions {
  container: HTMLElement;
  load: LoadObject;
  /** The page's query string: ref and src carry over to the answering link. */
  search: string;
  /** Leaves for another address (location.assign, or a test's recorder). */
  go(to: string, replace?: boolean): void;
  onTitle?(title: string): void;
}

/** The answering link of a survey for a target: `/web/surveys/contribution/{code}?target=workspace:12`. */
export function answerLinkFor(surveyCode: string, target: { kind: string; id: number } | null, search: string): string {
  const query = new URLSearchParams(search);
  if (target) query.set('target', targetQueryValue(target.kind as PublicTargetView['kind'], target.id));
  return contributionPath(surveyCode, query);
}

/**
 * "Parler à l'entreprise": the customer's ask-to-talk screen with the company filled in.
 * It needs an account, and the app's addresses carry a session id this page does not
 * know, so the link goes through the sign-in page: signed out it asks for the account,
 * signed in it goes straight on; both then open `/{sid}/web/contact?company=CODE`.
 */
export function contactLinkFor(companyCode: string): string {
  const back = `/web/contact?${new URLSearchParams({ company: companyCode }).toString()}`;
  return `/auth/login?${new URLSearchParams({ redirect: back }).toString()}`;
}

function surveyLinks(surveys: SurveyBrief[], hrefOf: (s: SurveyBrief) => string): HTMLElement {
  return h(
    'ul',
    { class: 'ans-landing-list' },
    surveys.map((s) =>
      h(
        'li',
        null,
        h('a', { class: 'ans-button ans-landing-link', href: hrefOf(s), 'data-testid': 'landing-survey' }, s.title),
        s.description ? h('p', { class: 'ans-hint' }, s.description) : null,
      ),
    ),
  );
}

function photoOf(url: string | null, alt: string): HTMLElement | null {
  return url && /^(\/|https?:)/.test(url) ? h('img', { class: 'ans-landing-photo', src: url, alt, loading: 'lazy' }) : null;
}

/** `/m/{type}/{code}` of a target or a company. */
export async function mountTargetLanding(o: LandingOptions & { type: string; code: string }): Promise<void> {
  replace(o.container, loadingScreen());
  let found: LandingObject | null;
  try {
    found = await o.load(o.type, o.code);
  } catch {
    replace(o.container, messageScreen(M.offlineTitle, M.offlineText, { label: M.retry, onClick: () => void mountTargetLanding(o) }, 'answer-offline'));
    return;
  }
  if (!found || found.type === 'survey') {
    replace(o.container, messageScreen(M.targetNotFoundTitle, M.targetNotFoundText, undefined, 'landing-not-found'));
    return;
  }
  if (found.type === 'target') return drawTarget(o, found);
  drawCompany(o, found);
}

function drawTarget(o: LandingOptions, found: Extract<LandingObject, { type: 'target' }>) {
  const { target, company, surveys } = found;
  const ref = { kind: target.kind, id: target.id };
  rememberTargetLabel(targetQueryValue(target.kind, target.id), target.name, target.site?.name);
  o.onTitle?.(target.name);
  if (surveys.length === 1) {
    // One open survey: straight to answering (the link page stays out of the history).
    o.go(answerLinkFor(surveys[0].code, ref, o.search), true);
    return;
  }
  replace(
    o.container,
    h(
      'div',
      { class: 'ans-card', 'data-testid': 'landing-target' },
      h('p', { class: 'ans-company' }, company.name),
      h('h1', { class: 'ans-title', 'data-testid': 'landing-target-name' }, target.name),
      target.site ? h('p', { class: 'ans-hint' }, M.targetSite(target.site.name)) : null,
      photoOf(target.photo, target.name),
      surveys.length ? [h('p', null, M.targetChoose), surveyLinks(surveys, (s) => answerLinkFor(s.code, ref, o.search))] : h('p', { 'data-testid': 'landing-no-survey' }, M.targetNoSurvey),
    ),
  );
}

function drawCompany(o: LandingOptions, found: Extract<LandingObject, { type: 'company' }>) {
  o.onTitle?.(found.company.name);
  const targets = found.targets ?? [];
  replace(
    o.container,
    h(
      'div',
      { class: 'ans-card', 'data-testid': 'landing-company' },
      photoOf(found.company.logo, found.company.name),
      h('h1', { class: 'ans-title' }, found.company.name),
      targets.length
        ? [
            h('h2', { class: 'ans-step-title' }, M.companyTargets),
            h(
              'ul',
              { class: 'ans-landing-list' },
              targets.map((t) =>
                h(
                  'li',
                  null,
                  h('a', { class: 'ans-button ans-secondary ans-landing-link', href: t.path, 'data-testid': 'landing-target-link' }, t.site ? `${t.name} — ${t.site.name}` : t.name),
                ),
              ),
            ),
          ]
        : null,
      h('h2', { class: 'ans-step-title' }, M.companySurveys),
      found.surveys.length ? surveyLinks(found.surveys, (s) => answerLinkFor(s.code, null, o.search)) : h('p', null, M.targetNoSurvey),
      h('p', null, h('a', { class: 'ans-button ans-secondary', href: contactLinkFor(found.company.code), 'data-testid': 'landing-company-contact' }, M.companyContact)),
    ),
  );
}

/** `/m`: a code typed by hand (a company's, a survey's or a QR code's) opens its page. */
export function mountCodeEntry(o: LandingOptions): void {
  const input = h('input', { class: 'ans-input', id: 'landing-code', name: 'code', autocomplete: 'off', autocapitalize: 'characters', maxlength: 16, required: true });
  const error = h('p', { class: 'ans-error', role: 'alert', 'data-testid': 'landing-code-error' });
  const button = h('button', { type: 'submit', class: 'ans-button' }, M.codeSubmit);
  const form = h(
    'form',
    { class: 'ans-card', 'data-testid': 'landing-code-form', novalidate: true },
    h('h1', { class: 'ans-title' }, M.codeTitle),
    h('label', { class: 'ans-label', for: 'landing-code' }, M.codeLabel),
    input,
    error,
    h('div', { class: 'ans-actions' }, button),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void open(input.value.trim().toUpperCase());
  });
  async function open(code: string) {
    if (!/^[A-Z0-9-]{4,16}$/.test(code)) {
      error.textContent = M.codeNotFound;
      return;
    }
    button.disabled = true;
    error.textContent = '';
    try {
      // A survey code first (the most common), then a company's, then a QR code's.
      if (await o.load('su', code)) return o.go(`/m/su/${encodeURIComponent(code)}`);
      if (await o.load('co', code)) return o.go(`/m/co/${encodeURIComponent(code)}`);
      const target = await o.load('target', code);
      if (target?.type === 'target') return o.go(`/m/${LINK_TYPE_OF_KIND[target.target.kind]}/${encodeURIComponent(code)}`);
      error.textContent = M.codeNotFound;
    } catch {
      error.textContent = M.noServer;
    } finally {
      button.disabled = false;
    }
  }
  replace(o.container, form);
  input.focus();
}

