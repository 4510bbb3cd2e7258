/**
 * The schemas of the question types' settings, which the builder and the API validate
 * with (a bad setting is a 422). Kept apart from `survey-question-types.ts` so that the
 * answering page, which only reads settings, does not load zod. Defaults: one place,
 * `QUESTION_SETTINGS_DEFAULTS`.
 */
import { z } from 'zod';
import { type QuestionSettings, type QuestionType, QUESTION_SETTINGS_DEFAULTS as D } from './survey-question-types';

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
const mediaSettings = (defaults: { allowed_types: readonly string[]; max_size_mb: number }) =>
  z.object({
    ...base,
    allowed_types: z
      .array(z.string().regex(/^[a-z]+\/([a-z0-9.+-]+|\*)$/))
      .min(1)
      .default([...defaults.allowed_types]),
    max_size_mb: z.number().positive().max(100).default(defaults.max_size_mb),
  });


const matrixAxis = z
  .array(z.object({ id: z.string().min(1).max(64), label: z.string().min(1).max(255) }))
  .min(1)
  .max(50)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, {
    message: 'Les identifiants doivent être uniques.',
  });

export const QUESTION_SETTINGS_SCHEMAS = {
  short_text: textSettings(D.short_text.max_length),
  long_text: textSettings(D.long_text.max_length),
  number: z
    .object({ ...base, min: z.number().optional(), max: z.number().optional(), integer: z.boolean().default(D.number.integer), unit: z.string().max(32).optional() })
    .refine(rangeRefine, rangeMessage),
  email: z.object({ ...base }),
  phone: z.object({ ...base, mobile_only: z.boolean().default(D.phone.mobile_only) }),
  date: z.object({ ...base, min: z.string().regex(DATE_PATTERN).optional(), max: z.string().regex(DATE_PATTERN).optional() }),
  time: z.object({ ...base, min: z.string().regex(TIME_PATTERN).optional(), max: z.string().regex(TIME_PATTERN).optional() }),
  single_choice: z.object({ ...base }),
  multiple_choice: z
    .object({ ...base, min_choices: count.optional(), max_choices: count.optional() })
    .refine((s) => s.min_choices === undefined || s.max_choices === undefined || s.min_choices <= s.max_choices, rangeMessage),
  dropdown: z.object({ ...base }),
  yes_no: z.object({ ...base, yes_score: z.number().optional(), no_score: z.number().optional() }),
  rating: z.object({ ...base, max: z.number().int().min(3).max(10).default(D.rating.max) }),
  scale: z
    .object({
      ...base,
      min: z.number().int().min(0).max(10).default(D.scale.min),
      max: z.number().int().min(1).max(10).default(D.scale.max),
      min_label: z.string().max(64).optional(),
      max_label: z.string().max(64).optional(),
      /** Net Promoter Score: results add promoters (9-10), passives and detractors (0-6). */
      nps: z.boolean().default(D.scale.nps),
    })
    .refine((s) => s.min < s.max, rangeMessage),
  ranking: z.object({ ...base }),
  matrix: z.object({ ...base, rows: matrixAxis, columns: matrixAxis, multiple: z.boolean().default(D.matrix.multiple) }),
  file: mediaSettings(D.file),
  photo: mediaSettings(D.photo),
  signature: mediaSettings(D.signature),
  geolocation: z.object({ ...base, max_accuracy_m: z.number().positive().optional() }),
} satisfies Record<QuestionType, z.ZodType>;

/** Settings with defaults applied; throws a ZodError on invalid settings (the server answers 422). */
export function parseQuestionSettings<T extends QuestionType>(type: T, settings: unknown): QuestionSettings<T> {
  return QUESTION_SETTINGS_SCHEMAS[type].parse(settings ?? {}) as QuestionSettings<T>;
}
