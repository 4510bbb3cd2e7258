import { z } from 'zod';
import { INT4_MAX } from './ids';

/**
 * mnt/ai-map: the geolocated objects of every company (sites and participations) for the
 * platform's map. Poles (pointerests) carry no position in the data model, so they are
 * not on the map.
 */

/** The most participations one answer carries (the newest first); `truncated` says when more matched. */
export const ADMIN_MAP_MAX_PARTICIPATIONS = 5000;

const id = (label: string) =>
  z.coerce.number({ error: `${label} doit être un identifiant.` }).int(`${label} doit être un identifiant.`).positive(`${label} doit être un identifiant.`).max(INT4_MAX, 'Identifiant inconnu.').optional();

export const adminMapQuery = z.object({
  company_id: id("L'entreprise"),
  survey_id: id('Le formulaire'),
  from: z.iso.date({ error: 'Date de début invalide (AAAA-MM-JJ).' }).optional(),
  to: z.iso.date({ error: 'Date de fin invalide (AAAA-MM-JJ).' }).optional(),
});
export type AdminMapQuery = z.infer<typeof adminMapQuery>;

export const adminMapSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export const adminMapParticipationSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  survey_id: z.number().int(),
  survey_title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  created_at: z.string().describe('Instant ISO 8601 en UTC'),
});
export const adminMapSchema = z.object({
  sites: z.array(adminMapSiteSchema),
  participations: z.array(adminMapParticipationSchema),
  /** More participations matched than ADMIN_MAP_MAX_PARTICIPATIONS: narrow the filters. */
  truncated: z.boolean(),
});
export type AdminMapSite = z.infer<typeof adminMapSiteSchema>;
export type AdminMapParticipation = z.infer<typeof adminMapParticipationSchema>;
export type AdminMap = z.infer<typeof adminMapSchema>;
