import { Anchor, Badge, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { showError } from '../../../lib/show-error';
import { downloadApiFile, fetchApiFile } from '../../surveys/api/download';
import type { ParticipationAnswer, Step } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';

/** An uploaded image shown inline: the API serves it only with the account's credentials. */
export function ProtectedImage({ url, alt, maw = 240 }: { url: string; alt: string; maw?: number }) {
  const file = useQuery({ queryKey: ['media-blob', url], queryFn: () => fetchApiFile(url, { fallbackName: 'image' }), staleTime: Number.POSITIVE_INFINITY });
  const src = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return src ? <Image src={src} alt={alt} maw={maw} radius="sm" /> : null;
}

function isPoint(value: unknown): value is { latitude: number; longitude: number } {
  return typeof value === 'object' && value !== null && typeof (value as { latitude?: unknown }).latitude === 'number';
}

/** The answers of a participation grouped by step, as labels (the server's `display`). */
export function AnswerList({ answers, steps }: { answers: ParticipationAnswer[]; steps: Step[] }) {
  const { t } = useSurveysT();
  const titles = new Map(steps.map((s) => [s.id, s.title]));
  const groups: Array<{ stepId: number | null; answers: ParticipationAnswer[] }> = [];
  for (const answer of answers) {
    const last = groups[groups.length - 1];
    if (last && last.stepId === answer.step_id) last.answers.push(answer);
    else groups.push({ stepId: answer.step_id, answers: [answer] });
  }
  if (answers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('participation.noAnswers')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="answer-list">
      {groups.map((group) => (
        <Stack key={`${group.stepId ?? 'none'}-${group.answers[0].question_id}`} gap="xs">
          {group.stepId !== null && titles.get(group.stepId) ? (
            <Title order={3} size="h5">
              {titles.get(group.stepId)}
            </Title>
          ) : null}
          {group.answers.map((answer) => (
            <Stack key={answer.question_id} gap={2} data-testid="answer-item">
              <Text size="sm" fw={600}>
                {answer.label}
              </Text>
              {!answer.answered ? (
                <Badge variant="light" color="gray" size="sm">
                  {t('participation.notAnswered')}
                </Badge>
              ) : answer.media ? (
                <Group gap="xs" align="flex-start">
                  {answer.media.mime.startsWith('image/') ? <ProtectedImage url={answer.media.url} alt={answer.label} /> : null}
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={() =>
                      void downloadApiFile(answer.media!.url, { fallbackName: answer.media!.original_name ?? `fichier-${answer.media!.id}` }).catch(showError)
                    }
                  >
                    {answer.media.original_name ?? t('participation.openFile')}
                  </Button>
                </Group>
              ) : isPoint(answer.value) ? (
                <Anchor
                  href={`https://www.openstreetmap.org/?mlat=${answer.value.latitude}&mlon=${answer.value.longitude}#map=17/${answer.value.latitude}/${answer.value.longitude}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  <Group gap={4} component="span">
                    <IconMapPin size={14} />
                    {answer.display || `${answer.value.latitude}, ${answer.value.longitude}`}
                  </Group>
                </Anchor>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {answer.display}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
