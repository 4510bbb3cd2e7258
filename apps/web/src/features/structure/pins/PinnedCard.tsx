import { Anchor, Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useResourceList } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { QueryState, SkeletonLines } from '../../../ui/QueryState';
import { surveyPath } from '../../surveys/survey-paths';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { PINNED_CARD_HEIGHT } from './pinned-card-size';
import { type PinRow, pinsResource } from './pins';

/** Where a pinned object opens. */
function pinHref(sid: string, pin: PinRow): string {
  switch (pin.pinnable_type) {
    case 'sites':
      return structurePath.site(sid, pin.pinnable_id);
    case 'workspaces':
      return structurePath.workspace(sid, pin.pinnable_id);
    case 'groups':
      return structurePath.group(sid, pin.pinnable_id);
    case 'audiences':
      return structurePath.audience(sid, pin.pinnable_id);
    case 'pointerests':
      return structurePath.pole(sid, pin.pinnable_id);
    case 'contacts':
      return structurePath.contacts(sid, pin.label);
    case 'surveys':
      return surveyPath(sid, { id: pin.pinnable_id, type: pin.kind ?? 'form' });
  }
}

const QUERY = { limit: 50 };

/** The business home's "Épinglés" card: what the user pinned, newest first, each a link; fixed height. */
export function PinnedCard() {
  const t = useStructureT();
  const { sid } = useCurrentSession();
  const pins = useResourceList(pinsResource, QUERY);
  const rows = pins.data?.data ?? [];
  return (
    <Card withBorder padding="md" h={PINNED_CARD_HEIGHT} style={{ display: 'flex', flexDirection: 'column' }} data-testid="pinned-card">
      <Group gap="xs" mb="xs">
        <IconPin size={18} aria-hidden />
        <Title order={2} size="h4">
          {t('pins.title')}
        </Title>
      </Group>
      {/* The list scrolls inside the card's fixed height; its links are reachable by Tab. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <QueryState isPending={pins.isPending} error={pins.error} onRetry={() => pins.refetch()} skeleton={<SkeletonLines lines={3} />}>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="pinned-empty">
            {t('pins.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((pin) => (
              <Group key={pin.id} gap="xs" wrap="nowrap" data-testid="pinned-item">
                <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {t(`pins.types.${pin.pinnable_type}`)}
                </Badge>
                <Anchor component={Link} to={pinHref(sid, pin)} lineClamp={1}>
                  {pin.label}
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      </Box>
    </Card>
  );
}
