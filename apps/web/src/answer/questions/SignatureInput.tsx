import { useEffect, useRef, useState } from 'react';
import { isUploadedMedia } from '../answer-state';
import { M, pageTextOf } from '../messages';
import type { WidgetProps } from './widget-props';

const HEIGHT_PX = 180;

/**
 * A signature drawn with a finger on a canvas, kept as a PNG media answer. Pointer
 * events cover touch, pen and mouse; `touch-action: none` stops the page from
 * scrolling under the finger. Loaded on demand (React.lazy): few surveys ask for one.
 */
export default function SignatureInput({ question, value, inputId, onChange, reportError, media }: WidgetProps) {
  const [busy, setBusy] = useState(false);
  if (value) {
    return (
      <div className="ans-signature">
        <p className="ans-hint" aria-live="polite">
          {isUploadedMedia(value) ? M.signatureSaved : M.uploadWaiting}
        </p>
        <button
          type="button"
          id={inputId}
          className="ans-button ans-secondary"
          onClick={() => {
            media.release(value, question);
            onChange(null, true);
          }}
        >
          {M.clear}
        </button>
      </div>
    );
  }
  const save = async (canvas: HTMLCanvasElement, drawn: boolean) => {
    if (!drawn) return reportError(() => M.signatureEmpty);
    reportError(null);
    setBusy(true);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    try {
      if (!blob) return reportError(() => M.signatureEmpty);
      onChange(await media.attach(question, blob, 'signature.png'), true);
    } catch (error) {
      reportError(pageTextOf(error));
    } finally {
      setBusy(false);
    }
  };
  return <Pad inputId={inputId} busy={busy} onSave={save} />;
}

function Pad({ inputId, busy, onSave }: { inputId: string; busy: boolean; onSave(canvas: HTMLCanvasElement, drawn: boolean): void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const fit = () => {
    const canvas = ref.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round((canvas.clientWidth || 320) * ratio);
    canvas.height = Math.round(HEIGHT_PX * ratio);
    const c = canvas.getContext('2d');
    drawn.current = false;
    if (!c) return;
    c.scale(ratio, ratio);
    c.lineWidth = 2.5;
    c.lineCap = 'round';
    c.lineJoin = 'round';
    c.strokeStyle = '#1a1b1e';
  };
  // Size the drawing surface to its laid-out width (its CSS width follows the page), and
  // again when that width changes: a pad drawn while its question was hidden by a
  // condition (no width yet), or a phone turned to landscape to sign, would otherwise put
  // the line away from the finger. A new size clears the pad (the canvas is reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the pad appears.
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    if (typeof ResizeObserver !== 'function') {
      const frame = requestAnimationFrame(fit);
      return () => cancelAnimationFrame(frame);
    }
    let width = -1;
    const observer = new ResizeObserver(() => {
      const now = canvas.clientWidth;
      if (now === 0 || now === width) return;
      width = now;
      fit();
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);
  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const stop = () => {
    last.current = null;
  };
  return (
    <div className="ans-signature">
      <canvas
        ref={ref}
        className="ans-signature-pad"
        id={inputId}
        height={HEIGHT_PX}
        aria-label={M.signHere}
        role="img"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          last.current = at(e);
          e.preventDefault();
        }}
        onPointerMove={(e) => {
          const from = last.current;
          if (!from) return;
          const p = at(e);
          const c = e.currentTarget.getContext('2d');
          c?.beginPath();
          c?.moveTo(from.x, from.y);
          c?.lineTo(p.x, p.y);
          c?.stroke();
          last.current = p;
          drawn.current = true;
        }}
        onPointerUp={stop}
        onPointerCancel={stop}
      />
      <p className="ans-hint" aria-live="polite">
        {busy ? M.uploading : M.signHere}
      </p>
      <div className="ans-actions">
        <button type="button" className="ans-button ans-secondary" onClick={fit}>
          {M.clear}
        </button>
        <button type="button" className="ans-button" disabled={busy} onClick={() => ref.current && onSave(ref.current, drawn.current)}>
          {M.saveSignature}
        </button>
      </div>
    </div>
  );
}
