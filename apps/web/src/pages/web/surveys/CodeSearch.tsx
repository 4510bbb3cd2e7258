import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type CodeTarget, resolveCode } from '../../../features/collection/answering/answering.api';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { answerPath } from './survey-paths';

/** "Code de l'entreprise ou du formulaire": a survey code opens it, a company code lists its open surveys. */
export function CodeSearch({ sid }: { sid: string }) {
  const { t } = useAnsweringT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const search = useMutation({
    mutationFn: resolveCode,
    onSuccess: (target: CodeTarget | null) => {
      if (target?.type === 'survey') navigate(answerPath(sid, target.survey.code));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) search.mutate(code);
  };
  const company = search.data?.type === 'company' ? search.data : null;
  return (
    <Card withBorder padding="md">
      <form onSubmit={onSubmit}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('codeLabel')}
            description={t('codeHelp')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoCapitalize="characters"
            autoComplete="off"
            style={{ flex: '1 1 14rem' }}
            size="md"
          />
          <Button type="submit" size="md" loading={search.isPending}>
            {t('codeSearch')}
          </Button>
        </Group>
      </form>
      {search.isError ? (
        <Alert color="red" mt="sm" role="alert">
          {search.error.message}
        </Alert>
      ) : null}
      {search.isSuccess && search.data === null ? (
        <Alert color="yellow" mt="sm" role="alert">
          {t('codeNotFound')}
        </Alert>
      ) : null}
      {company ? (
        <Stack gap="xs" mt="md" data-testid="company-surveys">
          <Title order={3} size="h5">
            {t('openSurveysOf', { company: company.company.name })}
          </Title>
          {company.surveys.length === 0 ? <Text c="dimmed">{t('noOpenSurvey')}</Text> : null}
          {company.surveys.map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{s.title}</Text>
                {s.description ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {s.description}
                  </Text>
                ) : null}
              </Stack>
              <Anchor component={Link} to={answerPath(sid, s.code)}>
                {t('answer')}
              </Anchor>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}
