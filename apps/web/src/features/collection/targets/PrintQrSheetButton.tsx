import type { SurveyTargetKind } from '@app/contracts/surveys';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { downloadTargetSheet } from './targets.api';
import { useTargetsT } from './targets-i18n';

/** Downloads the printable PDF of QR codes of `kind`: a site's, or the given ids, or all. */
export function PrintQrSheetButton({ kind, siteId, ids, label }: { kind: SurveyTargetKind; siteId?: number; ids?: number[]; label?: string }) {
  const t = useTargetsT();
  const sheet = useMutation({
    mutationFn: () => downloadTargetSheet(kind, { siteId, ids }),
    onSuccess: (name) => showToast({ message: t('qr.downloaded', { name }), tone: 'success' }),
    onError: showError,
  });
  return (
    <Button variant="default" leftSection={<IconPrinter size={16} />} loading={sheet.isPending} onClick={() => sheet.mutate()} data-testid={`qr-sheet-${kind}`}>
      {label ?? t('qr.printSheet')}
    </Button>
  );
}
