import { Anchor } from '@mantine/core';
import { API_PREFIX } from '@app/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { requestSessionOf } from '../../lib/session/account-model';
import { useCurrentSession } from '../../lib/session/use-session';

/**
 * A file of a message or broadcast, fetched with the account's bearer (an `<img src>`
 * cannot send it) and shown from a blob URL: images inline, other files as a link.
 */
export function MediaFile({ id, mime, name }: { id: number; mime: string; name: string }) {
  const { account } = useCurrentSession();
  const blob = useQuery({
    queryKey: ['media-blob', id],
    enabled: Boolean(account),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const session = requestSessionOf(account!);
      const headers: Record<string, string> = { Authorization: `Bearer ${session.token}`, userID: String(session.userId) };
      if (session.agentId) headers['Agent-id'] = String(session.agentId);
      const response = await fetch(`${API_PREFIX}/medias/${id}/content`, { headers });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    },
  });
  if (mime.startsWith('image/')) {
    return blob.data ? <img src={blob.data} alt={name} style={{ maxWidth: '100%', maxHeight: 240, display: 'block' }} data-testid="message-image" /> : null;
  }
  return (
    <Anchor href={blob.data} download={name} size="sm">
      {name}
    </Anchor>
  );
}
