import { PERMISSION_CATALOGUE } from '@app/contracts/permissions';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import '../company-i18n';
import { PermissionMatrix } from './PermissionMatrix';

afterEach(cleanup);

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

  it('is read-only for an owner role or without the right to change it', async () => {
    await renderUi(<PermissionMatrix granted={new Set()} busy={new Set()} readOnly onToggle={() => undefined} />);
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});
