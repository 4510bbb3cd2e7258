/**
 * The respondent's progress on this phone (localStorage): answers, current step,
 * contact fields and the participation's client_uuid, generated once and kept until
 * the respondent starts a new participation. A reload resumes where they were.
 */
import type { AnswerMap } from './answer-state';
import type { AnswerDefinition, GeoAnswer, ParticipantInput } from './answer-types';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** The stored keys, one by one, as localStorage lists them (stores that cannot list leave these out). */
  readonly length?: number;
  key?(index: number): string | null;
}

export interface AnswerRecord {
  clientUuid: string;
  answers: AnswerMap;
  stepId: number | null;
  participant: ParticipantInput;
  /** The respondent passed the intro screen. */
  started: boolean;
  geolocation: GeoAnswer | null;
  /** Set once the respondent pressed "Envoyer": the answers are frozen. */
  submittedAt: string | null;
  /** The server's participation id once the submission is acknowledged. */
  reference: number | null;
  /** An invited contributor's record took the answers already given (once: later edits stay theirs). */
  seeded?: boolean;
  updatedAt: string;
}

const PREFIX = 'enq.answer.v1';

/** Storage key of one survey's progress: per survey code, session (signed in) and participation. */
export function recordKey(code: string, scope: { sessionId?: string; participation?: string; target?: string } = {}): string {
  const key = [PREFIX, scope.sessionId ?? 'public', code.toUpperCase(), scope.participation ?? ''].join(':');
  // Each evaluated object has its own answers: rating counter 1 then counter 2 with the
  // same survey on one phone starts afresh.
  return scope.target ? `${key}:${scope.target}` : key;
}

export function definitionKey(code: string): string {
  return `${PREFIX}:definition:${code.toUpperCase()}`;
}

/** A participation key the server accepts (`^[A-Za-z0-9_-]{8,100}$`), from the platform's generator. */
export function createClientUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; getRandomValues works on plain http too.
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newRecord(now: Date = new Date()): AnswerRecord {
  return {
    clientUuid: createClientUuid(),
    answers: {},
    stepId: null,
    participant: {},
    started: false,
    geolocation: null,
    submittedAt: null,
    reference: null,
    updatedAt: now.toISOString(),
  };
}

function isRecord(value: unknown): value is AnswerRecord {
  const r = value as AnswerRecord;
  return typeof value === 'object' && value !== null && typeof r.clientUuid === 'string' && typeof r.answers === 'object' && r.answers !== null;
}

/** The saved progress, or a fresh record (with a new client_uuid) when there is none or it is unreadable. */
export function loadRecord(store: KeyValueStore, key: string): AnswerRecord {
  try {
    const raw = store.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (isRecord(parsed)) return { ...newRecord(), ...parsed, participant: parsed.participant ?? {} };
  } catch {
    // Corrupt storage: start over rather than block the respondent.
  }
  return newRecord();
}

/** Saves progress; false when the phone's storage refused (full or disabled), so the page can warn. */
export function saveRecord(store: KeyValueStore, key: string, record: AnswerRecord): boolean {
  try {
    store.setItem(key, JSON.stringify({ ...record, updatedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function loadCachedDefinition(store: KeyValueStore, code: string): AnswerDefinition | null {
  try {
    const raw = store.getItem(definitionKey(code));
    return raw ? (JSON.parse(raw) as AnswerDefinition) : null;
  } catch {
    return null;
  }
}

export function cacheDefinition(store: KeyValueStore, code: string, definition: AnswerDefinition): void {
  try {
    store.setItem(definitionKey(code), JSON.stringify(definition));
  } catch {
    // Only an optimisation for reloading offline.
  }
}

/**
 * The public code of a survey whose definition this phone keeps, found by its id (null
 * when none is kept): entries queued by older pages name their survey by id only.
 */
export function cachedSurveyCode(store: KeyValueStore, surveyId: number): string | null {
  const prefix = definitionKey('');
  for (let i = 0; i < (store.length ?? 0); i++) {
    const key = store.key?.(i);
    if (!key?.startsWith(prefix)) continue;
    const cached = loadCachedDefinition(store, key.slice(prefix.length));
    if (cached?.survey.id === surveyId && cached.survey.code) return cached.survey.code;
  }
  return null;
}

/** localStorage when usable (private modes may throw on access), else an in-memory store. */
export function browserStore(): KeyValueStore {
  try {
    const probe = `${PREFIX}:probe`;
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}
