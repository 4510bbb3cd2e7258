import type { LoginResponse } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { userIdentities } from '../../../../db/schema';
import { AppError, notFound, unauthorized } from '../../../../http/errors';
import {
  createUser,
  findUserByEmail,
  findUserById,
  grantGlobalRole,
  updateUser,
  type UserRow,
} from '../../users/users.repository';
import type { AuthDeps, ClientInfo } from '../auth.deps';
import { authText } from '../auth.texts';
import { assertCanSignIn, signInUser } from '../login.service';
import { isFacebookEnabled, verifyFacebookAccessToken } from './facebook';
import { isGoogleEnabled, verifyGoogleIdToken } from './google';
import { type ProviderIdentity, ProviderTokenError, ProviderUnavailableError } from './provider-identity';

export type SocialProvider = 'google' | 'facebook';

/** Which social sign-ins this deployment offers, with the public ids the buttons need. */
export function enabledProviders(config: AuthDeps['config']) {
  return {
    google: isGoogleEnabled(config),
    facebook: isFacebookEnabled(config),
    google_client_id: config.GOOGLE_CLIENT_ID ?? null,
    facebook_app_id: isFacebookEnabled(config) ? (config.FACEBOOK_APP_ID ?? null) : null,
  };
}

async function verifyToken(deps: AuthDeps, provider: SocialProvider, token: string, locale: string) {
  const enabled = provider === 'google' ? isGoogleEnabled(deps.config) : isFacebookEnabled(deps.config);
  if (!enabled) throw notFound(authText(locale, 'providerNotConfigured'), 'provider_not_configured');
  try {
    return provider === 'google'
      ? await verifyGoogleIdToken(deps.config, token)
      : await verifyFacebookAccessToken(deps.config, token);
  } catch (error) {
    if (error instanceof ProviderTokenError) throw unauthorized(authText(locale, 'invalidProviderToken'), 'invalid_provider_token');
    if (error instanceof ProviderUnavailableError) throw new AppError(502, 'provider_unavailable', authText(locale, 'providerUnavailable'));
    throw error;
  }
}

/**
 * The account of a provider identity: the one already linked; else the account with the
 * same verified e-mail, now linked; else a new customer. An unvalidated account taken
 * over this way loses its password, since nobody had proved owning the address.
 */
export async function findOrCreateIdentityUser(db: Database, identity: ProviderIdentity, locale: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx.orm
      .select({ user_id: userIdentities.user_id })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)));
    if (linked) {
      const user = await findUserById(tx, linked.user_id);
      if (user) return user;
    }
    const email = identity.email && identity.emailVerified ? identity.email.toLowerCase() : null;
    let user = email ? await findUserByEmail(tx, email) : null;
    if (user && !user.email_verified_at) {
      user = await updateUser(tx, user.id, {
        email_verified_at: new Date(),
        password_hash: null,
        ...(user.status === 'pending' && { status: 'active' }),
      });
    }
    if (!user) {
      user = await createUser(tx, {
        email,
        email_verified_at: email ? new Date() : null,
        first_name: identity.firstName,
        last_name: identity.lastName,
        type: 'customer',
        status: 'active',
        locale,
      });
      await grantGlobalRole(tx, user.id, 'customer');
    }
    if (!user) throw unauthorized();
    await tx.orm
      .insert(userIdentities)
      .values({ user_id: user.id, provider: identity.provider, subject: identity.subject, email: identity.email })
      .onConflictDoNothing();
    return user;
  });
}

/** POST auth/google_login and auth/facebook_login. */
export async function socialLogin(
  db: Database,
  deps: AuthDeps,
  provider: SocialProvider,
  input: { token: string; device: { ref: string } },
  client: ClientInfo,
): Promise<LoginResponse> {
  const identity = await verifyToken(deps, provider, input.token, client.locale);
  const user = await findOrCreateIdentityUser(db, identity, client.locale);
  await assertCanSignIn(db, deps, user, client);
  return signInUser(db, deps, user, input.device.ref, client);
}
