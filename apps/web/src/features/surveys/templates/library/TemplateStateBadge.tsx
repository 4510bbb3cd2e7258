import type { TemplateState } from '@app/contracts/surveys';
import { Badge } from '@mantine/core';
import { useTplLibT } from './library-i18n';

const COLORS: Record<TemplateState, string> = { draft: 'gray', published: 'green', retired: 'orange' };

/** A template's state in words (never the raw value). */
export function TemplateStateBadge({ state }: { state: TemplateState | null }) {
  const t = useTplLibT();
  const value = state ?? 'published';
  return (
    <Badge color={COLORS[value]} variant="light" data-testid="template-state">
      {t(`state.${value}`)}
    </Badge>
  );
}
