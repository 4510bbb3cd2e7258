import { useRef, useState } from 'react';
import { isPendingMedia, isUploadedMedia } from '../answer-state';
import { acceptOf, checkFile, shrinkPhoto } from '../media-tools';
import { M, pageTextOf } from '../messages';
import type { WidgetProps } from './widget-props';

/** Previews of files picked on this page, by answer value (a reload shows the name only). */
const previews = new Map<string, string>();
const previewKey = (value: unknown) => (isPendingMedia(value) ? value.pending : isUploadedMedia(value) ? `m${value.id}` : '');

/** The preview of a file no longer chosen: its memory goes back to the phone. */
function forgetPreview(value: unknown) {
  const key = previewKey(value);
  const url = previews.get(key);
  if (!url) return;
  previews.delete(key);
  if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

function nameOf(value: unknown): string {
  if (isPendingMedia(value)) return value.name;
  if (isUploadedMedia(value)) return value.name ?? `Fichier n° ${value.id}`;
  return '';
}

interface PickerProps {
  id: string;
  label: string;
  capture: boolean;
  accept: string;
  questionId: number;
  invalid: boolean;
  onFile(file: File): void;
}

/** A file input hidden inside a button-looking label (the camera, the gallery, any file). */
function Picker({ id, label, capture, accept, questionId, invalid, onFile }: PickerProps) {
  return (
    <label className={`ans-button ${capture ? '' : 'ans-secondary'}`} htmlFor={id}>
      <input
        type="file"
        id={id}
        className="ans-visually-hidden"
        accept={accept}
        capture={capture ? 'environment' : undefined}
        data-question={String(questionId)}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          input.value = '';
          if (file) onFile(file);
        }}
      />
      {label}
    </label>
  );
}

/**
 * File and photo answers. A photo offers the camera (`capture`) and the gallery; the
 * picked file is checked against the question's types and size, shrunk when it is a
 * large photo, then uploaded, or kept on the phone until the network returns.
 */
export function MediaInput({ question: q, value, inputId, describedBy, invalid, onChange, reportError, media }: WidgetProps) {
  const isPhoto = q.type === 'photo';
  const [busy, setBusy] = useState(false);
  // The answer as it is when an upload ends (the queue may have resolved a waiting file meanwhile).
  const latest = useRef(value);
  latest.current = value;

  async function pick(file: File) {
    // A camera photo is shrunk first: its size is checked as it will be kept and sent.
    if (isPhoto) setBusy(true);
    const ready = isPhoto ? await shrinkPhoto(q, file) : { blob: file, name: file.name };
    const problem = checkFile(q, ready.blob);
    if (problem) {
      setBusy(false);
      return reportError(problem);
    }
    reportError(null);
    setBusy(true);
    try {
      const next = await media.attach(q, ready.blob, ready.name);
      const previous = latest.current;
      if (previous) {
        media.release(previous, q);
        forgetPreview(previous);
      }
      if (ready.blob.type.startsWith('image/') && typeof URL.createObjectURL === 'function') previews.set(previewKey(next), URL.createObjectURL(ready.blob));
      onChange(next, true);
    } catch (error) {
      reportError(pageTextOf(error));
    } finally {
      setBusy(false);
    }
  }

  // A photo picked on this page shows from memory; after a reload, from the server when it allows.
  const preview = value ? (previews.get(previewKey(value)) ?? (isPhoto ? media.urlOf(value) : null)) : null;
  const status = busy ? M.uploading : isPendingMedia(value) ? (media.previewOnly ? M.previewFile : M.uploadWaiting) : isUploadedMedia(value) ? M.uploaded : '';
  const common = { questionId: q.id, invalid, onFile: (file: File) => void pick(file) };
  return (
    <div className={busy ? 'ans-media is-busy' : 'ans-media'} aria-busy={busy || undefined} aria-describedby={describedBy}>
      {value ? (
        <div className="ans-media-chosen">
          {preview ? <img src={preview} alt="" className="ans-thumb" width={72} height={72} /> : null}
          <span className="ans-media-name">{nameOf(value)}</span>
          <button
            type="button"
            className="ans-button ans-secondary ans-small"
            onClick={() => {
              media.release(value, q);
              forgetPreview(value);
              onChange(null, true);
            }}
          >
            {M.remove}
          </button>
        </div>
      ) : null}
      <div className="ans-actions">
        {isPhoto ? (
          <>
            <Picker {...common} id={inputId} label={M.takePhoto} capture accept="image/*" />
            <Picker {...common} id={`${inputId}-gallery`} label={M.pickPhoto} capture={false} accept={acceptOf(q, 'image/*')} />
          </>
        ) : (
          <Picker {...common} id={inputId} label={M.pickFile} capture={false} accept={acceptOf(q, '*/*')} />
        )}
      </div>
      <p className="ans-hint" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
