/**
 * Evaluation targets reached by a public code (DOMAIN.md "Evaluation targets"): the link
 * types of `/m/{type}/{code}`, the paths both sides build, and the geofence of field visits.
 */

/** What an evaluation evaluates (monitors use the same kinds, plus company). */
export const SURVEY_TARGET_KINDS = ['agent', 'group', 'site', 'workspace', 'audience', 'company'] as const;
export type SurveyTargetKind = (typeof SURVEY_TARGET_KINDS)[number];

/** Short link types of `/m/{type}/{code}` (`su`, a survey, is not a target). */
export const TARGET_LINK_TYPES = { ag: 'agent', gr: 'group', si: 'site', ws: 'workspace', au: 'audience', co: 'company' } as const satisfies Record<
  string,
  SurveyTargetKind
>;
export type TargetLinkType = keyof typeof TARGET_LINK_TYPES;

/** The link type of a kind: `workspace` → `ws`. */
export const LINK_TYPE_OF_KIND = Object.fromEntries(Object.entries(TARGET_LINK_TYPES).map(([type, kind]) => [kind, type])) as Record<
  SurveyTargetKind,
  TargetLinkType
>;

/** The target kind a link type (short or long) names, or null: `ws` and `workspace` → `workspace`. */
export function targetKindOfLinkType(type: string): SurveyTargetKind | null {
  const lower = type.toLowerCase();
  if (lower in TARGET_LINK_TYPES) return TARGET_LINK_TYPES[lower as TargetLinkType];
  return (SURVEY_TARGET_KINDS as readonly string[]).includes(lower) ? (lower as SurveyTargetKind) : null;
}

/** Kinds whose code lives in `target_codes` (the company's is `companies.code`). */
export const CODED_TARGET_KINDS = ['agent', 'group', 'site', 'workspace', 'audience'] as const satisfies readonly SurveyTargetKind[];
export type CodedTargetKind = (typeof CODED_TARGET_KINDS)[number];

/** Target codes: 8 characters of the company-code alphabet (no 0/O, 1/I), at least one letter. */
export const TARGET_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** The public link of a target: `/m/ws/K7P2QX9A`. */
export function targetPublicPath(kind: SurveyTargetKind, code: string): string {
  return `/m/${LINK_TYPE_OF_KIND[kind]}/${encodeURIComponent(code)}`;
}

/** The signed-in landing page of a target: `/{sessionID}/m/ws/12/K7P2QX9A`. */
export function targetSessionPath(sessionId: string, kind: SurveyTargetKind, id: number, code: string): string {
  return `/${encodeURIComponent(sessionId)}/m/${LINK_TYPE_OF_KIND[kind]}/${id}/${encodeURIComponent(code)}`;
}

/** The `target` query value the answering link carries: `workspace:12`. */
export function targetQueryValue(kind: SurveyTargetKind, id: number): string {
  return `${kind}:${id}`;
}

/** `workspace:12` → { kind, id }, or null. */
export function parseTargetQueryValue(value: string | null | undefined): { kind: SurveyTargetKind; id: number } | null {
  const match = /^([a-z]+):([1-9][0-9]{0,9})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const kind = targetKindOfLinkType(match[1]);
  const id = Number(match[2]);
  return kind && id <= 2_147_483_647 ? { kind, id } : null;
}

/** GET targets/{kind}/{id}/link (API.md "Evaluation targets"): an object's public code, link and QR code addresses. */
export interface TargetLink {
  kind: SurveyTargetKind;
  id: number;
  name: string;
  site: { id: number; name: string } | null;
  code: string;
  path: string;
  url: string;
  qrcode: { png: string; svg: string };
}

/** What a target's public page shows (`GET public/getobject/{type}/{code}`). */
export interface PublicTargetView {
  kind: SurveyTargetKind;
  id: number;
  code: string;
  name: string;
  photo: string | null;
  site: { id: number; name: string } | null;
}

/**
 * `GET surveys/{code}/targets?q=`: what the respondent of an evaluation survey's own link
 * (no target in it) may pick. Places and teams (sites, workspaces, groups) are listed and
 * searched by name or code; people (agents, audiences) are only found by their exact code,
 * never listed. `more`: other targets match, a more precise search narrows them.
 */
export interface SurveyTargetChoices {
  /** The survey's target kind (the first listed kind when the survey names none). */
  kind: SurveyTargetKind;
  /** Whether the list can be browsed (places) or only searched by exact code (people). */
  listed: boolean;
  targets: Array<{ kind: SurveyTargetKind; id: number; code: string; name: string; site_name: string | null }>;
  more: boolean;
}

/** Kinds a respondent must name by code: people are never listed publicly. */
export const CODE_ONLY_TARGET_KINDS: readonly SurveyTargetKind[] = ['agent', 'audience'];

// ---- Geofence of field visits ------------------------------------------------------

/** A site with coordinates but no radius of its own is checked against this one. */
export const DEFAULT_GEOFENCE_RADIUS_M = 200;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine, mean Earth radius). */
export function haversineMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GeofenceStatus = 'inside' | 'outside' | 'unknown';

/**
 * Where a visit's position falls against a site's geofence: inside when within the
 * radius (the edge counts as inside), outside beyond it, unknown without a position.
 * Null when the site has no coordinates (nothing to check against). The distance is
 * rounded to the metre.
 */
export function checkGeofence(
  site: { latitude: number | null; longitude: number | null; geofence_radius_m: number | null },
  position: { latitude: number; longitude: number } | null | undefined,
): { status: GeofenceStatus; distance_m: number | null; radius_m: number } | null {
  if (site.latitude == null || site.longitude == null) return null;
  const radius = site.geofence_radius_m && site.geofence_radius_m > 0 ? site.geofence_radius_m : DEFAULT_GEOFENCE_RADIUS_M;
  if (!position) return { status: 'unknown', distance_m: null, radius_m: radius };
  const distance = Math.round(haversineMetres({ latitude: site.latitude, longitude: site.longitude }, position));
  return { status: distance <= radius ? 'inside' : 'outside', distance_m: distance, radius_m: radius };
}

/** Whether a visit needs a reviewer's look (outside the geofence, or no position sent). */
export function geofenceFlagged(status: string | null | undefined): boolean {
  return status === 'outside' || status === 'unknown';
}

export const GEOFENCE_LABELS: Record<GeofenceStatus, string> = {
  inside: 'Dans la zone',
  outside: 'Hors zone',
  unknown: 'Position inconnue',
};
