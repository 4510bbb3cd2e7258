import type { SurveyTargetKind } from '@app/contracts/surveys';
import { Anchor, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { QueryState } from '../../../ui/QueryState';
import { QrCodeImage } from '../share/QrCodeImage';
import type { TargetLink } from '@app/contracts/targets';
import { downloadTargetQr, fetchTargetLink } from './targets.api';
import { useTargetsT } from './targets-i18n';
import { LabelValue } from '../../../ui/LabelValue';

interface Opened {
  kind: SurveyTargetKind;
  id: number;
  name: string;
}

/**
 * The QR code of an evaluable object in a dialog: the code drawn from its public link,
 * the link to copy, PNG and SVG downloads (the server's files, for print shops).
 * `open(kind, id, name)` fits a list's row action.
 */
export function useTargetQr() {
  const [opened, setOpened] = useState<Opened | null>(null);
  return {
    open: (kind: SurveyTargetKind, id: number, name: string) => setOpened({ kind, id, name }),
    modal: <TargetQrModal opened={opened} onClose={() => setOpened(null)} />,
  };
}

function TargetQrModal({ opened, onClose }: { opened: Opened | null; onClose: () => void }) {
  const t = useTargetsT();
  return (
    <Modal opened={opened !== null} onClose={onClose} title={opened ? t('qr.title', { name: opened.name }) : ''} size="md">
      {opened ? <TargetQrContent target={opened} /> : null}
    </Modal>
  );
}

function TargetQrContent({ target }: { target: Opened }) {
  const t = useTargetsT();
  const { sid } = useCurrentSession();
  const link = useQuery({ queryKey: ['targets', sid, target.kind, target.id, 'link'], queryFn: () => fetchTargetLink(target.kind, target.id) });
  const download = useMutation({
    mutationFn: ({ data, format }: { data: TargetLink; format: 'png' | 'svg' }) => downloadTargetQr(data, format),
    onSuccess: (name) => showToast({ message: t('qr.downloaded', { name }), tone: 'success' }),
    onError: showError,
  });
  return (
    <QueryState isPending={link.isPending} error={link.error} onRetry={() => void link.refetch()}>
      {link.data ? (
        <Stack gap="sm" align="stretch" data-testid="target-qr">
          <Text size="sm">{t('qr.intro', { name: link.data.name })}</Text>
          <Group justify="center">
            <QrCodeImage value={link.data.url} size={240} alt={t('qr.imageAlt', { name: link.data.name })} />
          </Group>
          <Text size="sm" ta="center">
            <LabelValue label={t('qr.code')}><b data-testid="target-qr-code">{link.data.code}</b></LabelValue>
          </Text>
          <TextInput label={t('qr.link')} value={link.data.url} readOnly data-testid="target-qr-url" />
          <Group gap="xs" justify="space-between">
            <CopyButton value={link.data.url} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" onClick={copy}>
                  {copied ? t('qr.copied') : t('qr.copy')}
                </Button>
              )}
            </CopyButton>
            <Group gap="xs">
              {(['png', 'svg'] as const).map((format) => (
                <Button
                  key={format}
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={download.isPending && download.variables?.format === format}
                  onClick={() => download.mutate({ data: link.data!, format })}
                  data-testid={`target-qr-${format}`}
                >
                  {t(`qr.${format}`)}
                </Button>
              ))}
            </Group>
          </Group>
          <Anchor href={link.data.path} target="_blank" rel="noopener" size="sm">
            {t('qr.open')}
          </Anchor>
        </Stack>
      ) : null}
    </QueryState>
  );
}
