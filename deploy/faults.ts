// `npm run faults [-- --short] [--only sigkill,postgresql,redis,upload] [--out results.json]`: the fault suite (deploy/test/faults.ts)
// on servers of its own. The full form keeps each fault between 60 s of healthy traffic
// and runs eight submission clients; `--short` (what CI runs, in deploy/test/faults.test.ts)
// 5 s and four. Prints the results as the table of docs/RELIABILITY.md.
import { parseArgs } from 'node:util';
import { internalErrors, markdownTable, runFaultSuite, writeResults } from './test/faults';

const { values } = parseArgs({ options: { short: { type: 'boolean', default: false }, out: { type: 'string' }, only: { type: 'string' } } });
// --only sigkill,postgresql,redis,upload: some faults only.
const only = values.only?.split(',').map((f) => f.trim().toLowerCase());
const results = await runFaultSuite({ ...(values.short ? { settleS: 5, submitters: 4 } : { settleS: 60, submitters: 8 }), only });
console.log(`\n${markdownTable(results)}`);
if (values.out) writeResults(values.out, results);
const lost = results.filter((r) => r.participations.lost > 0 || r.participations.duplicated > 0);
const errors = results.filter((r) => internalErrors(r) > 0);
if (lost.length) console.log(`FAIL: participations lost or stored twice in ${lost.map((r) => r.fault).join(', ')}`);
if (errors.length) console.log(`FAIL: requests answered 500 in ${errors.map((r) => `${r.fault} (${internalErrors(r)})`).join(', ')}`);
if (!lost.length && !errors.length) console.log('PASS: no participation lost or stored twice, no request answered 500');
process.exit(lost.length || errors.length ? 1 : 0);
