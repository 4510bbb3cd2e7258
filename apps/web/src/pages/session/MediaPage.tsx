import { Alert, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { fetchApiFile, saveBlob } from '../../features/surveys/api/download';
import { useDocumentTitle } from '../../lib/document-title.hook';

/**
 * /{sid}/medias/{id}: an answer's file, as the links of exports (xlsx, csv, PDF) open it.
 * The API serves the bytes only with the account's credentials and its read rules
 * (company members, uploader, key holder), so a plain link cannot point at it; this page
 * fetches it with the session and shows an image, or offers the download.
 */
export function MediaPage() {
  const { t } = useTranslation('session');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key');
  useDocumentTitle(t('mediaTitle'));
  const file = useQuery({
    queryKey: ['media-file', id, key],
    queryFn: () => fetchApiFile(`medias/${encodeURIComponent(id)}/content`, { fallbackName: `fichier-${id}`, ...(key && { query: { key } }) }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const src = useMemo(() => (file.data?.blob.type.startsWith('image/') ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  if (file.isPending) {
    return (
      <Group gap="sm" data-testid="media-loading">
        <Loader size="sm" />
        <Text>{t('mediaLoading')}</Text>
      </Group>
    );
  }
  if (file.isError) {
    return (
      <Alert color="red" title={t('mediaTitle')} data-testid="media-error">
        {t('mediaNotFound')}
      </Alert>
    );
  }
  const { blob, name } = file.data;
  return (
    <Stack gap="md" data-testid="media-page">
      <Title order={1} size="h3" data-testid="media-name">
        {name}
      </Title>
      {src ? <Image src={src} alt={name} maw={720} radius="sm" data-testid="media-image" /> : null}
      <Group>
        <Button leftSection={<IconDownload size={16} />} onClick={() => saveBlob(blob, name)} data-testid="media-download">
          {t('mediaDownload')}
        </Button>
      </Group>
    </Stack>
  );
}
