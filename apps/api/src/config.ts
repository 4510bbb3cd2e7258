import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is validated here so that a bad value
 * stops the process at start with a message naming it, not later in a request.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

/**
 * TRUST_PROXY: which X-Forwarded-For hops make the client address (`request.ip`, the key
 * of every per-address limit). `false`: none, the peer is the client; the proxies'
 * addresses or CIDRs, comma-separated (or `loopback`, `linklocal`, `uniquelocal`): the
 * address the nearest untrusted hop was seen from; `true`: every hop, so the left-most
 * address counts, which a client can forge unless the proxy overwrites the header.
 * (Fastify refuses hop counts: they cannot tell a proxy from a direct client.)
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** An address, or an address and a prefix length its family allows: 1 to 32 or 128 (proxy-addr throws at boot on `/99` or `/0`). */
function isAddressOrCidr(value: string): boolean {
  const match = /^([^/]+)(?:\/([0-9]{1,3}))?$/.exec(value);
  const family = match ? isIP(match[1]) : 0;
  if (family === 0) return false;
  if (match?.[2] === undefined) return true;
  const prefix = Number(match[2]);
  return prefix >= 1 && prefix <= (family === 4 ? 32 : 128);
}
const trustProxy = z.string().transform((raw, ctx): boolean | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes', '1'].includes(value)) return true;
  const proxies = value.split(',').map((p) => p.trim());
  if (proxies.every((p) => PROXY_NAMES.includes(p) || isAddressOrCidr(p))) return proxies;
  ctx.addIssue({ code: 'custom', message: 'true, false, ou les adresses/CIDR des relais séparées par des virgules (préfixe de 1 à 32 en IPv4, de 1 à 128 en IPv6)' });
  return z.NEVER;
});

/** A Sentry DSN: http(s)://<public key>@<host>/<project id>. */
const sentryDsn = z
  .string()
  .regex(/^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^\s]*\/)?\d+$/, 'un DSN Sentry : https://<clé>@<hôte>/<projet>');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'doit commencer par redis:// ou rediss://')
    .optional(),
  // Socket: the room every signed-in socket joins (no dot, so it cannot look like users.{id}),
  // how long a socket may stay unauthenticated, and how long it lingers after auth:error.
  PRODUCT_ROOM: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'lettres minuscules, chiffres, - ou _').default('enquetes'),
  SOCKET_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SOCKET_AUTH_ERROR_GRACE_MS: z.coerce.number().int().nonnegative().default(2_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: trustProxy.default(false),
  /** Demo accounts and companies (README "Comptes de démonstration"); default on except in production. */
  SEED_DEMO: booleanFlag.optional(),
  // Sessions (API.md "Sessions").
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  // Days a revoked or expired session row is kept, counted from the later of its revocation
  // and its refresh expiry, before the hourly purge deletes it (modules/identity/auth/session-purge.ts).
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  // How long a signed-in request's actor (session, agent, permissions) is reused before it is
  // read again (http/actor-cache.ts); every change drops it at once anyway. 0 turns it off.
  ACTOR_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  // Brute-force limits in a window (modules/identity/auth/limits.ts): failures or codes sent per
  // identifier (for sign-in and code sends, per identifier and client address), sign-in
  // failures per identifier from every address together, codes sent per identifier from
  // every address together, wrong password-reset codes per account from every address
  // together (as many as 5 codes of 5 tries: what one identifier could get before), and
  // failures per client address.
  AUTH_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  AUTH_IDENTIFIER_MAX_FAILURES: z.coerce.number().int().positive().default(100),
  AUTH_IDENTIFIER_MAX_CODES: z.coerce.number().int().positive().default(30),
  AUTH_ACCOUNT_MAX_RESET_FAILURES: z.coerce.number().int().positive().default(25),
  AUTH_IP_MAX_FAILURES: z.coerce.number().int().positive().default(50),
  AUTH_FAILURE_WINDOW_S: z.coerce.number().int().positive().default(15 * 60),
  /** Prefix of the keys this deployment writes in Redis (several deployments may share one). */
  REDIS_KEY_PREFIX: z.string().min(1).default('app:'),
  // Messages: SMTP when set; a generic HTTP SMS gateway when set; the outbox table always.
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Plateforme <no-reply@localhost>'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  // Social sign-in: a provider is enabled when its client/app id is set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
  // Public links and QR codes: absolute base of /m/su/{code} (else derived from the request),
  // and the per-address limit of public lookups by code (codes are short enough to guess).
  PUBLIC_BASE_URL: z.string().url().optional(),
  PUBLIC_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  // Requests to talk to a company (POST chatrooms/pending) per address and minute.
  CHAT_REQUEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  PUBLIC_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Answer files sent without a session (public surveys): uploads per client address and window.
  ANON_UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  // And what they may add up to per client address in 24 h (modules/collection/medias/upload-budget.ts).
  ANON_UPLOAD_BYTES_PER_DAY_MB: z.coerce.number().positive().max(1024 * 1024).default(200),
  // Their size when the question sets no max_size_mb (a phone photo is a few MB), and how
  // long one that no answer names is kept before the sweep deletes it (every interval; 0: never).
  // A week: a respondent offline in the field may submit days after the photo went up.
  ANON_UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(10),
  ANON_UPLOAD_ORPHAN_GRACE_S: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  ANON_UPLOAD_SWEEP_INTERVAL_S: z.coerce.number().int().nonnegative().default(3600),
  // Notification e-mails: a person's waiting notifications go out as one digest once the
  // oldest is this old; the digest round runs every interval (0: never, e.g. in tests).
  NOTIFICATION_DIGEST_DELAY_S: z.coerce.number().int().nonnegative().default(15 * 60),
  NOTIFICATION_DIGEST_INTERVAL_S: z.coerce.number().int().nonnegative().default(60),
  // Webhooks (modules/messaging/webhooks): how often due deliveries are looked for, the
  // first retry delay (doubled each time), how long a delivery is retried, the request
  // timeout, and whether plain-http and private addresses are accepted (tests, local dev only).
  // Broadcasts (modules/messaging/broadcasts/broadcast-fanout.ts): recipients handled per
  // transaction by the background fan-out, and how often it looks for broadcasts still
  // sending (published by another process, or interrupted by a restart; 0: only when woken).
  BROADCAST_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(1_000),
  BROADCAST_POLL_MS: z.coerce.number().int().nonnegative().default(5_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().nonnegative().default(5_000),
  WEBHOOK_BACKOFF_BASE_MS: z.coerce.number().int().positive().default(30_000),
  WEBHOOK_RETRY_FOR_S: z.coerce.number().int().positive().default(24 * 3600),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_ALLOW_INSECURE: booleanFlag.default(false),
  // Commerce (docs/DOMAIN.md "Commerce"): VAT in basis points (19.25 % in Cameroon), the
  // currency of new invoices and articles, and how long a payment may stay unanswered.
  // Package limits (features) refuse actions beyond them; an installation that sells no
  // packages (self-hosted) turns them off. The API test app turns them off too, except in
  // the tests about limits.
  LIMITS_ENFORCED: booleanFlag.default(true),
  VAT_RATE_BP: z.coerce.number().int().min(0).max(10_000).default(1925),
  DEFAULT_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'code ISO 4217 en majuscules').default('XAF'),
  PAYMENT_EXPIRY_S: z.coerce.number().int().min(10).default(600),
  // Absolute base the operators call back (/api/v2/steps/transactions/callbacks/...); else the
  // public base URL, else the server's own loopback address (enough for the local emulators).
  PAYMENT_CALLBACK_BASE_URL: z.string().url().optional(),
  // MTN MoMo Collection: real API when the API user, key and subscription key are set,
  // else the local emulator mounted at /emulators/momo (PAYMENT_EMULATORS), else unavailable.
  MOMO_BASE_URL: z.string().url().default('https://sandbox.momodeveloper.mtn.com'),
  MOMO_API_USER: z.string().min(1).optional(),
  MOMO_API_KEY: z.string().min(1).optional(),
  MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('sandbox'),
  // Orange Money merchant payment (Cameroon "mp" API, USSD push to the payer): real API when
  // the consumer key/secret, X-AUTH-TOKEN, channel MSISDN and PIN are set, else the local
  // emulator mounted at /emulators/orange (PAYMENT_EMULATORS), else unavailable.
  ORANGE_BASE_URL: z.string().url().default('https://api-s1.orange.cm'),
  ORANGE_CONSUMER_KEY: z.string().min(1).optional(),
  ORANGE_CONSUMER_SECRET: z.string().min(1).optional(),
  ORANGE_X_AUTH_TOKEN: z.string().min(1).optional(),
  ORANGE_CHANNEL_MSISDN: z.string().min(1).optional(),
  ORANGE_PIN: z.string().min(1).optional(),
  // Local operator emulators (approve any number: never on a real installation), mounted for
  // an operator without credentials only when this is true. Default: on with the demo data
  // outside production (SEED_DEMO), so `npm start` lets a user try a payment; else off.
  PAYMENT_EMULATORS: booleanFlag.optional(),
  // Local emulators: how long a test payment stays PENDING before its outcome (then the
  // callback is sent); -1: outcome at once, callback only when the test asks for it.
  PAYMENT_EMULATOR_DELAY_MS: z.coerce.number().int().min(-1).default(1500),
  // How often open transactions past their expiry are marked expired (0: never).
  PAYMENT_SWEEP_INTERVAL_S: z.coerce.number().int().nonnegative().default(60),
  // Subscriptions (DOMAIN.md "Commerce", renewal): how often ended periods are closed
  // (overage billed, renewal issued, unpaid renewals expired; 0: never), and how long a
  // company keeps its package while the renewal invoice is unpaid.
  RENEWAL_SWEEP_INTERVAL_S: z.coerce.number().int().nonnegative().default(300),
  RENEWAL_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  // Error reporting (Sentry; docs/ARCHITECTURE.md "Error reporting"): the API reports to
  // SENTRY_DSN, the web pages to SENTRY_BROWSER_DSN (served by GET client-config); each is
  // off when unset. The environment defaults to NODE_ENV.
  SENTRY_DSN: sentryDsn.optional(),
  SENTRY_BROWSER_DSN: sentryDsn.optional(),
  SENTRY_ENVIRONMENT: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'lettres, chiffres, . _ ou -').optional(),
  // Shutdown (server.ts): on SIGTERM/SIGINT readiness answers 503 at once; the process keeps
  // accepting for SHUTDOWN_DELAY_MS (time for a load balancer's health check to notice),
  // then stops accepting and lets in-flight requests and exports finish, for at most
  // SHUTDOWN_GRACE_MS in all; past it, the connections left are cut.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // Prometheus metrics (modules/platform/metrics): off unless METRICS is on; then served on
  // METRICS_PORT (on METRICS_HOST) when set, else on GET /metrics of PORT with
  // `Authorization: Bearer METRICS_TOKEN`.
  METRICS: booleanFlag.default(false),
  METRICS_TOKEN: z.string().min(16, 'au moins 16 caractères').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Backups (npm run backup / restore, src/ops): the folder new backups go in, and where the
  // PostgreSQL client programs (pg_dump, pg_restore) are for a separate server (DATABASE_URL).
  BACKUP_DIR: z.string().min(1).optional(),
  PG_BIN_DIR: z.string().min(1).optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'WEB_DIST' | 'SEED_DEMO' | 'DATA_DIR' | 'PAYMENT_EMULATORS' | 'BACKUP_DIR'> & {
  WEB_DIST: string;
  BACKUP_DIR: string;
  SEED_DEMO: boolean;
  DATA_DIR: string;
  PAYMENT_EMULATORS: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  if (parsed.data.METRICS && !parsed.data.METRICS_TOKEN && parsed.data.METRICS_PORT === undefined) {
    throw new ConfigError('Configuration invalide :\n- METRICS: donnez METRICS_TOKEN (GET /metrics sur PORT) ou METRICS_PORT (un port à part)');
  }
  const webDist =
    parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  // `./data` at the repository root, as the README says, whichever folder npm runs the
  // API from (workspace scripts run in apps/api); a DATA_DIR given is taken as written.
  const dataDir = parsed.data.DATA_DIR ?? path.resolve(import.meta.dirname, '../../../data');
  // Known demo passwords must never appear in production unless asked for explicitly.
  const seedDemo = parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production';
  // Emulators approve every number: only when asked, or for the demo outside production.
  const paymentEmulators = parsed.data.PAYMENT_EMULATORS ?? (seedDemo && parsed.data.NODE_ENV !== 'production');
  const backupDir = parsed.data.BACKUP_DIR ?? path.resolve(import.meta.dirname, '../../../backups');
  return { ...parsed.data, WEB_DIST: webDist, SEED_DEMO: seedDemo, DATA_DIR: dataDir, PAYMENT_EMULATORS: paymentEmulators, BACKUP_DIR: backupDir };
}
