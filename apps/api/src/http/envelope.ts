import type { ListMeta, SuccessEnvelope } from '@app/contracts';

/** The success envelope of API.md. */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message ? { success: true, data, message } : { success: true, data };
}

/** A list in the envelope, with its paging meta. */
export function okList<T>(rows: T[], meta: ListMeta): SuccessEnvelope<T[]> & { meta: ListMeta } {
  return { success: true, data: rows, meta };
}
