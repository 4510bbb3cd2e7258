import { isPendingMedia, isUploadedMedia } from '../answer-state';
import { h, replace } from '../dom';
import { M } from '../messages';
import { acceptOf, checkFile, shrinkPhoto } from './media-tools';
import type { WidgetContext } from './widget-types';

/** Previews of files picked on this page, by answer value (a reload shows the name only). */
const previews = new Map<string, string>();
const previewKey = (value: unknown) => (isPendingMedia(value) ? value.pending : isUploadedMedia(value) ? `m${value.id}` : '');

function nameOf(value: unknown): string {
  if (isPendingMedia(value)) return value.name;
  if (isUploadedMedia(value)) return value.name ?? `Fichier n° ${value.id}`;
  return '';
}

/**
 * File and photo answers. A photo offers the camera (`capture`) and the gallery; the
 * picked file is checked against the question's types and size, shrunk when it is a
 * large photo, then uploaded, or kept on the phone until the network returns.
 */
export function mediaWidget(ctx: WidgetContext): HTMLElement {
  const q = ctx.question;
  const isPhoto = q.type === 'photo';
  let value = ctx.value;
  const box = h('div', { class: 'ans-media', 'aria-describedby': ctx.describedBy });
  const status = h('p', { class: 'ans-hint', 'aria-live': 'polite' });

  const picker = (label: string, id: string, capture: boolean, accept: string) => {
    const input = h('input', {
      type: 'file',
      id,
      class: 'ans-visually-hidden',
      accept,
      capture: capture ? 'environment' : null,
      'data-question': String(q.id),
      onChange: () => {
        const file = input.files?.[0];
        input.value = '';
        if (file) void pick(file);
      },
    });
    return h('label', { class: `ans-button ${capture ? '' : 'ans-secondary'}`, for: id }, input, label);
  };

  async function pick(file: File) {
    const problem = checkFile(q, file);
    if (problem) return ctx.reportError(problem);
    ctx.reportError(null);
    status.textContent = M.uploading;
    box.classList.add('is-busy');
    const ready = isPhoto ? await shrinkPhoto(q, file) : { blob: file, name: file.name };
    try {
      const next = await ctx.media.attach(q, ready.blob, ready.name);
      if (value) ctx.media.release(value, q);
      value = next;
      if (ready.blob.type.startsWith('image/') && typeof URL.createObjectURL === 'function') previews.set(previewKey(next), URL.createObjectURL(ready.blob));
      ctx.onChange(next, true);
    } catch (error) {
      ctx.reportError(error instanceof Error ? error.message : String(error));
    } finally {
      box.classList.remove('is-busy');
      draw();
    }
  }

  function draw() {
    // A photo picked on this page shows from memory; after a reload, from the server when it allows.
    const preview = previews.get(previewKey(value)) ?? (isPhoto ? ctx.media.urlOf(value) : null);
    const chosen = value
      ? h(
          'div',
          { class: 'ans-media-chosen' },
          preview ? h('img', { src: preview, alt: '', class: 'ans-thumb', width: 72, height: 72 }) : null,
          h('span', { class: 'ans-media-name' }, nameOf(value)),
          h(
            'button',
            {
              type: 'button',
              class: 'ans-button ans-secondary ans-small',
              onClick: () => {
                ctx.media.release(value, q);
                value = null;
                ctx.onChange(null, true);
                draw();
              },
            },
            M.remove,
          ),
        )
      : null;
    status.textContent = isPendingMedia(value) ? M.uploadWaiting : isUploadedMedia(value) ? M.uploaded : '';
    const buttons = isPhoto
      ? [picker(M.takePhoto, ctx.inputId, true, 'image/*'), picker(M.pickPhoto, `${ctx.inputId}-gallery`, false, acceptOf(q, 'image/*'))]
      : [picker(M.pickFile, ctx.inputId, false, acceptOf(q, '*/*'))];
    replace(box, chosen, h('div', { class: 'ans-actions' }, buttons), status);
  }
  draw();
  return box;
}
