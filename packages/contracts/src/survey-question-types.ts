/**
 * The question types of DOMAIN.md "Surveys": their settings and how an answer is checked
 * and normalised. The builder, the answering page and the server all use these so a
 * value the phone accepts is a value the API stores.
 */
import { z } from 'zod';

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

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const count = z.number().int().min(0);
const base = { placeholder: z.string().max(255).optional() };

const textSettings = (maxDefault: number) =>
  z
    .object({ ...base, min_length: count.optional(), max_length: count.max(20_000).default(maxDefault) })
    .refine((s) => s.min_length === undefined || s.min_length <= s.max_length, {
      message: 'La longueur minimale dépasse la longueur maximale.',
      path: ['min_length'],
    });

const rangeRefine = <T extends { min?: number; max?: number }>(s: T) =>
  s.min === undefined || s.max === undefined || s.min <= s.max;
const rangeMessage = { message: 'Le minimum dépasse le maximum.', path: ['min'] };

/** Media limits: MIME types (`image/*` allowed) and a size in megabytes. */
const mediaSettings = (types: string[], maxMb: number) =>
  z.object({
    ...base,
    allowed_types: z.array(z.string().regex(/^[a-z]+\/([a-z0-9.+-]+|\*)$/)).min(1).default(types),
    max_size_mb: z.number().positive().max(100).default(maxMb),
  });

export const DEFAULT_FILE_TYPES = [
  'application/pdf',
  'image/*',
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
export const DEFAULT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const matrixAxis = z
  .array(z.object({ id: z.string().min(1).max(64), label: z.string().min(1).max(255) }))
  .min(1)
  .max(50)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, {
    message: 'Les identifiants doivent être uniques.',
  });

export const QUESTION_SETTINGS_SCHEMAS = {
  short_text: textSettings(255),
  long_text: textSettings(5000),
  number: z
    .object({ ...base, min: z.number().optional(), max: z.number().optional(), integer: z.boolean().default(false), unit: z.string().max(32).optional() })
    .refine(rangeRefine, rangeMessage),
  email: z.object({ ...base }),
  phone: z.object({ ...base, mobile_only: z.boolean().default(false) }),
  date: z.object({ ...base, min: z.string().regex(DATE_PATTERN).optional(), max: z.string().regex(DATE_PATTERN).optional() }),
  time: z.object({ ...base, min: z.string().regex(TIME_PATTERN).optional(), max: z.string().regex(TIME_PATTERN).optional() }),
  single_choice: z.object({ ...base }),
  multiple_choice: z
    .object({ ...base, min_choices: count.optional(), max_choices: count.optional() })
    .refine((s) => s.min_choices === undefined || s.max_choices === undefined || s.min_choices <= s.max_choices, rangeMessage),
  dropdown: z.object({ ...base }),
  yes_no: z.object({ ...base, yes_score: z.number().optional(), no_score: z.number().optional() }),
  rating: z.object({ ...base, max: z.number().int().min(3).max(10).default(5) }),
  scale: z
    .object({
      ...base,
      min: z.number().int().min(0).max(10).default(0),
      max: z.number().int().min(1).max(10).default(10),
      min_label: z.string().max(64).optional(),
      max_label: z.string().max(64).optional(),
      /** Net Promoter Score: results add promoters (9-10), passives and detractors (0-6). */
      nps: z.boolean().default(true),
    })
    .refine((s) => s.min < s.max, rangeMessage),
  ranking: z.object({ ...base }),
  matrix: z.object({ ...base, rows: matrixAxis, columns: matrixAxis, multiple: z.boolean().default(false) }),
  file: mediaSettings(DEFAULT_FILE_TYPES, 20),
  photo: mediaSettings(DEFAULT_PHOTO_TYPES, 10),
  signature: mediaSettings(['image/png', 'image/jpeg', 'image/webp'], 2),
  geolocation: z.object({ ...base, max_accuracy_m: z.number().positive().optional() }),
} satisfies Record<QuestionType, z.ZodType>;

export type QuestionSettings<T extends QuestionType = QuestionType> = z.output<(typeof QUESTION_SETTINGS_SCHEMAS)[T]>;

/** Settings with defaults applied; throws a ZodError on invalid settings (the server answers 422). */
export function parseQuestionSettings<T extends QuestionType>(type: T, settings: unknown): QuestionSettings<T> {
  return QUESTION_SETTINGS_SCHEMAS[type].parse(settings ?? {}) as QuestionSettings<T>;
}

/** Settings with defaults, or the defaults alone when stored settings are unreadable (never throws). */
export function readQuestionSettings<T extends QuestionType>(type: T, settings: unknown): QuestionSettings<T> {
  const parsed = QUESTION_SETTINGS_SCHEMAS[type].safeParse(settings ?? {});
  if (parsed.success) return parsed.data as QuestionSettings<T>;
  // Matrix has no usable default (rows and columns are mandatory).
  const fallback = QUESTION_SETTINGS_SCHEMAS[type].safeParse({});
  return (fallback.success ? fallback.data : settings) as QuestionSettings<T>;
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

export const geoPointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).nullish(),
});
