import { copyNameText } from './copy-name.texts';

/**
 * The name of a duplicate (a site, group, audience, workspace, survey, step or question):
 * the source's name marked as a copy in the caller's language, cut to the column's limit.
 * Stored as written, so it is the duplicating person's language that shows to everyone.
 */
export function copyName(locale: string, name: unknown, limit: number): string {
  return copyNameText(locale, 'copyOf', { name: String(name) }).slice(0, limit);
}
