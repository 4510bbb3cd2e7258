import { afterEach } from 'vitest';
import { describeViolations, takeViolations } from './accessibility';

// Every journey test: a serious or critical axe violation on any page state it reached fails it.
// What a beforeAll reached (a sign-in) is judged with the first test.
afterEach(async () => {
  const violations = await takeViolations();
  if (violations.length) throw new Error(`Accessibility (axe-core), serious or critical violations:\n${describeViolations(violations)}`);
});
