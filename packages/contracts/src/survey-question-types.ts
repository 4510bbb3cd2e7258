/**
 * The question types of DOMAIN.md "Surveys": their settings and how an answer is checked
 * and normalised. The builder, the answering page and the server all use these so a
 * value the phone accepts is a value the API stores.
 *
 * Nothing here builds a zod schema at load time: the public answering page reads these
 * rules and must stay light (issue 12). The settings' schemas, which the builder and the
 * API validate with, are in `survey-question-settings.ts`; their defaults come from here.
 */
import type { QUESTION_SETTINGS_SCHEMAS } from './survey-question-settings';
import type { output } from 'zod';

export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'number',
  'email',
  'phone',
  'date',
  'time',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'yes_no',
  'rating',
  'scale',
  'ranking',
  'matrix',
  'file',
  'photo',
  'signature',
  'geolocation',
] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  short_text: 'Texte court',
  long_text: 'Texte long',
  number: 'Nombre',
  email: 'Adresse e-mail',
  phone: 'Téléphone',
  date: 'Date',
  time: 'Heure',
  single_choice: 'Choix unique',
  multiple_choice: 'Choix multiples',
  dropdown: 'Liste déroulante',
  yes_no: 'Oui / Non',
  rating: 'Note (étoiles)',
  scale: 'Échelle de 0 à 10',
  ranking: 'Classement',
  matrix: 'Matrice',
  file: 'Fichier',
  photo: 'Photo',
  signature: 'Signature',
  geolocation: 'Géolocalisation',
};

/** Types whose answer refers to the question's choices (by choice id). */
export const CHOICE_QUESTION_TYPES = ['single_choice', 'multiple_choice', 'dropdown', 'ranking'] as const;
/** Types answered with an uploaded media id (POST medias first). */
export const MEDIA_QUESTION_TYPES = ['file', 'photo', 'signature'] as const;

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}
export function isChoiceQuestionType(type: string): boolean {
  return (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
}
export function isMediaQuestionType(type: string): boolean {
  return (MEDIA_QUESTION_TYPES as readonly string[]).includes(type);
}

export const DEFAULT_FILE_TYPES = [
  'application/pdf',
  'image/*',
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
export const DEFAULT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const DEFAULT_SIGNATURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The settings a question of each type has when none are given (the schemas' defaults). */
export const QUESTION_SETTINGS_DEFAULTS = {
  short_text: { max_length: 255 },
  long_text: { max_length: 5000 },
  number: { integer: false },
  email: {},
  phone: { mobile_only: false },
  date: {},
  time: {},
  single_choice: {},
  multiple_choice: {},
  dropdown: {},
  yes_no: {},
  rating: { max: 5 },
  scale: { min: 0, max: 10, nps: true },
  ranking: {},
  matrix: { multiple: false },
  file: { allowed_types: DEFAULT_FILE_TYPES, max_size_mb: 20 },
  photo: { allowed_types: DEFAULT_PHOTO_TYPES, max_size_mb: 10 },
  signature: { allowed_types: DEFAULT_SIGNATURE_TYPES, max_size_mb: 2 },
  geolocation: {},
} as const satisfies Record<QuestionType, Record<string, unknown>>;

export type QuestionSettings<T extends QuestionType = QuestionType> = output<(typeof QUESTION_SETTINGS_SCHEMAS)[T]>;

/** A stored value kept when it has the kind of its default (or, without a default, is a plain value or a list). */
function fits(value: unknown, fallback: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (fallback === undefined) return ['number', 'string', 'boolean'].includes(typeof value) ? (typeof value !== 'number' || Number.isFinite(value)) : Array.isArray(value);
  if (Array.isArray(fallback)) return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return typeof value === typeof fallback && (typeof value !== 'number' || Number.isFinite(value));
}

/**
 * Settings with defaults, for reading stored settings (the API validated them when they
 * were written): each stored value that does not have the kind of its default gives way
 * to the default, so unreadable settings read as the defaults; never throws.
 */
export function readQuestionSettings<T extends QuestionType>(type: T, settings: unknown): QuestionSettings<T> {
  const defaults: Record<string, unknown> = QUESTION_SETTINGS_DEFAULTS[type] ?? {};
  const read: Record<string, unknown> = { ...defaults };
  if (typeof settings === 'object' && settings !== null && !Array.isArray(settings)) {
    for (const [key, value] of Object.entries(settings)) if (fits(value, defaults[key])) read[key] = value;
  }
  return read as QuestionSettings<T>;
}

/** What an answer check needs to know about a question. */
export interface AnswerableQuestion {
  type: string;
  required?: boolean;
  settings?: Record<string, unknown> | null;
  /** The question's choices, for choice types (ids are what answers carry). */
  choices?: ReadonlyArray<{ id: number; score?: number | null }>;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}

/** The point a geolocation answer holds, or null when it is not one (latitude ±90, longitude ±180, accuracy ≥ 0). */
export function readGeoPoint(value: unknown): GeoPoint | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { latitude, longitude, accuracy } = value as Record<string, unknown>;
  const within = (n: unknown, limit: number) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;
  if (!within(latitude, 90) || !within(longitude, 180)) return null;
  if (accuracy != null && !(typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0)) return null;
  return { latitude: latitude as number, longitude: longitude as number, accuracy: accuracy as number | null | undefined };
}
