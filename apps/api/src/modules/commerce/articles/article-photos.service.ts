import { and, eq, isNull, sql } from 'drizzle-orm';
import { articles, medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import type { StagedFile } from '../../collection/medias/media-storage';
import { saveUpload, type UploadTarget } from '../../collection/medias/medias.service';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { assertWithinLimit } from '../entitlements/limits';
import { articlePhotoText } from './article-photos.texts';

/** An article shows six photos at most, each a PNG, JPEG or WebP image of 5 MB at most. */
export const MAX_ARTICLE_PHOTOS = 6;
export const ARTICLE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The path a photo is shown at (GET, public while the article is offered): also what `photos` stores. */
export const articlePhotoPath = (articleId: number, mediaId: number) => `articles/${articleId}/photos/${mediaId}`;

type ArticleRow = typeof articles.$inferSelect;

/** An article of the active company the caller may change (articles.update), or 404/403. */
export async function editableArticle(ctx: RequestContext, id: number): Promise<ArticleRow> {
  requirePermission(ctx, 'articles.update');
  const { companyId } = requireCompany(ctx);
  const [row] = await ctx.db.orm
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.company_id, companyId), isNull(articles.deleted_at)));
  if (!row) throw notFound();
  if (row.photos.length >= MAX_ARTICLE_PHOTOS) throw validationFailed({ file: [articlePhotoText(ctx.locale, 'tooManyPhotos')] });
  return row;
}

/** Where an article photo is kept: a company media (counted in its storage), checked by its bytes. */
export async function photoTarget(ctx: RequestContext, article: ArticleRow): Promise<UploadTarget> {
  await assertWithinLimit(ctx.db, article.company_id, 'storage', ctx.locale);
  return {
    companyId: article.company_id,
    ownerUserId: ctx.actor!.userId,
    uploadKey: null,
    maxBytes: ARTICLE_PHOTO_MAX_BYTES,
    check: (file) => (PHOTO_TYPES.includes(file.mime) ? null : { status: 422, message: articlePhotoText(ctx.locale, 'photoType') }),
  };
}

/**
 * Keeps the staged photo as a media of the company and appends it to the article, in one
 * conditional UPDATE so two uploads at once never pass six photos.
 */
export async function addArticlePhoto(ctx: RequestContext, dataDir: string, article: ArticleRow, target: UploadTarget, staged: StagedFile, filename?: string) {
  const media = await saveUpload(ctx, dataDir, target, staged, filename);
  const path = articlePhotoPath(article.id, media.id);
  const [updated] = await ctx.db.orm
    .update(articles)
    .set({ photos: sql`${articles.photos} || ${JSON.stringify([path])}::jsonb`, updated_at: new Date() })
    .where(and(eq(articles.id, article.id), sql`jsonb_array_length(${articles.photos}) < ${MAX_ARTICLE_PHOTOS}`))
    .returning();
  if (!updated) {
    await ctx.db.orm.delete(medias).where(eq(medias.id, media.id));
    throw validationFailed({ file: [articlePhotoText(ctx.locale, 'tooManyPhotos')] });
  }
  return updated;
}

/** Takes a photo off the article (the file stays among the company's medias). */
export async function removeArticlePhoto(ctx: RequestContext, articleId: number, mediaId: number) {
  requirePermission(ctx, 'articles.update');
  const { companyId } = requireCompany(ctx);
  const path = articlePhotoPath(articleId, mediaId);
  const [updated] = await ctx.db.orm
    .update(articles)
    .set({ photos: sql`${articles.photos} - ${path}::text`, updated_at: new Date() })
    .where(and(eq(articles.id, articleId), eq(articles.company_id, companyId), isNull(articles.deleted_at), sql`${articles.photos} ? ${path}`))
    .returning();
  if (!updated) throw notFound();
  return updated;
}

/**
 * The media behind a photo anyone may see: the article is offered (active, not deleted),
 * lists the photo, and the media is its company's. Anything else is a 404.
 */
export async function publicArticlePhoto(ctx: RequestContext, articleId: number, mediaId: number) {
  const path = articlePhotoPath(articleId, mediaId);
  const [row] = await ctx.db.orm
    .select({ path: medias.path, mime: medias.mime })
    .from(articles)
    .innerJoin(medias, and(eq(medias.id, mediaId), eq(medias.company_id, articles.company_id)))
    .where(and(eq(articles.id, articleId), eq(articles.active, true), isNull(articles.deleted_at), sql`${articles.photos} ? ${path}`));
  if (!row) throw notFound();
  return row;
}
