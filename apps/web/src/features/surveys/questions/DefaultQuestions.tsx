import { SURVEY_TARGET_KINDS, type SurveyTargetKind } from '@app/contracts/surveys';
import { Badge, Button, EmptyState, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { listDefaultQuestions } from '../api/default-questions.api';
import { deleteQuestion, duplicateQuestion, updateQuestion } from '../api/structure.api';
import { sortByPosition } from '../builder/builder-logic';
import { describeCondition } from '../builder/condition-summary';
import { QuestionCard } from '../builder/QuestionCard';
import { QuestionEditor, type QuestionTarget } from '../builder/QuestionEditor';
import { useCan } from '../survey-abilities';
import { questionPath } from '../survey-paths';
import { surveyKeys, useSurveyScope } from '../survey-queries';
import { useSurveyMutation } from '../survey-mutation';
import type { Question } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { QueryState } from '../../../ui/QueryState';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';
import { useCategoryTree } from '../../reference/catalogue-api';
import { CategorySelect } from '../../reference/categories/CategorySelect';
import { categorySubtreeIds } from '../../reference/categories/category-subtree';

const isKind = (v: string | null): v is SurveyTargetKind => v !== null && (SURVEY_TARGET_KINDS as readonly string[]).includes(v);

/**
 * The question bank of section 2 (`{action}/questions`): the questions every new
 * evaluation of a target kind starts with. The company's own are editable; the
 * platform's apply while the company has none for that kind.
 */
export interface PlatformDefaults {
  /** The kind of the address (mnt/surveys/{action}/questions/{type}). */
  kind: SurveyTargetKind;
  onKind: (kind: SurveyTargetKind) => void;
  title: string;
  subtitle: string;
}

/**
 * `platform` set: the back office's screen of the platform's own set (company null), which
 * the admin edits through the same editor; what a company without its own starts with.
 */
export function DefaultQuestions({ sid, platform: platformMode }: { sid: string; platform?: PlatformDefaults }) {
  const { t } = useSurveysT();
  const can = useCan();
  const scope = useSurveyScope();
  const [search, setSearch] = useSearchParams();
  const asked = platformMode ? platformMode.kind : search.get('kind');
  const kind: SurveyTargetKind = isKind(asked) ? asked : 'agent';
  const [target, setTarget] = useState<QuestionTarget | null>(null);
  const [category, setCategory] = useState<number | null>(null);
  const tree = useCategoryTree('question', true);
  // A category shows what is filed under it or under any category below it.
  const inCategory = useMemo(() => {
    if (category === null) return null;
    const ids = categorySubtreeIds(tree.data ?? [], category);
    return new Set(ids.length > 0 ? ids : [category]);
  }, [category, tree.data]);
  const [confirm, confirmDialog] = useConfirm();
  useDocumentTitle(platformMode ? platformMode.title : t('questionBank.title'));

  const list = useQuery({
    queryKey: [...surveyKeys.all(scope), 'defaults', kind, platformMode ? 'platform' : 'company'],
    queryFn: ({ signal }) => listDefaultQuestions(kind, signal, Boolean(platformMode)),
  });
  const all = list.data?.data ?? [];
  // In the back office the platform's set is the one edited ("own"); a company edits its own and reads the platform's.
  const own = useMemo(() => sortByPosition(all.filter((q) => (platformMode ? q.company_id === null : q.company_id !== null))), [all, platformMode]);
  const platform = useMemo(() => (platformMode ? [] : sortByPosition(all.filter((q) => q.company_id === null))), [all, platformMode]);
  // The filter narrows what is shown; placing and conditions still see the whole set.
  const shownOwn = useMemo(() => (inCategory ? own.filter((q) => q.category_id != null && inCategory.has(q.category_id)) : own), [own, inCategory]);
  const shownPlatform = useMemo(() => (inCategory ? platform.filter((q) => q.category_id != null && inCategory.has(q.category_id)) : platform), [platform, inCategory]);
  const byId = useMemo(() => new Map(all.map((q) => [q.id, q as Question])), [all]);
  const editable = can('questions.update');

  const swap = useSurveyMutation(async ({ a, b }: { a: Question; b: Question }) => {
    // Distinct positions even when both had the same one.
    const [first, second] = a.position === b.position ? [b.position + 1, a.position] : [b.position, a.position];
    await updateQuestion(a.id, { position: first });
    await updateQuestion(b.id, { position: second });
  }, { success: t('builder.reordered') });
  const remove = useSurveyMutation((id: number) => deleteQuestion(id), { success: t('builder.questionDeleted') });
  const duplicate = useSurveyMutation((id: number) => duplicateQuestion(id), { success: t('builder.questionDuplicated') });

  const editTarget = (question: Question | null): QuestionTarget => {
    const index = question ? own.findIndex((q) => q.id === question.id) : own.length;
    return { question, placement: { default_for: kind }, earlier: own.slice(0, index) };
  };

  const renderList = (questions: Question[], canEdit: boolean) => (
    <Stack gap="xs" component="ol" p={0} m={0}>
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          index={index}
          count={questions.length}
          editable={canEdit}
          busy={swap.isPending || remove.isPending || duplicate.isPending}
          conditionText={describeCondition(question.condition, byId, t)}
          brokenCondition={undefined}
          onMove={(delta) => {
            const other = questions[index + delta];
            if (other) swap.mutate({ a: question, b: other });
          }}
          onEdit={() => setTarget(editTarget(question))}
          onDuplicate={() => duplicate.mutate(question.id)}
          href={platformMode ? undefined : questionPath(sid, question.id)}
          onDelete={() =>
            void confirm({ message: t('builder.deleteQuestionConfirm', { label: question.label }), confirmLabel: t('common.delete') }).then(
              (answer) => answer.confirmed && remove.mutate(question.id),
            )
          }
        />
      ))}
    </Stack>
  );

  return (
    <Stack data-testid="default-questions">
      <PageBreadcrumbs items={[]} />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {platformMode ? platformMode.title : t('questionBank.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {platformMode ? platformMode.subtitle : t('questionBank.subtitle')}
          </Text>
        </div>
        {can('questions.create') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget(editTarget(null))}>
            {t('questionBank.add')}
          </Button>
        ) : null}
      </Group>
      <SegmentedControl
        aria-label={t('questionBank.targetFilter')}
        value={kind}
        onChange={(value) => (platformMode ? platformMode.onKind(value as SurveyTargetKind) : setSearch({ kind: value }))}
        data={SURVEY_TARGET_KINDS.map((k) => ({ value: k, label: t(`target.${k}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <CategorySelect
        type="question"
        label={t('questionBank.categoryFilter')}
        placeholder={t('questionBank.allCategories')}
        value={category}
        onChange={setCategory}
        maw={360}
        data-testid="default-questions-category"
      />
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {shownOwn.length === 0 && shownPlatform.length === 0 ? (
          <EmptyState icon={<IconListDetails size={28} />} title={inCategory ? t('questionBank.emptyCategory') : t('questionBank.empty')} />
        ) : null}
        {shownOwn.length > 0 ? renderList(shownOwn, editable) : null}
        {shownPlatform.length > 0 ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color="grape" variant="light">
                {t('questionBank.platform')}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('questionBank.readOnlyPlatform')}
              </Text>
            </Group>
            {renderList(shownPlatform, false)}
          </Stack>
        ) : null}
      </QueryState>
      <QuestionEditor target={target} onClose={() => setTarget(null)} />
      {confirmDialog}
    </Stack>
  );
}
