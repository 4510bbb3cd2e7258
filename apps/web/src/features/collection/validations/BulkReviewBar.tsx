import type { BulkReviewAction } from '@app/contracts/bulk-review';
import type { QueryObject } from '@app/contracts/query-object';
import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { bulkReview } from '../../tenancy/overview/scores.api';
import { useScoresT } from '../../tenancy/overview/scores-i18n';

const LABELS: Record<BulkReviewAction, 'bulkCheck' | 'bulkUncheck' | 'bulkValidate'> = { check: 'bulkCheck', uncheck: 'bulkUncheck', validate: 'bulkValidate' };
const COLORS: Record<BulkReviewAction, string> = { check: 'violet', uncheck: 'gray', validate: 'teal' };

/**
 * Check, uncheck or validate every participation matching the list's filters: a dry run
 * counts them first and the confirmation names the count; nothing runs when none is eligible.
 */
export function BulkReviewBar({ query, can }: { query: QueryObject; can: (action: BulkReviewAction) => boolean }) {
  const { t } = useScoresT();
  const [confirm, dialog] = useConfirm();
  const client = useQueryClient();
  const [busy, setBusy] = useState<BulkReviewAction | null>(null);
  const actions = (['check', 'uncheck', 'validate'] as const).filter(can);
  if (actions.length === 0) return null;

  const run = async (action: BulkReviewAction) => {
    setBusy(action);
    try {
      const count = await bulkReview(action, query, true);
      if (count.eligible === 0) {
        showToast({ message: t('bulkNothing'), tone: 'warning' });
        return;
      }
      const skipped = count.matched - count.eligible;
      const answer = await confirm({
        title: t('bulkConfirmTitle'),
        message: (
          <>
            <span data-testid="bulk-count">{t(`bulkConfirm_${action}`, { count: count.eligible })}</span>
            {skipped > 0 ? <><br />{t('bulkSkipped', { count: skipped })}</> : null}
          </>
        ),
        confirmLabel: t(LABELS[action]),
        color: COLORS[action],
      });
      if (!answer.confirmed) return;
      const done = await bulkReview(action, query, false);
      showToast({ message: t(`bulkDone_${action}`, { count: done.changed }), tone: 'success' });
      await client.invalidateQueries();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xs" data-testid="bulk-review">
      {actions.map((action) => (
        <Button key={action} size="xs" variant={action === 'uncheck' ? 'default' : 'light'} color={COLORS[action]} loading={busy === action} disabled={busy !== null} onClick={() => void run(action)} data-testid={`bulk-${action}`}>
          {t(LABELS[action])}
        </Button>
      ))}
      {dialog}
    </Group>
  );
}
