import { z } from 'zod';
import type { Locale } from '@app/contracts';
import { validationFailed } from '../../../http/errors';
import { issueDetails } from '../../../http/validation-messages';
import { DEFAULT_EXPORT_TIME_ZONE, isKnownTimeZone } from './export-time';

import { PARTICIPATION_STATUSES } from '@app/contracts/participation-views';

export { PARTICIPATION_STATUSES };
/** Without a status filter an export holds what was sent in: partial saves stay out. */
export const DEFAULT_EXPORT_STATUSES = ['submitted', 'checked', 'validated'] as const;

const status = z.enum(PARTICIPATION_STATUSES, { message: `Statut attendu parmi : ${PARTICIPATION_STATUSES.join(', ')}.` });

const dateBound = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'Date attendue : AAAA-MM-JJ ou horodatage ISO 8601.')
  .refine((v) => !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime()), 'Date invalide.');

/** `status` as one value, an array, or a comma-separated list ("submitted,validated"). */
const statusList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(status).min(1).max(4),
);

/** Options of `surveys/{id}/exportparticipations`, from the query string and/or the JSON body. */
export const exportParticipationsOptions = z.object({
  format: z.enum(['xlsx', 'csv'], { message: 'Format attendu : xlsx ou csv.' }).default('xlsx'),
  status: statusList.optional(),
  /** submitted_at from this day (00:00 in `tz`) or instant, inclusive. */
  from: dateBound.optional(),
  /** submitted_at up to this day, inclusive (to 24:00 in `tz`), or before this instant. */
  to: dateBound.optional(),
  /** Time zone of dates in the file and of day bounds (IANA name). */
  tz: z.string().refine(isKnownTimeZone, 'Fuseau horaire inconnu.').default(DEFAULT_EXPORT_TIME_ZONE),
});
export type ExportParticipationsOptions = z.output<typeof exportParticipationsOptions>;

/** Options from the query string with the JSON body's over them; 422 naming each bad field, in the caller's language. */
export function parseExportOptions(query: unknown, body: unknown, locale: Locale): ExportParticipationsOptions {
  const merged = { ...(isObject(query) ? query : {}), ...(isObject(body) ? body : {}) };
  const parsed = exportParticipationsOptions.safeParse(merged);
  if (parsed.success) return parsed.data;
  throw validationFailed(issueDetails(parsed.error.issues, locale, (issue) => String(issue.path[0] ?? 'options')));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

