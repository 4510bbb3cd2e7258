// What every fault of the suite is (one file each beside this one) and what the suite
// reports for it.
import type { Deployment } from '../deployment';
import type { OwnPostgres, OwnRedis } from '../servers';

/** What a fault acts on: the deployment and the servers the suite started for itself. */
export interface FaultContext {
  deployment: Deployment;
  postgres: OwnPostgres;
  redis: OwnRedis;
  /** The upload folder when it is a tmpfs of its own (root only), else absent. */
  uploadsMount?: string;
}

export interface Fault {
  /** Its first word for `--only`: sigkill, postgresql, redis, upload. */
  key: string;
  /** As the results table names it. */
  name: string;
  note?: string;
  /** Uploads run during this fault (they touch the disk; the others do not). */
  withUploads?: boolean;
  /** Null when it can run here, else why not. */
  unavailable?(context: FaultContext): string | null;
  /** Breaks something (and waits while it stays broken). */
  inject(context: FaultContext): Promise<void>;
  /** Repairs it; resolves once repaired. */
  recover(context: FaultContext): Promise<void>;
}

export interface FaultResult {
  fault: string;
  /** Failed attempts by kind (a submission retried three times before it passed counts 3). */
  failed: { submissions: number; lists: number; messages: number; uploads?: number };
  /** Succeeded during the phase. */
  succeeded: { submissions: number; lists: number; messages: number; uploads?: number };
  /** Seconds from the fault until every kind of request succeeded again (0: none failed). */
  backAfterS: number;
  /** Participations submitted during the phase, and what the database holds of them. */
  participations: { submitted: number; stored: number; lost: number; duplicated: number; answers: number; participants: number };
  /** Chat messages sent during the phase that the listening socket received. */
  socket: { sent: number; received: number; reconnects: number };
  /** Answers by HTTP status (or the client's error name): never a 500 for an outage. */
  statuses: Record<string, number>;
  /** API processes that exited during the phase (each restarted 2 s later, as systemd does); the SIGKILL counts. */
  processExits: number;
  note?: string;
}

export interface FaultOptions {
  /** Healthy traffic before and after each fault, seconds. */
  settleS: number;
  /** Submission clients running at once. */
  submitters: number;
  /** Skip the disk-full fault (needs root to mount a small tmpfs). */
  skipDisk?: boolean;
  /** Only these faults (by their key: sigkill, postgresql, redis, upload); all when absent. */
  only?: string[];
  log?: (line: string) => void;
}
