import { afterEach } from 'vitest';
import { describeViolations, takeViolations } from './accessibility';

// Every journey test: a serious or critical axe violation on any page state it reached fails it
// (what a beforeAll reached, a sign-in, is judged with the first test). E2E_AXE_STRICT=0 only
// prints them instead, to see every violation of a run at once while fixing them; CI and a
// plain run are strict.
const STRICT = process.env.E2E_AXE_STRICT !== '0';

afterEach(async () => {
  const violations = await takeViolations();
  if (!violations.length) return;
  const report = `Accessibility (axe-core), serious or critical violations:\n${describeViolations(violations)}`;
  if (STRICT) throw new Error(report);
  console.warn(report);
});
