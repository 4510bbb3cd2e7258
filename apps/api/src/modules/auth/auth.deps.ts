import type { Locale } from '@app/contracts';
import type { Config } from '../../config';
import type { Messenger } from '../../messaging/messenger';
import { addressKey } from './client-address';
import type { SessionLifetimes } from './sessions.service';
import type { Limit, Throttle } from './throttle';

/** What the sign-in use cases share, built once per app instance. */
export interface AuthDeps {
  config: Config;
  throttle: Throttle;
  messenger: Messenger;
}

/** Who is calling, as far as sign-in cares. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  locale: Locale;
}

export function lifetimesOf(config: Config): SessionLifetimes {
  return { accessTtlS: config.ACCESS_TOKEN_TTL_S, refreshTtlS: config.REFRESH_TOKEN_TTL_S };
}

/** The two brakes of a guessable action: per identifier and per client address. */
export function limitsFor(config: Config, scope: string, identifier: string, ip: string): Limit[] {
  return [
    { key: `${scope}:${identifier}`, max: config.AUTH_MAX_FAILURES },
    { key: `${scope}-ip:${addressKey(ip)}`, max: config.AUTH_IP_MAX_FAILURES },
  ];
}
