/**
 * The address of a stored picture: the server answers paths such as
 * `images/users/7/abc.webp`, served from the same origin (section 7: host prefix for
 * paths starting with images, files or templates).
 */
export function pictureUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return '/' + path.replace(/^\/+/, '');
}
