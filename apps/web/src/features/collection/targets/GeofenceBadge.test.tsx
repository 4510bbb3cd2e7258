import '../../../test/dom-shims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { GeofenceBadge } from './GeofenceBadge';

const renderBadge = (status: string | null, distance: number | null) =>
  render(
    <MantineProvider>
      <GeofenceBadge status={status} distance={distance} />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

describe('GeofenceBadge', () => {
  it('shows where a visit was, in French, with the distance', () => {
    renderBadge('outside', 1112.4);
    const badge = screen.getByTestId('geofence-badge');
    expect(badge.getAttribute('data-status')).toBe('outside');
    expect(badge.textContent).toBe('Hors zone · 1112 m');
  });

  it('says when the position is unknown, and shows nothing for participations that are no visit', () => {
    renderBadge('unknown', null);
    expect(screen.getByTestId('geofence-badge').textContent).toBe('Position inconnue');
    const { container } = render(
      <MantineProvider>
        <GeofenceBadge status={null} />
      </MantineProvider>,
    );
    expect(container.querySelector('[data-testid="geofence-badge"]')).toBeNull();
  });
});
