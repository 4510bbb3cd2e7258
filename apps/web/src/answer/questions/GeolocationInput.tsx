import { readGeoPoint } from '@app/contracts/survey-question-types';
import { useState } from 'react';
import type { GeoAnswer } from '../answer-types';
import { describePosition, readPosition } from '../geolocation';
import { M, pageTextOf } from '../messages';
import type { WidgetProps } from './widget-props';

/** Geolocation answer: a button, the reading with its accuracy, clear messages when refused. */
export function GeolocationInput({ value, inputId, describedBy, onChange, reportError }: WidgetProps) {
  // Only a real point is described: the builder's preview may hold another type's answer
  // after the question's type changed, and drawing it as a position would throw.
  const point = readGeoPoint(value);
  const position: GeoAnswer | null = point ? { latitude: point.latitude, longitude: point.longitude, accuracy: point.accuracy ?? null } : null;
  const [busy, setBusy] = useState(false);
  const locate = async () => {
    setBusy(true);
    reportError(null);
    try {
      onChange(await readPosition(), true);
    } catch (error) {
      reportError(pageTextOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ans-geo">
      <p className="ans-hint" aria-live="polite">
        {busy ? M.locating : position ? describePosition(position) : ''}
      </p>
      <button type="button" id={inputId} className={`ans-button ${position ? 'ans-secondary' : ''}`} aria-describedby={describedBy} disabled={busy} onClick={() => void locate()}>
        {position ? M.locateAgain : M.locate}
      </button>
    </div>
  );
}
