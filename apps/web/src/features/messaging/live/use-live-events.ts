import { agentRoom, chatroomRoom, type NotificationCreatedData } from '@app/contracts/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { activeAgentOf, isAdmin } from '../../../lib/session/account-model';
import type { StoredAccount } from '../../../lib/session/account.types';
import { accounts } from '../../../lib/session/account-store';
import { notifySessionEnded } from '../../../lib/session/session-events';
import { renewSession } from '../../../lib/session/session-service';
import { acceptsEvent } from '../../../lib/socket/event-filter';
import { connectLive, type LiveConnection, type LiveState } from '../../../lib/socket/live-client';
import { invalidateOnInvoiceEvent } from '../../commerce/invoice-live';
import { isJoinRequest } from '../../tenancy/company/join-decision';
import { showLiveToast } from './live-toasts';

const MESSAGING_EVENTS = new Set<string>(['notification.created', 'broadcast.created', 'message.created', 'message.read', 'invitation.sent', 'contributor.created', 'contribution.created', 'contribution.updated']);

/** The open live channel of each session in this page, for screens that leave a room (a conversation). */
const liveConnections = new Map<string, LiveConnection>();

/** Tells the server this session no longer listens to a conversation it left. */
export function leaveChatroomRoom(sid: string, chatroomId: number): void {
  liveConnections.get(sid)?.leave([chatroomRoom(chatroomId)]);
}

function credentialsOf(sid: string) {
  const account = accounts.get(sid);
  if (!account) return null;
  return { token: account.sessionInfo.key, agentId: isAdmin(account) ? null : (activeAgentOf(account)?.id ?? null) };
}

/**
 * Keeps the live channel of the account shown in this page: connected after sign-in,
 * authenticated again when the token is renewed or another company becomes active,
 * closed when the account goes. Events are filtered against the account as it is at
 * the moment they arrive.
 */
export function useLiveEvents(sid: string, account: StoredAccount | null): LiveState {
  const live = useRef<LiveConnection | null>(null);
  const [state, setState] = useState<LiveState>('disconnected');
  const queryClient = useQueryClient();
  const userId = account?.usr.id;

  useEffect(() => {
    if (!userId) return;
    const connection = connectLive({
      credentials: () => credentialsOf(sid),
      onStateChange: (next) => {
        setState(next);
        // Authenticated (first time, after a reconnect, or again for another agent): the
        // socket is in its rooms only from now on, so what was published while it was
        // not (a broadcast sent during the join) is fetched instead of waited for.
        if (next === 'authenticated') void queryClient.invalidateQueries({ queryKey: ['messaging'] });
      },
      onEvent: (name, message, productRoom) => {
        const current = accounts.get(sid);
        if (!current) return;
        const who = {
          userId: current.usr.id,
          agentId: activeAgentOf(current)?.id ?? null,
          productRoom,
          chatroomIds: (current.usr.chatrooms ?? []).map((room) => room.id),
        };
        if (!acceptsEvent(name, message.room, who)) return;
        showLiveToast(sid, name, message.data);
        if (name === 'invitation.sent') void queryClient.invalidateQueries({ queryKey: ['invitations', 'mine', sid] });
        // New answers: the survey screens (participations, results) refetch what they show.
        // An evaluation is told by its "a évalué" card alone (no contribution event besides).
        const evaluation = name === 'notification.created' && (message.data as { kind?: string } | null)?.kind === 'evaluation';
        if (name === 'contribution.created' || name === 'contribution.updated' || evaluation) void queryClient.invalidateQueries({ queryKey: ['surveys'] });
        // A report: the monitors, their reports and the timeline show it.
        if (name === 'report.created' || name === 'report.updated') {
          void queryClient.invalidateQueries({ queryKey: ['supervision'] });
          void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'resource' && (q.queryKey[2] === 'monitors' || q.queryKey[2] === 'reports') });
        }
        // A request to join: the approvals list and the overview's pending count show it.
        if (name === 'notification.created' && isJoinRequest(message.data as NotificationCreatedData)) {
          void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'overview' || (q.queryKey[0] === 'resource' && q.queryKey[2] === 'approvals') });
        }
        // The bell, the conversations and the diffusions show what just happened.
        if (MESSAGING_EVENTS.has(name)) void queryClient.invalidateQueries({ queryKey: ['messaging'] });
        invalidateOnInvoiceEvent(queryClient, name);
      },
      onAuthError: (error) => {
        if (error.status === 498) {
          void renewSession(sid, credentialsOf(sid)?.token).then((renewed) => renewed && connection.authenticate());
        } else if (error.status === 401 || error.status === 499) {
          accounts.dispatch(sid, { type: 'failed', status: error.status });
          notifySessionEnded(sid);
        }
      },
    });
    live.current = connection;
    liveConnections.set(sid, connection);
    return () => {
      connection.close();
      live.current = null;
      if (liveConnections.get(sid) === connection) liveConnections.delete(sid);
      setState('disconnected');
    };
  }, [sid, userId, queryClient]);

  const token = account?.sessionInfo.key;
  const agentId = account ? activeAgentOf(account)?.id : undefined;
  // A renewed token or a switched company: the server must know (rooms of the new agent).
  const credentialsKey = token ? `${token}|${agentId ?? ''}` : null;
  const previousAgent = useRef(agentId);
  useEffect(() => {
    if (!credentialsKey) return;
    // Another company: the previous agent's room is left first (leave:room), then the
    // new agent's rooms come with the new auth.
    const before = previousAgent.current;
    previousAgent.current = agentId;
    if (before != null && before !== agentId) live.current?.leave([agentRoom(before)]);
    live.current?.authenticate();
  }, [credentialsKey, agentId]);

  return state;
}
