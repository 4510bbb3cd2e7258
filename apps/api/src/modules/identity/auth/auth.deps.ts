import type { Locale } from '@app/contracts';
import type { Config } from '../../../config';
import type { Messenger } from '../../../delivery/messenger';
import type { EventBus } from '../../../events/event-bus';
import type { SessionLifetimes } from './sessions.service';
import type { Throttle } from './throttle';

/** What the sign-in use cases share, built once per app instance. */
export interface AuthDeps {
  config: Config;
  throttle: Throttle;
  messenger: Messenger;
  /** Where ended sessions are announced, so their sockets end at once. */
  events: EventBus;
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
