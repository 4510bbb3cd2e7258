import { Button, Modal, MultiSelect, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { activeAgentOf } from '../../../lib/session/account-model';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';

interface AgentRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** "Nouvelle conversation": a direct one with an agent of the company, or a group with several (chatrooms.create). */
export function NewConversation({ sid }: { sid: string }) {
  const { t } = useTranslation('messaging');
  const { account } = useCurrentSession();
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const [kind, setKind] = useState<'direct' | 'group'>('direct');
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const me = activeAgentOf(account)?.id;
  const allowed = account?.permissions?.['chatrooms.create'] === true && me !== undefined;
  const agents = useQuery({
    queryKey: ['messaging', scope, 'agents'],
    queryFn: () => api.list<AgentRow>('agents', { limit: 100 } as never),
    enabled: opened && allowed,
  });
  const create = useMutation({
    mutationFn: () => api.post<{ id: number; kind: string }>('chatrooms', { kind, name: kind === 'group' && name.trim() ? name.trim() : undefined, agent_ids: members.map(Number) }),
    onSuccess: (room) => {
      close();
      setMembers([]);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['messaging'] });
      navigate(`/${sid}/conversations/${room.kind}/${room.id}`);
    },
    onError: (error) => showError(error),
  });
  if (!allowed) return null;
  const options = (agents.data?.data ?? [])
    .filter((a) => a.id !== me)
    .map((a) => ({ value: String(a.id), label: [a.first_name, a.last_name].filter(Boolean).join(' ') || a.email || `#${a.id}` }));
  return (
    <>
      <Button size="xs" variant="light" onClick={open} data-testid="new-conversation">
        {t('newConversation')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('newConversation')}>
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(value) => {
              setKind(value as 'direct' | 'group');
              setMembers([]);
            }}
            data={[
              { value: 'direct', label: t('kinds.direct') },
              { value: 'group', label: t('kinds.group') },
            ]}
          />
          {kind === 'group' ? <TextInput label={t('roomName')} value={name} onChange={(e) => setName(e.currentTarget.value)} /> : null}
          <MultiSelect
            label={t('members')}
            data={options}
            value={members}
            onChange={(value) => setMembers(kind === 'direct' ? value.slice(-1) : value)}
            searchable
            nothingFoundMessage={t('noRoom')}
          />
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={members.length === 0}>
            {t('startConversation')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
