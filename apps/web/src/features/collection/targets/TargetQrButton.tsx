import { ActionIcon, Tooltip } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTargetsT } from './targets-i18n';

/**
 * A row's QR code in one click (a site's counters, the workspaces list): the same
 * modal as the page's own button, never hidden in the row's menu.
 */
export function TargetQrButton({ name, onOpen, testId }: { name: string; onOpen: () => void; testId?: string }) {
  const t = useTargetsT();
  const label = t('qr.imageAlt', { name });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onOpen} data-testid={testId}>
        <IconQrcode size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
