/**
 * `pack_format` numbers of pack.mcmeta → the game releases that read them (first and last),
 * from the published history of the format. A number missing here (snapshot-only formats, or
 * formats newer than this table) selects nothing rather than a guess.
 */

type FormatTable = Readonly<Record<number, readonly [first: string, last: string]>>;

export const RESOURCE_PACK_FORMATS: FormatTable = {
  1: ['1.6.1', '1.8.9'],
  2: ['1.9', '1.10.2'],
  3: ['1.11', '1.12.2'],
  4: ['1.13', '1.14.4'],
  5: ['1.15', '1.16.1'],
  6: ['1.16.2', '1.16.5'],
  7: ['1.17', '1.17.1'],
  8: ['1.18', '1.18.2'],
  9: ['1.19', '1.19.2'],
  12: ['1.19.3', '1.19.3'],
  13: ['1.19.4', '1.19.4'],
  15: ['1.20', '1.20.1'],
  18: ['1.20.2', '1.20.2'],
  22: ['1.20.3', '1.20.4'],
  32: ['1.20.5', '1.20.6'],
  34: ['1.21', '1.21.1'],
  42: ['1.21.2', '1.21.3'],
  46: ['1.21.4', '1.21.4'],
  55: ['1.21.5', '1.21.5'],
  63: ['1.21.6', '1.21.6'],
  64: ['1.21.7', '1.21.8'],
  69: ['1.21.9', '1.21.10'],
  75: ['1.21.11', '1.21.11'],
};

export const DATA_PACK_FORMATS: FormatTable = {
  4: ['1.13', '1.14.4'],
  5: ['1.15', '1.16.1'],
  6: ['1.16.2', '1.16.5'],
  7: ['1.17', '1.17.1'],
  8: ['1.18', '1.18.1'],
  9: ['1.18.2', '1.18.2'],
  10: ['1.19', '1.19.3'],
  12: ['1.19.4', '1.19.4'],
  15: ['1.20', '1.20.1'],
  18: ['1.20.2', '1.20.2'],
  26: ['1.20.3', '1.20.4'],
  41: ['1.20.5', '1.20.6'],
  48: ['1.21', '1.21.1'],
  57: ['1.21.2', '1.21.3'],
  61: ['1.21.4', '1.21.4'],
  71: ['1.21.5', '1.21.5'],
  80: ['1.21.6', '1.21.6'],
  81: ['1.21.7', '1.21.8'],
  88: ['1.21.9', '1.21.10'],
  94: ['1.21.11', '1.21.11'],
};

/** Release spans of every known format from `min` to `max` (both included). */
export function releaseSpans(table: FormatTable, min: number, max: number): Array<readonly [string, string]> {
  return Object.entries(table)
    .filter(([format]) => Number(format) >= min && Number(format) <= max)
    .map(([, span]) => span);
}
