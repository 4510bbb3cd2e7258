import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { publicSurveyUrl } from './qr';
import { QrCodeImage } from './QrCodeImage';

/**
 * What `/qrcode-preview` shows: `?url=` (an http or https address) or `?code=` (a
 * survey code, turned into its public link), with an optional `?title=`. Other schemes
 * are refused so the page never vouches for a `javascript:` or `data:` address.
 */
export function readQrTarget(search: URLSearchParams, origin: string): { url: string; title: string | null } | null {
  const title = search.get('title')?.trim().slice(0, 200) || null;
  const code = search.get('code')?.trim();
  if (code && /^[A-Za-z0-9]{4,16}$/.test(code)) return { url: publicSurveyUrl(code, origin), title };
  const raw = search.get('url')?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { url: url.toString(), title } : null;
  } catch {
    return null;
  }
}

/** A large QR code for printing, with its address written under it. */
export function QrPrintView() {
  const { t } = useSurveysT();
  const [search] = useSearchParams();
  const target = readQrTarget(search, window.location.origin);
  useDocumentTitle(target?.title ?? t('qrPreview.title'));
  if (!target) {
    return (
      <Center mih="60dvh" p="md">
        <Alert color="yellow" data-testid="qr-preview-missing">
          {t('qrPreview.missing')}
        </Alert>
      </Center>
    );
  }
  return (
    <Center mih="100dvh" p="md" data-testid="qr-preview">
      <style>{'@media print { .qr-no-print { display: none !important; } @page { margin: 12mm; } }'}</style>
      <Stack align="center" gap="md">
        {target.title ? (
          <Title order={1} ta="center">
            {target.title}
          </Title>
        ) : null}
        <Text size="lg" fw={600}>
          {t('qrPreview.scan')}
        </Text>
        <QrCodeImage value={target.url} size={Math.min(512, Math.max(240, Math.floor(window.innerWidth * 0.8)))} alt={t('share.qrAlt', { url: target.url })} />
        <Text ff="monospace" size="sm" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="qr-preview-url">
          {target.url}
        </Text>
        <Group className="qr-no-print">
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('qrPreview.print')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
