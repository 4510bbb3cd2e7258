// One API process killed with SIGKILL; the supervisor (as systemd's Restart=always)
// starts it again. HAProxy must send the requests in flight on it to the others.
import { sleep } from '../processes';
import type { Fault } from './fault';

export const sigkill: Fault = {
  key: 'sigkill',
  name: 'SIGKILL of one API process',
  async inject({ deployment }) {
    deployment.apis[0].kill('SIGKILL');
  },
  async recover({ deployment }) {
    await deployment.apis[0].exited;
    // Started again by the supervisor, as systemd's Restart=always does.
    await sleep(2_500);
    await deployment.waitReady(0);
  },
};
