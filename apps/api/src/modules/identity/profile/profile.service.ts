import {
  type AccountUser,
  type ChangePasswordBody,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type ProfileUpdateBody,
  resolveNotificationPreferences,
} from '@app/contracts';
import type { Database } from '../../../db/client';
import type { Actor } from '../../../http/actor';
import { forbidden, notFound, validationFailed } from '../../../http/errors';
import { loadAccountUser } from '../auth/account.service';
import type { AuthDeps, ClientInfo } from '../auth/auth.deps';
import { authText } from '../auth/auth.texts';
import { hashPassword, verifyPassword } from '../auth/password';
import { type AuthenticatedSession, endUserSessions } from '../auth/sessions.service';
import { findUserById, isUniqueViolation, isUsernameTaken, updateUser } from '../users/users.repository';

/** The stored preferences completed with defaults, with the sent subset laid over them. */
function mergeNotificationPreferences(stored: unknown, patch: NotificationPreferencesPatch): NotificationPreferences {
  const current = resolveNotificationPreferences(stored);
  return {
    channels: { ...current.channels, ...patch.channels },
    events: { ...current.events, ...patch.events },
  };
}

/**
 * POST profile/update: the caller's own name, username, language and opt-in. The body
 * schema keeps only these fields, so `type`, `company_id` or permissions sent along are dropped.
 */
export async function updateProfile(
  db: Database,
  actor: Actor,
  input: ProfileUpdateBody,
  client: ClientInfo,
): Promise<AccountUser> {
  const taken = () => validationFailed({ username: [authText(client.locale, 'usernameTaken')] });
  if (input.username && (await isUsernameTaken(db, input.username, actor.userId))) throw taken();
  let notifications: NotificationPreferences | undefined;
  if (input.notification_preferences) {
    const current = await findUserById(db, actor.userId);
    if (!current) throw notFound();
    notifications = mergeNotificationPreferences(current.notification_preferences, input.notification_preferences);
  }
  try {
    const updated = await updateUser(db, actor.userId, {
      ...(input.first_name !== undefined && { first_name: input.first_name }),
      ...(input.last_name !== undefined && { last_name: input.last_name || null }),
      ...(input.username !== undefined && { username: input.username || null }),
      ...(input.locale !== undefined && { locale: input.locale }),
      ...(input.promotional_offers !== undefined && { promotional_offers: input.promotional_offers }),
      ...(notifications && { notification_preferences: notifications }),
    });
    if (!updated) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return loadAccountUser(db, actor.userId);
}

/**
 * Password change (profile/security, users/{id}/security|updatepassword). On one's own
 * account the current password is required and the other sessions end; a platform admin
 * setting another user's password needs no current one, ends all of that user's sessions
 * and makes them choose a new password at next sign-in.
 */
export async function changePassword(
  db: Database,
  deps: AuthDeps,
  caller: { actor: Actor; session: AuthenticatedSession },
  userId: number,
  input: ChangePasswordBody,
  client: ClientInfo,
): Promise<void> {
  const self = caller.actor.userId === userId;
  if (!self && caller.actor.type !== 'admin') throw forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (self && user.password_hash) {
    const limits = [{ key: `password:${user.id}`, max: deps.config.AUTH_MAX_FAILURES }];
    await deps.throttle.assertOpen(limits);
    const right = Boolean(input.current_password) && (await verifyPassword(user.password_hash, input.current_password as string));
    if (!right) {
      await deps.throttle.record(limits);
      throw validationFailed({ current_password: [authText(client.locale, 'wrongCurrentPassword')] });
    }
    await deps.throttle.reset(limits[0].key);
  }
  await updateUser(db, user.id, { password_hash: await hashPassword(input.password), has_to_change_password: !self });
  await endUserSessions(db, deps.events, user.id, 'password_changed', self ? caller.session.family : undefined);
}
