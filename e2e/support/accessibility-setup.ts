import { afterEach } from 'vitest';
import { describeViolations, takeViolations } from './accessibility';

// Every journey test: the serious or critical axe violations of every page state it reached
// (what a beforeAll reached, a sign-in, is judged with the first test). They fail the journey
// with E2E_AXE_STRICT=1; by default they are printed only, because the screens merged in
// round 4 still carry violations not yet fixed (issue 23, see its note): the suite must stay a
// gate for what the journeys check while those are worked off.
const STRICT = process.env.E2E_AXE_STRICT === '1';

afterEach(async () => {
  const violations = await takeViolations();
  if (!violations.length) return;
  const report = `Accessibility (axe-core), serious or critical violations:\n${describeViolations(violations)}`;
  if (STRICT) throw new Error(report);
  console.warn(report);
});
