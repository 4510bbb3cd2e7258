import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { devOutboxRoutes } from '../../../delivery/dev-outbox.routes';
import { createMessenger } from '../../../delivery/messenger';
import { devicesRoutes } from '../devices/devices.routes';
import { registerProfileRoutes } from '../profile/profile.routes';
import type { AuthDeps } from './auth.deps';
import { registerAuthRoutes } from './auth.routes';
import { registerPasswordResetRoutes } from './password-reset.routes';
import { registerSocialRoutes } from './social/social.routes';
import { createThrottle } from './throttle';
import { registerVerificationRoutes } from './verification.routes';

/**
 * Sign-in and account security: auth/*, devices, profile, codes on users, and (outside
 * production) dev/outbox. Builds the messenger and the brute-force throttle once.
 */
export async function authModule(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const deps: AuthDeps = {
    config,
    messenger: createMessenger(config, app.db, app.log),
    throttle: createThrottle(config, app.db),
    events: app.events,
  };
  app.addHook('onClose', async () => {
    await deps.messenger.close();
    await deps.throttle.close();
  });
  registerAuthRoutes(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerSocialRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerProfileRoutes(app, deps);
  await app.register(devicesRoutes);
  if (config.NODE_ENV !== 'production') {
    app.log.warn('GET dev/outbox is enabled (NODE_ENV is not production): one-time codes are readable without sign-in');
    await app.register(devOutboxRoutes);
  }
}
