import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n';
import { defineTextNamespace } from './text-namespace';

const fr = { greeting: 'Bonjour', nested: { bye: 'Au revoir' } };
const en = { greeting: 'Hello', nested: { bye: 'Goodbye' } };
const de = { greeting: 'Hallo', nested: { bye: 'Tschüss' } };

/** A loader that resolves when the test says so, and counts its calls. */
function deferredLoader<M>(messages: M) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const loader = Object.assign(
    async () => {
      loader.calls += 1;
      await gate;
      return messages;
    },
    { calls: 0 },
  );
  return { loader, release: () => release() };
}

beforeAll(async () => {
  await initI18n();
});

afterAll(async () => {
  await changeLanguage('fr');
});

describe('defineTextNamespace', () => {
  it('adds French and the bundled languages on ensure, once, and not the ones loaded on demand', () => {
    const lazy = deferredLoader(de);
    const texts = defineTextNamespace('tn-ensure', fr, { en, de: lazy.loader });
    expect(texts.ns).toBe('tn-ensure');
    expect(i18n.hasResourceBundle('fr', 'tn-ensure')).toBe(false);
    texts.ensure();
    texts.ensure();
    expect(i18n.t('tn-ensure:nested.bye')).toBe('Au revoir');
    expect(i18n.t('tn-ensure:greeting', { lng: 'en' })).toBe('Hello');
    expect(i18n.hasResourceBundle('de', 'tn-ensure')).toBe(false);
    expect(lazy.loader.calls).toBe(0);
  });

  it('loads the current language on demand, then follows language changes', async () => {
    const lazyDe = deferredLoader(de);
    const lazyEn = deferredLoader(en);
    lazyDe.release();
    lazyEn.release();
    const texts = defineTextNamespace('tn-load', fr, { de: lazyDe.loader, en: lazyEn.loader });
    await changeLanguage('de');
    await texts.load();
    expect(i18n.t('tn-load:greeting')).toBe('Hallo');
    expect(lazyEn.loader.calls).toBe(0);
    await texts.load();
    expect(lazyDe.loader.calls).toBe(1);

    await changeLanguage('en');
    await expect.poll(() => i18n.hasResourceBundle('en', 'tn-load')).toBe(true);
    expect(i18n.t('tn-load:nested.bye')).toBe('Goodbye');
    await changeLanguage('fr');
  });

  it('falls back to French for a language the namespace lacks', async () => {
    const texts = defineTextNamespace('tn-fallback', fr, { en });
    await changeLanguage('zh-CN');
    await texts.load();
    expect(i18n.hasResourceBundle('zh-CN', 'tn-fallback')).toBe(false);
    expect(i18n.t('tn-fallback:greeting')).toBe('Bonjour');
    await changeLanguage('fr');
  });

  it('gives a hook that reads the namespace without a load, and re-renders when a language arrives after a switch', async () => {
    const lazy = deferredLoader(de);
    const texts = defineTextNamespace('tn-hook', fr, { de: lazy.loader });
    const { result } = renderHook(() => texts.useT().t('greeting'));
    expect(result.current).toBe('Bonjour');

    await texts.load();
    await act(() => changeLanguage('de'));
    // The German texts are still on their way: French meanwhile.
    expect(result.current).toBe('Bonjour');
    await act(async () => lazy.release());
    await waitFor(() => expect(result.current).toBe('Hallo'));
    await act(() => changeLanguage('fr'));
    expect(result.current).toBe('Bonjour');
  });

  it("does not re-draw another namespace's components when a namespace's own texts are added", async () => {
    const shown = defineTextNamespace('tn-shown', fr);
    const other = defineTextNamespace('tn-other', { greeting: 'Salut' }, { en: { greeting: 'Hi' } });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return shown.useT().t('greeting');
    });
    expect(result.current).toBe('Bonjour');
    const before = renders;
    await act(async () => {
      other.ensure();
      await other.load();
    });
    expect(i18n.hasResourceBundle('fr', 'tn-other')).toBe(true);
    expect(renders).toBe(before);
  });

  it('draws the texts that arrived between its first render and its mounting (a render in a transition commits later)', async () => {
    await changeLanguage('de');
    const lazy = deferredLoader(de);
    const texts = defineTextNamespace('tn-transition', fr, { de: lazy.loader });
    function Greeting() {
      return <p>{texts.useT().t('greeting')}</p>;
    }
    /** Drawn after the greeting, before anything mounts: the German texts arrive right then. */
    function Arrival() {
      if (!i18n.hasResourceBundle('de', 'tn-transition')) i18n.addResourceBundle('de', 'tn-transition', de, true, false);
      return null;
    }
    await act(async () => {
      render(
        <>
          <Greeting />
          <Arrival />
        </>,
      );
    });
    await waitFor(() => expect(screen.getByText('Hallo')).toBeTruthy());
    await act(async () => lazy.release());
    await act(() => changeLanguage('fr'));
  });
});
