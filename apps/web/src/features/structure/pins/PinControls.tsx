import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Resource } from '../../../lib/resource/resource';
import { useStructureT } from '../structure-i18n';
import type { RowAction } from '../../../ui/list/list.types';
import { type Pinnable, type PinType, pinRowActions, usePinToggle } from './pins';

/** A list cell's text with a pin before it when the signed-in user pinned the row. */
export function PinnedLabel({ pinned, children }: { pinned?: boolean; children: ReactNode }) {
  const t = useStructureT();
  if (!pinned) return <>{children}</>;
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Tooltip label={t('pins.pinned')}>
        <ActionIcon component="span" variant="transparent" size="sm" color="orange" aria-label={t('pins.pinned')} data-testid="pinned-mark">
          <IconPin size={16} />
        </ActionIcon>
      </Tooltip>
      <span>{children}</span>
    </Group>
  );
}

/** The detail page's pin/unpin button (hidden without the `pins` permission). */
export function PinButton({ type, id, pinned, resource }: { type: PinType; id: number; pinned: boolean; resource: Resource<any, any, any> }) {
  const t = useStructureT();
  const toggle = usePinToggle(type, resource);
  if (pinned ? !toggle.allowed.unpin : !toggle.allowed.pin) return null;
  return (
    <Button
      variant="light"
      leftSection={pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
      loading={toggle.mutation.isPending}
      onClick={() => toggle.mutation.mutate({ id, pinned })}
      data-testid={pinned ? 'unpin' : 'pin'}
    >
      {pinned ? t('pins.unpin') : t('pins.pin')}
    </Button>
  );
}

/** The row menu's pin/unpin entries of a list of `type` (only those the user may use). */
export function usePinActions<T extends Pinnable>(type: PinType, resource: Resource<any, any, any>): RowAction<T>[] {
  const t = useStructureT();
  const toggle = usePinToggle(type, resource);
  return pinRowActions<T>(toggle, { pin: t('pins.pin'), unpin: t('pins.unpin') });
}
