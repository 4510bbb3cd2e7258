import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLanguage } from '../i18n/languages';
import { LanguageSelect } from './LanguageSelect';

afterEach(cleanup);

describe('LanguageSelect (the light entries)', () => {
  it('names each language in itself, is disabled while the pick is applied, and ignores the current language', async () => {
    const picked: AppLanguage[] = [];
    let finish: () => void = () => undefined;
    const onPick = (language: AppLanguage) => {
      picked.push(language);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(<LanguageSelect className="auth-select" label="Langue" testId="lang" value="fr" onPick={onPick} />);
    const select = screen.getByRole('combobox', { name: 'Langue' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.lang, o.textContent])).toContainEqual(['de', 'de', 'Deutsch']);
    expect(select.options).toHaveLength(6);

    fireEvent.change(select, { target: { value: 'fr' } });
    expect(picked).toEqual([]);

    fireEvent.change(select, { target: { value: 'de' } });
    expect(picked).toEqual(['de']);
    expect(select.disabled).toBe(true);
    await act(async () => finish());
    expect(select.disabled).toBe(false);
  });
});
