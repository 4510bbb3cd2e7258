import { Badge } from '@mantine/core';
import { useCatalogueT } from './catalogue-i18n';

/** Active or deactivated (hidden from new choices); `feminine` for a category (« Active » / « Désactivée »). */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const t = useCatalogueT();
  const label = active ? t(feminine ? 'common.activeFemale' : 'common.active') : t(feminine ? 'common.inactiveFemale' : 'common.inactive');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" data-active={active}>
      {label}
    </Badge>
  );
}
