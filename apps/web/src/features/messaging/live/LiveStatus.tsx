import { Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../../../lib/socket/live-client';

const COLORS: Record<LiveState, string> = {
  authenticated: 'var(--mantine-color-teal-6)',
  connected: 'var(--mantine-color-yellow-6)',
  disconnected: 'var(--mantine-color-gray-5)',
};

/** A small dot telling whether live notifications arrive (socket states of section 4). */
export function LiveStatus({ state }: { state: LiveState }) {
  const { t } = useTranslation('session');
  const label = t(`live_${state}`);
  return (
    <Tooltip label={label} withArrow>
      <Box
        data-testid="live-status"
        data-state={state}
        role="status"
        aria-label={label}
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: COLORS[state], flex: 'none' }}
      />
    </Tooltip>
  );
}
