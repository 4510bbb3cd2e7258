import { definedTextNamespaces } from '../../apps/web/src/i18n/text-namespace';
import { i18n, initI18n, loadLanguage } from '../../apps/web/src/i18n/i18n';
import type { AppLanguage } from '../../apps/web/src/i18n/languages';

/**
 * The interface texts of the signed-in app, read the way the completeness test reads them:
 * the bundles loaded with a language (common, session, kit, nav, messaging…) and every
 * feature's namespace (`*-i18n.ts`), so a screen or a namespace added later is checked
 * without listing it here.
 */
import.meta.glob(['../../apps/web/src/features/**/*-i18n.ts'], { eager: true });

type Texts = Map<string, string>;

function leaves(value: unknown, prefix: string, out: Texts): Texts {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) leaves(v, `${prefix}.${k}`, out);
  return out;
}

/** Every text of a language, by `namespace.key`. */
async function textsOf(language: AppLanguage): Promise<Texts> {
  await initI18n();
  await loadLanguage(language);
  const out: Texts = new Map();
  for (const [ns, messages] of Object.entries(i18n.store.data[language] ?? {})) {
    if (!definedTextNamespaces().has(ns)) leaves(messages, ns, out);
  }
  for (const [ns, namespace] of definedTextNamespaces()) {
    leaves(language === 'fr' ? namespace.fr : await namespace.textsOf(language), ns, out);
  }
  return out;
}

/** A text as a whole-line pattern, each `{{placeholder}}` standing for anything. */
function linePattern(text: string): RegExp {
  const pattern = text
    .split(/\{\{[^}]*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(`^${pattern}$`);
}

export interface FrenchText {
  key: string;
  text: string;
  pattern: RegExp;
}

/**
 * The French texts that must not show in `language`: those its translation writes
 * differently, minus any the language itself also uses somewhere ("Notes", "Code"), and
 * minus those with fewer than three letters outside their placeholders ("{{label}} : {{value}}").
 */
export async function frenchOnly(language: Exclude<AppLanguage, 'fr'>): Promise<FrenchText[]> {
  const [french, theirs] = await Promise.all([textsOf('fr'), textsOf(language)]);
  const own = new Set(theirs.values());
  const found = new Map<string, FrenchText>();
  for (const [key, text] of french) {
    if (!theirs.has(key) || theirs.get(key) === text || own.has(text) || found.has(text)) continue;
    if (!/\p{L}{4}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''))) continue;
    found.set(text, { key, text, pattern: linePattern(text) });
  }
  return [...found.values()];
}
