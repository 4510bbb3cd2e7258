import { surveyPublicPath } from '@app/contracts/surveys';
import { ActionIcon, Alert, Anchor, Button, CopyButton, Grid, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { activeAgentOf } from '../../../lib/session/account-model';
import { useAccount } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { downloadApiFile } from '../../surveys/api/download';
import { getSurveyLink } from '../../surveys/api/surveys.api';
import { surveyKeys, useSurveyScope } from '../../surveys/survey-queries';
import { QueryState } from '../../../ui/QueryState';
import type { Survey } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { QrCodeImage } from './QrCodeImage';
import { LabelValue } from '../../../ui/LabelValue';

/** Whether respondents reach the survey by its link right now (DOMAIN.md: published, active, available). */
export function isSurveyOpen(survey: Pick<Survey, 'status' | 'active' | 'availability'>): boolean {
  return survey.status === 'published' && survey.active && survey.availability === 'available';
}

/** The share tab: public link with copy, QR code preview, PNG/SVG download, print preview. */
export function SharePanel({ survey }: { survey: Survey }) {
  const { t } = useSurveysT();
  const account = useAccount();
  const scope = useSurveyScope();
  const link = useQuery({
    queryKey: [...surveyKeys.one(scope, survey.id), 'link'],
    queryFn: ({ signal }) => getSurveyLink(survey.id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = link.data?.url ?? '';
  const companyCode = account ? activeAgentOf(account)?.company.code : undefined;
  const download = useMutation({
    mutationFn: (format: 'png' | 'svg') =>
      downloadApiFile(`surveys/${survey.id}/qrcode.${format}`, {
        query: { download: '1', size: format === 'png' ? 1024 : 512 },
        fallbackName: `formulaire-${survey.code}.${format}`,
      }),
    onSuccess: (name) => showToast({ message: t('share.downloaded', { name }), tone: 'success' }),
    onError: showError,
  });
  const printHref = `/qrcode-preview?code=${encodeURIComponent(survey.code)}&title=${encodeURIComponent(survey.title)}`;

  return (
    <Stack data-testid="share-panel">
      {!isSurveyOpen(survey) ? (
        <Alert color="yellow" variant="light" data-testid="share-not-open">
          {t('share.notPublished', {
            status: [t(`status.${survey.status}`), survey.active ? null : t('detail.inactive'), survey.availability === 'available' ? null : t('detail.unavailable')]
              .filter(Boolean)
              .join(', ')
              .toLowerCase(),
          })}
        </Alert>
      ) : null}
      <QueryState isPending={link.isPending} error={link.error} onRetry={() => void link.refetch()}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Title order={2} size="h4">
                {t('share.title')}
              </Title>
              <TextInput
                label={t('share.link')}
                value={url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-link"
                rightSectionWidth={72}
                rightSection={
                  <Group gap={2} wrap="nowrap">
                    <CopyButton value={url} timeout={2000}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? t('share.copied') : t('share.copy')} withArrow>
                          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('share.copy')} data-testid="copy-link">
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                    <ActionIcon component="a" href={surveyPublicPath(survey.code)} target="_blank" rel="noopener" variant="subtle" color="gray" aria-label={t('share.open')}>
                      <IconExternalLink size={16} />
                    </ActionIcon>
                  </Group>
                }
              />
              <Text size="sm">
                <LabelValue label={t('share.code')}><b data-testid="share-code">{survey.code}</b></LabelValue>
              </Text>
              {companyCode ? (
                <Text size="sm" c="dimmed">
                  {t('share.companyCode', { code: companyCode })} — {t('share.companyCodeHint')}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Stack align="center">
              <Title order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
                {t('share.qr')}
              </Title>
              <QrCodeImage value={url} size={220} alt={t('share.qrAlt', { url })} />
              <Group justify="center" gap="xs">
                <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={download.isPending && download.variables === 'png'} onClick={() => download.mutate('png')} data-testid="download-png">
                  {t('share.downloadPng')}
                </Button>
                <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={download.isPending && download.variables === 'svg'} onClick={() => download.mutate('svg')} data-testid="download-svg">
                  {t('share.downloadSvg')}
                </Button>
              </Group>
              <Anchor href={printHref} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  <IconPrinter size={14} />
                  {t('share.print')}
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      </QueryState>
    </Stack>
  );
}
