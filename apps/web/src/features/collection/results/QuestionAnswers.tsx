import type { QuestionAnswerEntry } from '@app/contracts/survey-results';
import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { inSession } from '../../../lib/session/session-id';
import { useCurrentSession } from '../../../lib/session/use-session';
import type { ResultsWindow } from '../../surveys/api/results.api';
import { useQuestionAnswers } from '../../surveys/survey-queries';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { formatDateTime } from '../../../ui/format';
import { ProtectedImage } from '../participations/AnswerList';

/** Questions whose answers are read one by one rather than counted: text, time, files. */
const LISTED_TYPES = new Set(['short_text', 'long_text', 'email', 'phone', 'time', 'file', 'photo', 'signature']);
const GALLERY_TYPES = new Set(['photo', 'signature']);
const PAGE_SIZE = 10;

export function hasListedAnswers(type: string): boolean {
  return LISTED_TYPES.has(type);
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useSurveysT();
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="answers-previous">
        {t('results.previous')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('results.pageOf', { page, pages })}
      </Text>
      <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="answers-next">
        {t('results.next')}
      </Button>
    </Group>
  );
}

function Gallery({ entries, sid }: { entries: QuestionAnswerEntry[]; sid: string }) {
  const { t } = useSurveysT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="answers-gallery">
      {entries.map((entry) =>
        entry.media ? (
          <Anchor key={entry.participation_id} component={Link} to={inSession(sid, `/medias/${entry.media.id}`)} data-testid="gallery-photo">
            <ProtectedImage url={`medias/${entry.media.id}/content`} alt={t('results.photoAlt', { id: entry.participation_id })} maw={200} />
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.submitted_at)}
            </Text>
          </Anchor>
        ) : null,
      )}
    </SimpleGrid>
  );
}

function AnswerTable({ entries, sid }: { entries: QuestionAnswerEntry[]; sid: string }) {
  const { t } = useSurveysT();
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="answers-list">
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.participation_id} data-testid="answer-entry">
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {entry.media ? (
                <Anchor component={Link} to={inSession(sid, `/medias/${entry.media.id}`)} title={t('results.openFile')}>
                  {entry.display}
                </Anchor>
              ) : (
                entry.display
              )}
            </Table.Td>
            <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {entry.respondent ?? t('results.anonymousRespondent')}
              <br />
              {formatDateTime(entry.submitted_at)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The latest answers of a text, time or file question (newest first, ten a page,
 * searchable), and for photos and signatures a gallery. An anonymous survey's answers
 * come without names from the server; they read "Anonyme".
 */
export function QuestionAnswers({ surveyId, questionId, type, window }: { surveyId: number; questionId: number; type: string; window: ResultsWindow }) {
  const { t } = useSurveysT();
  const { sid } = useCurrentSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const answers = useQuestionAnswers(surveyId, questionId, { window, page, limit: PAGE_SIZE, search: debounced });
  const entries = answers.data?.data ?? [];
  const total = answers.data?.meta?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const gallery = GALLERY_TYPES.has(type);
  return (
    <Stack gap="xs" data-testid="question-answers">
      <Text size="sm" fw={600}>
        {gallery ? t('results.gallery') : t('results.latest')}
      </Text>
      {gallery ? null : (
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t('results.searchAnswers')}
          aria-label={t('results.searchAnswers')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="answers-search"
        />
      )}
      {answers.isSuccess && entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('results.noMatch')}
        </Text>
      ) : gallery ? (
        <Gallery entries={entries} sid={sid} />
      ) : (
        <AnswerTable entries={entries} sid={sid} />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Stack>
  );
}
