/**
 * Deterministic material for the demo survey's respondents: a seeded PRNG, names heard
 * in Cameroon, mobile numbers on real operator prefixes, the agencies and their towns.
 */

/** mulberry32: a small seeded PRNG, the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** An item by weight: `[[item, weight], ...]`. */
export function pickWeighted<T>(random: Random, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1][0];
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const FIRST_NAMES = [
  'Awa', 'Jean', 'Marie', 'Paul', 'Aïcha', 'Samuel', 'Brigitte', 'Emmanuel', 'Chantal', 'Hervé',
  'Solange', 'Thierry', 'Nadège', 'Ibrahim', 'Josiane', 'Patrice', 'Clarisse', 'Blaise', 'Rosine', 'Yannick',
  'Mireille', 'Serge', 'Estelle', 'Franck', 'Hadiza', 'Christian', 'Pélagie', 'Boris', 'Viviane', 'Aboubakar',
];
const LAST_NAMES = [
  'Bello', 'Mbarga', 'Ngono', 'Essomba', 'Fotso', 'Tchoupo', 'Kamga', 'Ndjock', 'Abena', 'Mvondo',
  'Nkoulou', 'Talla', 'Djoumessi', 'Onana', 'Ekotto', 'Manga', 'Hamadou', 'Atangana', 'Nana', 'Tagne',
  'Ewane', 'Moukouri', 'Fouda', 'Ndongo', 'Nguemo', 'Biya', 'Ayissi', 'Kouam', 'Oumarou', 'Eyenga',
];

export function randomName(random: Random): { first: string; last: string } {
  return { first: pick(random, FIRST_NAMES), last: pick(random, LAST_NAMES) };
}

// Operator prefixes (three first digits) that validation.ts accepts as mobile:
// MTN 650-654 and 670-683, Orange 655-659 and 690-699.
const MOBILE_PREFIXES = [650, 651, 652, 653, 654, 670, 671, 672, 673, 674, 675, 676, 677, 678, 679, 680, 681, 682, 683, 655, 656, 657, 658, 659, 690, 691, 693, 694, 695, 696, 697, 698, 699];

/** A Cameroonian mobile number written the way people type it: "677 12 34 56". */
export function randomMobile(random: Random): string {
  const rest = String(randomInt(random, 0, 999_999)).padStart(6, '0');
  return `${pick(random, MOBILE_PREFIXES)} ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`;
}

const MAIL_DOMAINS = ['gmail.com', 'yahoo.fr', 'outlook.fr', 'camtel.cm'];

export function emailOf(random: Random, name: { first: string; last: string }): string {
  const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return `${plain(name.first)}.${plain(name.last)}${randomInt(random, 1, 99)}@${pick(random, MAIL_DOMAINS)}`;
}

/** The demo company's agencies: label, town, position, and how busy each one is. */
export const AGENCIES = [
  { label: 'Douala – Akwa', town: 'Douala', latitude: 4.0511, longitude: 9.7043, weight: 30 },
  { label: 'Douala – Bonanjo', town: 'Douala', latitude: 4.0433, longitude: 9.6903, weight: 20 },
  { label: 'Yaoundé – Bastos', town: 'Yaoundé', latitude: 3.8934, longitude: 11.5118, weight: 22 },
  { label: 'Yaoundé – Mvog-Mbi', town: 'Yaoundé', latitude: 3.8536, longitude: 11.5207, weight: 10 },
  { label: 'Bafoussam – Centre', town: 'Bafoussam', latitude: 5.4781, longitude: 10.4176, weight: 8 },
  { label: 'Garoua – Plateau', town: 'Garoua', latitude: 9.3017, longitude: 13.3921, weight: 6 },
  { label: 'Limbé – Down Beach', town: 'Limbé', latitude: 4.0142, longitude: 9.2104, weight: 4 },
] as const;

export const COMPLAINTS = [
  'Trop d’attente au guichet.',
  'Le personnel n’était pas disponible.',
  'On m’a renvoyé vers une autre agence.',
  'Les frais sont trop élevés.',
  'Le réseau était en panne, impossible de finaliser.',
  'Personne n’a su répondre à ma réclamation.',
];

export const KIND_WORDS = [
  'Merci pour l’accueil.',
  'Très bon service, continuez ainsi.',
  'Rapide et efficace.',
  'Le conseiller a pris le temps de m’expliquer.',
  'Ouvrez plus tôt le samedi, s’il vous plaît.',
  'Il faudrait plus de places assises.',
  'Bonne équipe, un peu lente aux heures de pointe.',
];
