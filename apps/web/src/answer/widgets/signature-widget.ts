import { isUploadedMedia } from '../answer-state';
import { h, replace } from '../dom';
import { M } from '../messages';
import type { WidgetContext } from './widget-types';

const HEIGHT_PX = 180;

/**
 * A signature drawn with a finger on a canvas, kept as a PNG media answer. Pointer
 * events cover touch, pen and mouse; `touch-action: none` stops the page from
 * scrolling under the finger.
 */
export function signatureWidget(ctx: WidgetContext): HTMLElement {
  let value = ctx.value;
  const box = h('div', { class: 'ans-signature' });
  const status = h('p', { class: 'ans-hint', 'aria-live': 'polite' });

  function drawPad() {
    const canvas = h('canvas', { class: 'ans-signature-pad', id: ctx.inputId, height: HEIGHT_PX, 'aria-label': M.signHere, role: 'img' });
    let drawn = false;
    let last: { x: number; y: number } | null = null;
    const pen = () => canvas.getContext('2d');
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth || 320;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(HEIGHT_PX * ratio);
      const c = pen();
      if (!c) return;
      c.scale(ratio, ratio);
      c.lineWidth = 2.5;
      c.lineCap = 'round';
      c.lineJoin = 'round';
      c.strokeStyle = '#1a1b1e';
    };
    const at = (e: PointerEvent) => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture?.(e.pointerId);
      last = at(e);
      e.preventDefault();
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!last) return;
      const p = at(e);
      const c = pen();
      c?.beginPath();
      c?.moveTo(last.x, last.y);
      c?.lineTo(p.x, p.y);
      c?.stroke();
      last = p;
      drawn = true;
    });
    const stop = () => {
      last = null;
    };
    canvas.addEventListener('pointerup', stop);
    canvas.addEventListener('pointercancel', stop);
    const clear = () => {
      fit();
      drawn = false;
    };
    const save = async () => {
      if (!drawn) return ctx.reportError(M.signatureEmpty);
      ctx.reportError(null);
      status.textContent = M.uploading;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) return ctx.reportError(M.signatureEmpty);
      try {
        value = await ctx.media.attach(ctx.question, blob, 'signature.png');
        ctx.onChange(value, true);
        draw();
      } catch (error) {
        status.textContent = '';
        ctx.reportError(error instanceof Error ? error.message : String(error));
      }
    };
    status.textContent = M.signHere;
    replace(
      box,
      canvas,
      status,
      h(
        'div',
        { class: 'ans-actions' },
        h('button', { type: 'button', class: 'ans-button ans-secondary', onClick: clear }, M.clear),
        h('button', { type: 'button', class: 'ans-button', onClick: () => void save() }, M.saveSignature),
      ),
    );
    // Size the drawing surface once it is laid out (its CSS width follows the page).
    requestAnimationFrame(fit);
  }

  function draw() {
    if (!value) return drawPad();
    status.textContent = isUploadedMedia(value) ? M.signatureSaved : M.uploadWaiting;
    replace(
      box,
      status,
      h(
        'button',
        {
          type: 'button',
          id: ctx.inputId,
          class: 'ans-button ans-secondary',
          onClick: () => {
            ctx.media.release(value, ctx.question);
            value = null;
            ctx.onChange(null, true);
            draw();
          },
        },
        M.clear,
      ),
    );
  }
  draw();
  return box;
}
