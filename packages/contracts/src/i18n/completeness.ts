/**
 * The rules a translation must meet against its French source, shared by the web and API
 * completeness tests: every French key present, the same `{{x}}` placeholders, every
 * plural form the language uses, and no French left in it.
 */

/** Every leaf of a nested messages object, by dotted path. */
export function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The `{{name}}` placeholders of a text (formatting options after a comma left out), sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/**
 * Words written the same in French and in the language (loanwords, acronyms, units):
 * a text made only of these is not a French copy.
 */
const SHARED_WORDS = new Set(
  [
    'ok', 'e-mail', 'email', 'sms', 'pdf', 'csv', 'xlsx', 'qr', 'id', 'api', 'url', 'gps', 'ttc', 'ht', 'xaf', 'fcfa', 'logo', 'total',
    'transactions', 'transaction', 'support', 'notifications', 'notification', 'conversations', 'code', 'date', 'type', 'zone', 'zones',
    'article', 'articles', 'description', 'message', 'messages', 'actions', 'action', 'options', 'instructions', 'sections', 'section',
    'question', 'questions', 'points', 'minimum', 'maximum', 'min', 'max', 'international', 'national', 'distance', 'web', 'android',
    'ios', 'webhook', 'webhooks', 'admin', 'audit', 'stock', 'total', 'variable', 'position', 'normal', 'format', 'contacts', 'contact',
    'photo', 'photos', 'media', 'site', 'sites', 'sessions', 'session', 'source', 'statut', 'status', 'pin', 'rang', 'score', 'scores',
    'date', 'mode', 'menu', 'global', 'image', 'images', 'audio', 'video', 'vidéo', 'test', 'tests', 'zoom', 'nom', 'personnalisation',
    'h', 'min', 's', 'j', 'km', 'm', 'ko', 'mo', 'go', 'px', 'x', 'n°', 'no', 'de', 'en', 'es', 'fr', 'zh',
    'ville', 'pôle', 'région', 'pays', 'offline', 'online', 'info', 'infos', 'id', 'standard', 'premium', 'pro', 'solo', 'tag', 'tags',
    'agent', 'agents', 'audience', 'audiences', 'organisation', 'population', 'validations', 'supervision', 'supervisions',
    'participation', 'participations', 'participant', 'participants', 'contribution', 'contributions', 'notes', 'note', 'disponible', 'confirmation', 'condition', 'active', 'signature', 'longitude',
    'latitude', 'finances', 'communication', 'catalogue', 'administration', 'responsable', 'adresse', 'profil', 'page', 'net', 'promoter',
    'invitation', 'invitations', 'conversation', 'https', 'http', 'service', 'services', 'permission', 'permissions', 'bien',
    'excel', 'word', 'google', 'facebook', 'apple', 'microsoft', 'whatsapp', 'orange', 'mtn', 'momo', 'mobile', 'money',
  ].map((w) => w.toLowerCase()),
);

/** Names Chinese keeps in Latin letters (formats, protocols, units). */
const TECHNICAL_WORDS = new Set(['ok', 'sms', 'pdf', 'csv', 'xlsx', 'qr', 'id', 'api', 'url', 'gps', 'xaf', 'fcfa', 'https', 'http', 'webhook', 'webhooks', 'px', 'km', 'm', 'h', 'min', 's', 'ko', 'mo', 'go', 'mtn', 'orange', 'momo', 'nps']);

/** Whether a translation equal to its French source is acceptable (no words, or shared words only). */
function sameIsFine(text: string, language: string): boolean {
  const words = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}°-]+/u)
    .filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return true;
  // A Chinese text equal to the French one is French unless it is only technical names.
  if (language === 'zh-CN') return words.every((w) => TECHNICAL_WORDS.has(w));
  return words.every((w) => SHARED_WORDS.has(w));
}

/** The problems of one language's texts against French, as readable lines (empty: complete). */
export function translationProblems(fr: object, other: object | undefined, language: string, where: string): string[] {
  if (!other) return [`${where}: no ${language} texts at all`];
  const source = leaves(fr);
  const target = leaves(other);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  const problems: string[] = [];
  const pluralBases = new Set<string>();
  for (const [key, value] of source) {
    if (typeof value !== 'string') continue;
    const plural = PLURAL.exec(key);
    if (plural) {
      pluralBases.add(key.slice(0, -plural[0].length));
      continue;
    }
    problems.push(...textProblems(key, value, target.get(key), language, where));
  }
  for (const base of pluralBases) {
    const frOther = source.get(`${base}_other`) as string | undefined;
    // The forms the language has, at least "other" (i18next falls back to it for "many").
    const needed = categories.filter((c) => c === 'one' || c === 'other');
    for (const form of needed.length > 0 ? needed : ['other']) {
      const frText = (source.get(`${base}_${form}`) as string | undefined) ?? frOther ?? '';
      problems.push(...textProblems(`${base}_${form}`, frText, target.get(`${base}_${form}`), language, where));
    }
  }
  return problems;
}

function textProblems(key: string, fr: string, value: unknown, language: string, where: string): string[] {
  const at = `${where} ${language} ${key}`;
  if (typeof value !== 'string' || value.trim() === '') return [`${at}: missing`];
  const problems: string[] = [];
  const want = placeholders(fr).filter((p) => p !== 'count');
  const got = placeholders(value).filter((p) => p !== 'count');
  if (want.join() !== got.join()) problems.push(`${at}: placeholders {{${got.join(', ')}}} instead of {{${want.join(', ')}}}`);
  if (value === fr && !sameIsFine(fr, language)) problems.push(`${at}: the French text copied ("${fr}")`);
  return problems;
}
