/** Prints a figure beside its baseline from the same run, as a ratio. */
export function printRatio(label: string, value: number, baseline: number, unit: string, higherIsBetter = true) {
  const ratio = value / baseline;
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
  const verdict = higherIsBetter ? `${(ratio * 100).toFixed(1)} % of baseline` : `${ratio.toFixed(2)}× baseline`;
  console.log(`${label.padEnd(48)} ${fmt(value)} ${unit} vs baseline ${fmt(baseline)} ${unit} → ${verdict}`);
}
