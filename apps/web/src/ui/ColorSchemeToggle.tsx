import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The switch to the other colour scheme: its label, its icon and the action (kept by Mantine's local-storage manager). */
export function useColorSchemeToggle() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  return {
    label: t(next === 'light' ? 'colorSchemeToLight' : 'colorSchemeToDark'),
    Icon: computed === 'dark' ? IconSun : IconMoon,
    toggle: () => setColorScheme(next),
  };
}

/** Light/dark switch. */
export function ColorSchemeToggle() {
  const { label, Icon, toggle } = useColorSchemeToggle();
  return (
    <ActionIcon variant="default" size="md" aria-label={label} title={label} onClick={toggle}>
      <Icon size={18} stroke={1.5} />
    </ActionIcon>
  );
}
