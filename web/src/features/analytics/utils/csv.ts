import type { AlignedSeries } from './series';

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The chart's data as CSV: one row per bucket (its start as an ISO date), one column per project.
 * `formatValue` turns a raw value into the cell text (revenue cents into dollars).
 */
export function analyticsCsv(aligned: AlignedSeries, formatValue: (value: number) => string = String): string {
  const header = ['time', ...aligned.series.map((s) => s.project.title)];
  const rows = aligned.timestamps.map((at, index) => [new Date(at * 1000).toISOString(), ...aligned.series.map((s) => formatValue(s.values[index]!))]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as a plain decimal number of dollars for spreadsheets: 1234 → "12.34". */
export function centsAsDecimal(cents: number): string {
  const whole = Math.trunc(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
