import { PERMISSION_CATALOGUE } from '@app/contracts/permissions';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { loadCompanyI18n } from '../company-i18n';
import { renderUi } from '../../../test/render-ui';
import { PermissionMatrix } from './PermissionMatrix';

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('fr'));
  localStorage.clear();
});

describe('PermissionMatrix', { timeout: 120_000 }, () => {
  it('names every object and action in French, shows what is granted and asks for a change', async () => {
    const onToggle = vi.fn();
    await renderUi(<PermissionMatrix granted={new Set(['surveys.list'])} busy={new Set()} readOnly={false} onToggle={onToggle} />);
    const matrix = screen.getByTestId('permission-matrix');
    // One box per permission of the catalogue, none labelled with a raw slug.
    expect(within(matrix).getAllByRole('checkbox')).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(matrix.textContent).not.toMatch(/\b[a-z]+\.[a-z]+\b/);
    expect(matrix.textContent).not.toMatch(/pointerests|accessibility/);
    const listSurveys = within(matrix).getByRole('checkbox', { name: 'Lister : Formulaires' }) as HTMLInputElement;
    expect(listSurveys.checked).toBe(true);
    fireEvent.click(within(matrix).getByRole('checkbox', { name: 'Publier : Formulaires' }));
    expect(onToggle).toHaveBeenCalledWith('surveys.publish', true, 'Publier : Formulaires');
    fireEvent.click(listSurveys);
    expect(onToggle).toHaveBeenCalledWith('surveys.list', false, 'Lister : Formulaires');
  });

  it('names them in the reader’s language, with its punctuation (English, Chinese)', async () => {
    await act(() => changeLanguage('en'));
    await loadCompanyI18n();
    await renderUi(<PermissionMatrix granted={new Set()} busy={new Set()} readOnly={false} onToggle={() => undefined} />);
    const matrix = screen.getByTestId('permission-matrix');
    expect(within(matrix).getByRole('checkbox', { name: 'Publish: Forms' })).toBeTruthy();
    expect(within(matrix).getByRole('checkbox', { name: 'List: Points of interest' })).toBeTruthy();
    expect(matrix.textContent).not.toMatch(/Formulaires|Lister|Publier/);
    cleanup();
    await act(() => changeLanguage('zh-CN'));
    await loadCompanyI18n();
    await renderUi(<PermissionMatrix granted={new Set()} busy={new Set()} readOnly={false} onToggle={() => undefined} />);
    expect(within(screen.getByTestId('permission-matrix')).getByRole('checkbox', { name: '发布：表单' })).toBeTruthy();
  });

  it('is read-only for an owner role or without the right to change it', async () => {
    await renderUi(<PermissionMatrix granted={new Set()} busy={new Set()} readOnly onToggle={() => undefined} />);
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});
