import {
  AGENCIES,
  COMPLAINTS,
  emailOf,
  KIND_WORDS,
  pick,
  pickWeighted,
  type Random,
  randomInt,
  randomMobile,
  randomName,
} from './demo-survey-people';

/**
 * One made-up respondent of the demo satisfaction survey: raw answers as a phone would
 * send them (by question key; choices by label), with plausible links between them —
 * a long wait lowers the mood, a low mood lowers the stars and the NPS, a "no" to
 * coming back brings a complaint.
 */
export interface DemoRespondent {
  /** Raw answers by question key; choice questions carry labels, resolved later. */
  answers: Record<string, unknown>;
  participant: { name: string | null; phone: string | null; email: string | null };
  submittedAt: Date | null;
  startedAt: Date;
  status: 'in_progress' | 'submitted' | 'checked' | 'validated';
  checkedAt: Date | null;
  validatedAt: Date | null;
  position: { latitude: number; longitude: number; accuracy: number } | null;
  src: string;
}

const DAY = 86_400_000;
const MINUTE = 60_000;
// Douala is UTC+1 all year round.
const DOUALA_OFFSET = 60 * MINUTE;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const pad = (n: number) => String(n).padStart(2, '0');
const noise = (random: Random, width: number) => (random() - 0.5) * 2 * width;

function localDate(ms: number): string {
  return new Date(ms + DOUALA_OFFSET).toISOString().slice(0, 10);
}

function localTime(ms: number): string {
  const d = new Date(ms + DOUALA_OFFSET);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A moment during opening hours (07:30-18:30 in Douala) within the last 60 days, weekdays busier. */
function visitMoment(random: Random, now: number): number {
  for (;;) {
    const daysAgo = Math.floor(random() ** 1.3 * 60);
    const localMidnight = Math.floor((now + DOUALA_OFFSET) / DAY) * DAY - daysAgo * DAY - DOUALA_OFFSET;
    const weekday = new Date(localMidnight + DOUALA_OFFSET).getUTCDay();
    if ((weekday === 0 && random() < 0.8) || (weekday === 6 && random() < 0.4)) continue;
    const at = localMidnight + (7.5 * 60 + randomInt(random, 0, 11 * 60)) * MINUTE;
    if (at < now) return at;
  }
}

function reviewOf(random: Random, submitted: number, now: number) {
  const old = now - submitted > 7 * DAY;
  const status = pickWeighted(random, old ? [['validated', 45], ['checked', 30], ['submitted', 25]] as const : [['validated', 5], ['checked', 20], ['submitted', 75]] as const);
  if (status === 'submitted') return { status, checkedAt: null, validatedAt: null };
  const checkedAt = Math.min(now, submitted + randomInt(random, 2, 72) * 60 * MINUTE);
  const validatedAt = status === 'validated' ? Math.min(now, checkedAt + randomInt(random, 1, 48) * 60 * MINUTE) : null;
  return { status, checkedAt: new Date(checkedAt), validatedAt: validatedAt === null ? null : new Date(validatedAt) };
}

const REASONS = [['Retrait ou dépôt', 40], ['Demande d’information', 20], ['Ouverture de compte', 15], ['Réclamation', 15], ['Autre', 10]] as const;
const CHANNELS = [['Agence', 80], ['WhatsApp', 55], ['Téléphone', 40], ['Application mobile', 25], ['Site web', 15]] as const;
const PRIORITIES = [['Rapidité', 40], ['Accueil', 30], ['Tarifs', 20], ['Propreté', 10]] as const;
const MATRIX_ROWS = ['accueil', 'proprete', 'rapidite', 'conseil'];
const MATRIX_COLUMNS = ['tres_satisfait', 'satisfait', 'peu_satisfait', 'insatisfait'];

/** Distinct items drawn by weight, `count` of them. */
function drawDistinct<T>(random: Random, items: ReadonlyArray<readonly [T, number]>, count: number): T[] {
  const left = [...items];
  const out: T[] = [];
  while (out.length < count && left.length) {
    const item = pickWeighted(random, left);
    out.push(item);
    left.splice(left.findIndex(([i]) => i === item), 1);
  }
  return out;
}

export function generateRespondent(random: Random, now: number): DemoRespondent {
  const agency = pickWeighted(random, AGENCIES.map((a) => [a, a.weight] as const));
  const submitted = visitMoment(random, now);
  const reason = pickWeighted(random, REASONS);
  const wait = Math.round(clamp(-Math.log(1 - random()) * (reason === 'Réclamation' ? 25 : 12), 0, 240));
  const mood = clamp(0.82 - wait / 90 + noise(random, 0.3) - (reason === 'Réclamation' ? 0.2 : 0), 0, 1);
  const again = mood > 0.35 || random() < 0.15;
  const name = random() < 0.8 ? randomName(random) : null;
  const phone = random() < 0.65 ? randomMobile(random) : null;
  const email = name && random() < 0.45 ? emailOf(random, name) : null;
  const arrival = Math.max(submitted - randomInt(random, 10, 90) * MINUTE, submitted - ((submitted + DOUALA_OFFSET) % DAY) + 7.5 * 60 * MINUTE);
  const position = random() < 0.55 ? { latitude: round6(agency.latitude + noise(random, 0.01)), longitude: round6(agency.longitude + noise(random, 0.01)), accuracy: randomInt(random, 5, 60) } : null;

  const answers: Record<string, unknown> = {
    agency: agency.label,
    visit_date: localDate(random() < 0.15 ? submitted - DAY : submitted),
    arrival: localTime(arrival),
    reason,
    channels: drawDistinct(random, CHANNELS, randomInt(random, 1, 3)),
    wait,
    stars: clamp(Math.round(1 + mood * 4 + noise(random, 0.6)), 1, 5),
    nps: clamp(Math.round(mood * 10 + noise(random, 1.5)), 0, 10),
    again,
    priorities: drawDistinct(random, PRIORITIES, PRIORITIES.length),
    detail: Object.fromEntries(MATRIX_ROWS.map((row) => [row, MATRIX_COLUMNS[clamp(Math.round((1 - mood) * 3 + noise(random, 0.8)), 0, 3)]])),
  };
  if (!again) answers.why_not = pick(random, COMPLAINTS);
  if (random() < 0.4) answers.word = mood > 0.5 ? pick(random, KIND_WORDS) : pick(random, COMPLAINTS);
  if (email) answers.email = email;
  if (phone) answers.phone = phone;
  if (position) answers.position = position;

  const partial = random() < 0.05;
  const review = partial ? { status: 'in_progress' as const, checkedAt: null, validatedAt: null } : reviewOf(random, submitted, now);
  return {
    answers: partial ? pickKeys(answers, ['agency', 'visit_date', 'arrival', 'reason']) : answers,
    participant: { name: name ? `${name.first} ${name.last}` : null, phone, email },
    submittedAt: partial ? null : new Date(submitted),
    startedAt: new Date(submitted - randomInt(random, 2, 9) * MINUTE),
    status: review.status,
    checkedAt: review.checkedAt,
    validatedAt: review.validatedAt,
    position: position && !partial ? position : null,
    src: pickWeighted(random, [['qrcode', 55], ['whatsapp', 30], ['site', 15]] as const),
  };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function pickKeys(answers: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in answers).map((k) => [k, answers[k]]));
}
