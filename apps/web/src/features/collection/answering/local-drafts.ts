import type { AnswerRecord } from '../../../answer/answer-storage';
import { definitionKey } from '../../../answer/answer-storage';
import type { AnswerDefinition } from '../../../answer/answer-types';

export interface LocalDraft {
  code: string;
  participation: string | null;
  title: string;
  answered: number;
  updatedAt: string;
}

/**
 * Participations started on this device by this account and not sent yet (the answers
 * wait in localStorage): a field agent finds them again from the surveys page.
 */
export function listLocalDrafts(sessionId: string, store: Storage = window.localStorage): LocalDraft[] {
  const prefix = `enq.answer.v1:${sessionId}:`;
  const drafts: LocalDraft[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(prefix)) continue;
    const [code, participation] = key.slice(prefix.length).split(':');
    try {
      const record = JSON.parse(store.getItem(key) ?? 'null') as AnswerRecord | null;
      const answered = record ? Object.keys(record.answers ?? {}).length : 0;
      if (!record || record.submittedAt || answered === 0) continue;
      const definition = JSON.parse(store.getItem(definitionKey(code)) ?? 'null') as AnswerDefinition | null;
      drafts.push({ code, participation: participation || null, title: definition?.survey.title ?? code, answered, updatedAt: record.updatedAt });
    } catch {
      // An unreadable entry is not a draft.
    }
  }
  return drafts.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
