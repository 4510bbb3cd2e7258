import { z } from 'zod';
import { idField, nameField, optionalText, publicCodeField, statusField } from './common';

export const GEOFENCE_MIN_M = 10;
export const GEOFENCE_MAX_M = 50_000;

const latitude = z.number({ message: 'La latitude doit être un nombre' }).min(-90, 'La latitude va de -90 à 90').max(90, 'La latitude va de -90 à 90');
const longitude = z
  .number({ message: 'La longitude doit être un nombre' })
  .min(-180, 'La longitude va de -180 à 180')
  .max(180, 'La longitude va de -180 à 180');
const geofence = z
  .number({ message: 'Le rayon doit être un nombre de mètres' })
  .int('Le rayon doit être un nombre entier de mètres')
  .min(GEOFENCE_MIN_M, `Le rayon doit être d'au moins ${GEOFENCE_MIN_M} m`)
  .max(GEOFENCE_MAX_M, `Le rayon ne peut dépasser ${GEOFENCE_MAX_M} m`);

const siteFields = {
  name: nameField,
  // A blank code (an empty form field) means "generate one".
  code: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), publicCodeField.optional()),
  zone_id: idField('Choisissez une ville').nullable().optional(),
  address: optionalText(300),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
  geofence_radius_m: geofence.nullable().optional(),
  photo: optionalText(500),
  manager_agent_id: idField('Responsable inconnu').nullable().optional(),
  status: statusField.optional(),
};

const bothOrNone = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude == null) === (v.longitude == null);
const coordinatesMessage = { message: 'La latitude et la longitude vont ensemble', path: ['longitude'] };

export const createSiteSchema = z.object(siteFields).refine(bothOrNone, coordinatesMessage);
export const updateSiteSchema = z.object({ ...siteFields, name: nameField.optional() }).refine(bothOrNone, coordinatesMessage);
export type CreateSiteInput = z.infer<typeof createSiteSchema>;
export type UpdateSiteInput = z.infer<typeof updateSiteSchema>;

/** The kinds of people a site lists under `sites/{site}/{type}`. */
export const SITE_MEMBER_TYPES = ['agents'] as const;
export const siteMemberBody = z.object({ agent_id: idField('Agent inconnu') });
export const siteSurveyBody = z.object({ survey_id: idField('Enquête inconnue') });
