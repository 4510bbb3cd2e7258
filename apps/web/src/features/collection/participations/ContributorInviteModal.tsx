import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type AgentOption, inviteContributors, searchAgents } from '../../surveys/api/participations.api';
import { useSurveyScope } from '../../surveys/survey-queries';
import { useSurveyMutation } from '../../surveys/survey-mutation';
import type { Step } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { agentLabel } from './agent-label';

interface InviteModalProps {
  opened: boolean;
  participationId: number;
  steps: Step[];
  onClose: () => void;
}

/** Invites agents of the company to fill a participation, optionally only some of its steps. */
export function ContributorInviteModal({ opened, participationId, steps, onClose }: InviteModalProps) {
  const { t } = useSurveysT();
  const scope = useSurveyScope();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [stepIds, setStepIds] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, AgentOption>>(new Map());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setAgentIds([]);
    setStepIds([]);
    setError(null);
    setSearch('');
  }, [opened]);

  const agents = useQuery({
    queryKey: ['agents', scope, 'picker', debounced],
    queryFn: ({ signal }) => searchAgents(debounced, signal),
    enabled: opened,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!agents.data) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const agent of agents.data) next.set(String(agent.id), agent);
      return next;
    });
  }, [agents.data]);

  const options = useMemo(() => {
    const shown = new Map<string, AgentOption>();
    for (const id of agentIds) {
      const agent = known.get(id);
      if (agent) shown.set(id, agent);
    }
    for (const agent of agents.data ?? []) shown.set(String(agent.id), agent);
    return [...shown.values()].map((agent) => ({ value: String(agent.id), label: agentLabel(agent) }));
  }, [agents.data, agentIds, known]);

  const invite = useSurveyMutation(inviteContributors, {
    success: (created) => t('contributors.invited', { count: created.length }),
    onSuccess: onClose,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (agentIds.length === 0) return setError(t('contributors.agentsRequired'));
    invite.mutate({ participation_id: participationId, agent_ids: agentIds.map(Number), step_ids: stepIds.map(Number) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('contributors.invite')} centered>
      <form onSubmit={submit} data-testid="contributor-invite">
        <Stack>
          <MultiSelect
            label={t('contributors.agents')}
            placeholder={t('contributors.agentsPlaceholder')}
            data={options}
            value={agentIds}
            onChange={(values) => {
              setAgentIds(values);
              setError(null);
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server already filtered by the search text.
            filter={({ options: all }) => all}
            nothingFoundMessage={agents.isFetching ? t('common.loading') : undefined}
            error={error}
            required
          />
          <MultiSelect
            label={t('contributors.steps')}
            description={t('contributors.stepsHelp')}
            placeholder={stepIds.length ? undefined : t('contributors.allSteps')}
            data={steps.map((s) => ({ value: String(s.id), label: s.title }))}
            value={stepIds}
            onChange={setStepIds}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('contributors.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
