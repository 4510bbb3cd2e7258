import { agentRoom } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocketTestApp, type SocketTestApp } from '../../test/socket-app';
import type { Session } from '../tenancy/companies/tenancy.test-support';
import { buildSupervision, evaluate } from './supervision.test-support';

// Real sockets: report.created reaches the agent rooms of the report's company, never another's.
let t: SocketTestApp;

beforeAll(async () => {
  t = await openSocketTestApp();
});
afterAll(() => t?.close());

const socketOf = (session: Session) => t.signedInClient(session.token, session.agentId);

describe('report events', () => {
  it('report.created and the evaluation notice go to the owner and the supervisor of the company, not to another company', async () => {
    const a = await buildSupervision(t, 'Alpha Live Supervision');
    const b = await buildSupervision(t, 'Beta Live Supervision');
    const [owner, supervisor, stranger] = await Promise.all([socketOf(a.session), socketOf(a.supervisor), socketOf(b.session)]);
    const from = [owner.events.length, supervisor.events.length, stranger.events.length];

    const p = await evaluate(t, a.supervisor, a.survey, { kind: 'site', id: a.site.id }, 5);
    const toOwner = await owner.next('report.created', from[0]);
    expect(toOwner.room).toBe(agentRoom(a.company.agent_id));
    expect(toOwner.data).toMatchObject({
      monitor_id: a.monitor.id,
      agent_id: a.supervisor.agentId,
      participation_id: p.id,
      agent: { name: expect.stringContaining('Paul') },
      monitor: { target: 'site', monitorable: { name: a.site.name } },
    });
    const toSupervisor = await supervisor.next('report.created', from[1]);
    expect(toSupervisor.room).toBe(agentRoom(a.supervisor.agentId!));
    const notice = await owner.next('notification.created', from[0]);
    expect(notice.data).toMatchObject({ kind: 'evaluation', title: expect.stringContaining(`a évalué le site ${a.site.name}`) });

    // A marker in the product room: once the stranger has it, anything sent before has arrived.
    const mark = stranger.events.length;
    t.app.events.publish('broadcast.created', 'enquetes', { id: 0 });
    await stranger.next('broadcast.created', mark);
    const strangerNames = stranger.events.slice(from[2]).map((e) => e.name);
    expect(strangerNames).not.toContain('report.created');
    expect(strangerNames).not.toContain('notification.created');
  });

  it('one evaluation raises one message for its author and owner: the "a évalué" card, no contribution notice besides', async () => {
    const a = await buildSupervision(t, 'Gamma Live Supervision');
    const owner = await socketOf(a.session);
    const from = owner.events.length;
    await evaluate(t, a.supervisor, a.survey, { kind: 'site', id: a.site.id }, 4);
    await owner.next('report.created', from);
    await owner.next('notification.created', from);
    // A marker in the product room: once it is in, everything sent before has arrived.
    const mark = owner.events.length;
    t.app.events.publish('broadcast.created', 'enquetes', { id: 0 });
    await owner.next('broadcast.created', mark);
    const heard = owner.events.slice(from);
    expect(heard.filter((e) => e.name === 'contribution.created')).toHaveLength(0);
    const notices = heard.filter((e) => e.name === 'notification.created');
    expect(notices.map((e) => (e.payload as any).data.kind)).toEqual(['evaluation']);
  });
});
