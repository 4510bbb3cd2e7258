import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './list.types';

interface RowActionsMenuProps<T> {
  row: T;
  label: string;
  actions: readonly RowAction<T>[];
  onRun: (action: RowAction<T>, row: T) => void;
}

/** The "···" menu of a row; absent when no action applies, so there is never an empty menu. */
export function RowActionsMenu<T>({ row, label, actions, onRun }: RowActionsMenuProps<T>) {
  const { t } = useTranslation('kit');
  const visible = actions.filter((action) => !action.hidden?.(row));
  if (visible.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('rowActionsOf', { label })} data-testid="row-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {visible.map((action) => (
          <Menu.Item key={action.label} color={action.color} leftSection={action.icon} onClick={() => onRun(action, row)}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
