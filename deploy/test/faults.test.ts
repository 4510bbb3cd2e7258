// The fault suite in its short form (CI): every fault injected once with brief healthy
// traffic around it. Counts of failed requests and recovery times are printed, not
// asserted (they depend on the machine); what is asserted is that service comes back,
// that no participation is lost or stored twice, and that no request was answered 500 (an
// outage is 503 with Retry-After, a full disk 507).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { internalErrors, markdownTable, runFaultSuite } from './faults';
import { HAPROXY_BIN } from './processes';

const haproxy = existsSync(HAPROXY_BIN);
const redisServer = spawnSync('redis-server', ['--version']).status === 0;
const missing = [!haproxy && `HAProxy (${HAPROXY_BIN})`, !redisServer && 'redis-server'].filter(Boolean);
const title = missing.length ? `fault suite — SKIPPED: no ${missing.join(', no ')}` : 'fault suite (short form)';

describe.skipIf(missing.length > 0)(title, () => {
  it('kills a process, stops PostgreSQL for 10 s, restarts Redis and fills the upload disk: nothing lost, nothing twice, service back', async () => {
    const results = await runFaultSuite({ settleS: 5, submitters: 4 });
    console.log(markdownTable(results));
    expect(results.map((r) => r.fault).slice(0, 3)).toEqual(['SIGKILL of one API process', 'PostgreSQL stopped for 10 s', 'Redis restarted']);
    for (const r of results) {
      expect(r.participations, r.fault).toMatchObject({ lost: 0, duplicated: 0, stored: r.participations.submitted });
      expect(r.participations.answers, r.fault).toBe(r.participations.submitted * 20);
      expect(r.participations.participants, r.fault).toBe(r.participations.submitted);
      // Service came back: every kind of request succeeded after the fault.
      expect(r.succeeded.submissions, r.fault).toBeGreaterThan(0);
      expect(r.succeeded.lists, r.fault).toBeGreaterThan(0);
      expect(internalErrors(r), `${r.fault}: ${JSON.stringify(r.statuses)}`).toBe(0);
    }
    const disk = results.find((r) => r.fault === 'upload disk full');
    // The disk fault ran (as root) and its uploads were refused with 507, then accepted again.
    if (disk) {
      expect(disk.statuses['507'], JSON.stringify(disk.statuses)).toBeGreaterThan(0);
      expect(disk.succeeded.uploads).toBeGreaterThan(0);
    }
  });
});
