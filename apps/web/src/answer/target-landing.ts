/**
 * Landing pages of the public answering page (answer.html) for codes that are not a
 * survey: a target's QR code (`/m/ws/{code}`: the workspace named, its site and photo,
 * the company's open evaluation surveys for it; exactly one goes straight to answering
 * with the target carried in `?target=`), a company code (`/m/co/{code}`: its open
 * surveys and the places it asks to rate) and `/m`, where anyone types a code. What
 * they load and where they lead; screens/TargetLanding.tsx draws them.
 */
import type { PublicTargetView } from '@app/contracts/targets';
import { targetQueryValue } from '@app/contracts/targets';
import { M } from './messages';
import { contributionPath } from './public-link';

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
