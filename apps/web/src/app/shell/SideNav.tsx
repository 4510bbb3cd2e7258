import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconActivity,
  IconAddressBook,
  IconBriefcase,
  IconHierarchy2,
  IconMap,
  IconMapPin,
  IconTarget,
  IconUpload,
  IconUsersPlus,
  IconBinoculars,
  IconBuilding,
  IconChartBar,
  IconChecks,
  IconStar,
  IconCrown,
  IconChecklist,
  IconClipboardList,
  IconHome,
  IconSpeakerphone,
  IconMessages,
  IconFileInvoice,
  IconCash,
  IconPackage,
  IconShoppingBag,
  IconListDetails,
  IconSettings,
  IconShieldLock,
  IconTemplate,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_GROUPS, type NavIcon, type NavItem } from '../nav';

const ICONS: Record<NavIcon, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  home: IconHome,
  surveys: IconClipboardList,
  templates: IconTemplate,
  questions: IconListDetails,
  web: IconWorld,
  forms: IconChecklist,
  profile: IconUser,
  admin: IconSettings,
  users: IconUsers,
  roles: IconShieldLock,
  company: IconBuilding,
  approvals: IconUsersGroup,
  invoices: IconFileInvoice,
  payments: IconCash,
  packages: IconPackage,
  articles: IconShoppingBag,
  broadcasts: IconSpeakerphone,
  conversations: IconMessages,
  supervision: IconBinoculars,
  activities: IconActivity,
  scores: IconChartBar,
  validations: IconChecks,
  reports: IconStar,
  premium: IconCrown,
  sites: IconMapPin,
  workspaces: IconBriefcase,
  groups: IconUsersPlus,
  audiences: IconTarget,
  poles: IconHierarchy2,
  import: IconUpload,
  contacts: IconAddressBook,
  zones: IconMap,
  map: IconMap,
};

interface SideNavProps {
  items: readonly NavItem[];
  active: NavItem | null;
  /** Closes the phone drawer once a page is chosen. */
  onNavigate?: () => void;
}

/**
 * The side navigation, by section. Links are plain anchors (keyboard, middle click, focus
 * ring from the theme); the current page's entry carries aria-current="page".
 */
export function SideNav({ items, active, onNavigate }: SideNavProps) {
  const { t } = useTranslation('nav');
  return (
    <Stack component="nav" aria-label={t('menu')} gap={0} data-testid="side-nav">
      {NAV_GROUPS.map((group) => {
        const entries = items.filter((item) => item.group === group);
        if (entries.length === 0) return null;
        return (
          <div key={group} className="side-nav__group">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
              {t(`groups.${group}`)}
            </Text>
            {entries.map((item) => {
              const Icon = item.icon ? ICONS[item.icon] : null;
              const current = active?.href === item.href;
              return (
                <NavLink
                  key={item.href}
                  component={Link}
                  to={item.href}
                  label={t(`items.${item.id}`, { defaultValue: item.id })}
                  leftSection={Icon ? <Icon size={18} aria-hidden /> : null}
                  active={current}
                  aria-current={current ? 'page' : undefined}
                  onClick={onNavigate}
                  data-testid="nav-item"
                  data-nav-id={item.id}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              );
            })}
          </div>
        );
      })}
    </Stack>
  );
}
