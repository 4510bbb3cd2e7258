import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http-error';
import { renderUi, UI_SID } from '../../test/render-ui';
import { ConfirmButton } from '../ConfirmDialog';
import { DetailPage } from './DetailPage';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

const tabs = [
  { value: 'identity', label: 'Identité', content: <p>Nom et fonction</p> },
  { value: 'roles', label: 'Rôles', content: <p>Rôles attribués</p> },
  { value: 'secret', label: 'Caché', content: <p>jamais</p>, hidden: true },
];

describe('DetailPage', { timeout: 30_000 }, () => {
  it('shows breadcrumbs, the title and the tab named in ?tab=, and keeps the tab in the address', async () => {
    const { router } = await renderUi(
      <DetailPage title="Awa Ngo" breadcrumbs={[{ label: 'Personnes', to: `/${UI_SID}/business/users` }, { label: 'Awa Ngo' }]} tabs={tabs} />,
      `/${UI_SID}/business/view/agent/3?tab=roles`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Awa Ngo');
    expect(screen.getByRole('link', { name: 'Personnes' }).getAttribute('href')).toBe(`/${UI_SID}/business/users`);
    expect(screen.getByText('Awa Ngo', { selector: '[aria-current="page"]' })).toBeTruthy();
    expect(screen.getByText('Rôles attribués')).toBeTruthy();
    expect(screen.queryByTestId('tab-secret')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-identity'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=identity'));
    expect(screen.getByText('Nom et fonction')).toBeTruthy();
  });

  it('falls back to the first tab for an unknown or hidden one', async () => {
    await renderUi(<DetailPage title="Awa" tabs={tabs} />, `/${UI_SID}/x?tab=secret`);
    expect(screen.getByText('Nom et fonction')).toBeTruthy();
  });

  it('says when the record does not exist', async () => {
    const error = new ApiError({ status: 404, kind: 'http', message: 'Introuvable' });
    await renderUi(<DetailPage title="Agent" query={{ isPending: false, error }} notFound="Cet agent n'existe pas." tabs={tabs} />);
    expect(screen.getByTestId('load-error').textContent).toContain("Cet agent n'existe pas.");
    expect(screen.queryByText('Nom et fonction')).toBeNull();
  });
});

describe('ConfirmButton', { timeout: 30_000 }, () => {
  it('runs the action only once confirmed, with the reason typed', async () => {
    const action = vi.fn();
    await renderUi(
      <ConfirmButton confirm={{ message: 'Suspendre Awa ?', commentLabel: 'Motif', commentRequired: true }} onConfirm={action}>
        Suspendre
      </ConfirmButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Suspendre' }));
    const confirm = await screen.findByTestId('confirm-button');
    expect(confirm.textContent).toBe('Suspendre');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('confirm-comment'), { target: { value: 'Absences répétées' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(action).toHaveBeenCalledWith('Absences répétées'));
  });

  it('toasts the server message when the action fails', async () => {
    await renderUi(
      <ConfirmButton confirm={{ message: 'Supprimer ?' }} onConfirm={() => Promise.reject(new ApiError({ status: 409, kind: 'http', message: 'Ce rôle est encore attribué.' }))}>
        Supprimer
      </ConfirmButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('Ce rôle est encore attribué.')).toBeTruthy();
  });
});
