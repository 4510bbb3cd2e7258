import { inSession } from '../../../lib/session/session-id';

/** `/{sid}/web/surveys/{type}/{id}`: the answering page (type contribution: id is the survey code). */
export function answerPath(sid: string, code: string, type = 'contribution'): string {
  return inSession(sid, `/web/surveys/${encodeURIComponent(type)}/${encodeURIComponent(code)}`);
}

export function participationsPath(sid: string, code: string, type = 'contribution'): string {
  return `${answerPath(sid, code, type)}/participations`;
}

export function surveysPath(sid: string): string {
  return inSession(sid, '/web/surveys');
}
