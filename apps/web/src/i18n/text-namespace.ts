import { useEffect, useReducer } from 'react';
import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { i18n, initI18n } from './i18n';
import { type AppLanguage, isAppLanguage } from './languages';

/**
 * A language's texts for a namespace: shipped with the feature (the object itself), or
 * loaded on demand (a function returning a separate chunk).
 */
export type TextSource<M> = M | (() => Promise<M>);

/** The other languages a namespace has; one left out falls back to French. */
export type OtherLanguageTexts<M> = Partial<Record<Exclude<AppLanguage, 'fr'>, TextSource<M>>>;

export interface TextNamespace {
  /** The i18next namespace (`t('key')` of the hook reads in it; elsewhere `ns:key`). */
  readonly ns: string;
  /** Adds the texts shipped with the feature (French and any bundled language), once. */
  ensure(): void;
  /**
   * `ensure`, then the current language's texts if they load on demand; follows later
   * language changes. Route loaders await it so a screen's first render has its texts.
   */
  load(): Promise<void>;
  /** `useTranslation` of the namespace; re-renders when a language's texts arrive after a switch. */
  useT(): ReturnType<typeof useTranslation>;
}

// One constant object keeps react-i18next's memoised options stable between renders;
// `bindI18nStore: 'added'` (read by the hook, not in its type) re-renders when a bundle
// arrives after a language switch.
const HOOK_OPTIONS = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

/** Every namespace defined so far, by name: the completeness test reads each one's six languages. */
const defined = new Map<string, { fr: object; textsOf(language: AppLanguage): Promise<object | undefined> }>();

/** The namespaces the imported features defined (for the completeness test, not for screens). */
export function definedTextNamespaces(): ReadonlyMap<string, { fr: object; textsOf(language: AppLanguage): Promise<object | undefined> }> {
  return defined;
}

/**
 * One feature's texts: French is the source and the fallback, always shipped with the
 * feature; the other languages are shipped too or load on demand (`others`). Every
 * feature's `*-i18n.ts` is one call of this, so the loading rules live here only.
 */
export function defineTextNamespace<M extends object>(ns: string, fr: M, others: OtherLanguageTexts<M> = {}): TextNamespace {
  const sources: Partial<Record<AppLanguage, TextSource<M>>> = { fr, ...others };
  const bundled = Object.entries(sources).filter((entry): entry is [AppLanguage, M] => typeof entry[1] !== 'function');
  const loadsOnDemand = bundled.length < Object.keys(sources).length;

  function add(language: string, messages: M, silent: boolean): void {
    i18n.addResourceBundle(language, ns, messages, true, false, { silent, skipCopy: false });
  }

  function addBundled(silent: boolean): void {
    // Creates i18next's store on first use (a test may render a screen before the app starts).
    void initI18n();
    for (const [language, messages] of bundled) {
      if (!i18n.hasResourceBundle(language, ns)) add(language, messages, silent);
    }
  }

  async function addLanguage(language: string): Promise<void> {
    if (!isAppLanguage(language) || i18n.hasResourceBundle(language, ns)) return;
    const source = sources[language];
    if (typeof source !== 'function') return;
    const messages = await source();
    // Several screens may have asked at once: the texts are added (and announced) once.
    if (!i18n.hasResourceBundle(language, ns)) add(language, messages, false);
  }

  let following = false;

  defined.set(ns, {
    fr,
    async textsOf(language) {
      const source = sources[language];
      return typeof source === 'function' ? await source() : source;
    },
  });

  async function loadCurrent(): Promise<void> {
    if (!loadsOnDemand) return;
    if (!following) {
      following = true;
      i18n.on('languageChanged', (language) => void addLanguage(language));
    }
    await addLanguage(i18n.language);
  }

  return {
    ns,
    // Silent: a component of this namespace added them in its own render already (`useT`),
    // and telling the store would re-draw every mounted component of every namespace at once,
    // synchronously (react-i18next's 'added' binding knows no namespace): on a slow phone, the
    // whole dashboard again when the home's pinned card brought its texts (issue 23).
    ensure: () => addBundled(true),
    async load() {
      addBundled(true);
      await loadCurrent();
    },
    useT() {
      // Silent while rendering: telling other mounted components would update them during
      // this render. None of them needs it: each one added the texts in its own render.
      addBundled(true);
      // A screen whose route does not await `load` still gets its language: the chunk
      // arrives after this render and the hook ('added') draws the texts again.
      const missing = loadsOnDemand && !i18n.hasResourceBundle(i18n.language, ns);
      if (missing) void loadCurrent();
      const translation = useTranslation(ns, HOOK_OPTIONS);
      // The hook hears 'added' only once mounted: texts that arrived between this render and
      // its subscription (a render in a transition commits later) are drawn here.
      const [, redraw] = useReducer((count: number) => count + 1, 0);
      useEffect(() => {
        if (missing && i18n.hasResourceBundle(i18n.language, ns)) redraw();
      }, [missing, ns]);
      return translation;
    },
  };
}

/** Another language's shape of a French texts object: the same keys, any strings. */
export type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };
