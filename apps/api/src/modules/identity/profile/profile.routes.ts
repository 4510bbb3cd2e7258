import { accountUserSchema, changePasswordBody, profileUpdateBody } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { okNullSchema, okSchema } from '../../../http/response-schemas';
import { AppError, validationFailed } from '../../../http/errors';
import { parseId } from '../../../http/resource-routes';
import type { AuthDeps } from '../auth/auth.deps';
import { clientOf, ensureSignedIn, requireSession } from '../auth/auth.http';
import { authText } from '../auth/auth.texts';
import { MAX_PHOTO_BYTES, saveUserPhoto } from './photo.service';
import { changePassword, updateProfile } from './profile.service';
import { idParams } from '@app/contracts';

const tags = ['profile'];

async function readPhoto(request: FastifyRequest, locale: string): Promise<Buffer> {
  const missing = () => validationFailed({ photo: [authText(locale, 'photoMissing')] });
  if (!request.isMultipart()) throw missing();
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    if (!file) throw missing();
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', authText(locale, 'photoTooLarge'));
    }
    throw error;
  }
}

/** profile/update, profile/security, profile/photo and users/{id}/updatepassword|security. */
export function registerProfileRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/profile/update',
    { preValidation: ensureSignedIn, schema: { tags, summary: 'Mise à jour du profil', body: profileUpdateBody, response: { 200: okSchema(accountUserSchema) } } },
    async (request) => {
      const { actor } = requireSession(request);
      const client = clientOf(request);
      return ok(await updateProfile(app.db, actor, request.body, client), authText(client.locale, 'profileUpdated'));
    },
  );

  app.post(
    '/profile/security',
    { preValidation: ensureSignedIn, schema: { tags, summary: 'Changement du mot de passe', body: changePasswordBody, response: { 200: okNullSchema } } },
    async (request) => {
      const caller = requireSession(request);
      const client = clientOf(request);
      await changePassword(app.db, deps, caller, caller.actor.userId, request.body, client);
      return ok(null, authText(client.locale, 'passwordChanged'));
    },
  );

  for (const action of ['updatepassword', 'security']) {
    app.post(
      `/users/:id/${action}`,
      {
        preValidation: ensureSignedIn,
        schema: { tags: ['users'], summary: 'Mot de passe d’un compte', params: idParams, body: changePasswordBody, response: { 200: okNullSchema } },
      },
      async (request) => {
        const caller = requireSession(request);
        const client = clientOf(request);
        await changePassword(app.db, deps, caller, parseId(request.params.id), request.body, client);
        return ok(null, authText(client.locale, 'passwordChanged'));
      },
    );
  }

  app.post('/profile/photo', { preValidation: ensureSignedIn, schema: { tags, summary: 'Photo de profil', response: { 200: okSchema(z.object({ photo: z.string().describe('Chemin de la photo (/images/…)') })) } }, config: { upload: { file: 'photo' } } }, async (request) => {
    const { actor } = requireSession(request);
    const client = clientOf(request);
    const bytes = await readPhoto(request, client.locale);
    const photo = await saveUserPhoto(app.db, deps.config.DATA_DIR, actor.userId, bytes, {
      type: authText(client.locale, 'photoType'),
    });
    return ok({ photo }, authText(client.locale, 'photoUpdated'));
  });
}
