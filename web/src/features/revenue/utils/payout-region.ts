/** ISO 3166-1 alpha-2 codes of the regions a creator may receive money in. */
const REGION_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR ' +
  'CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID ' +
  'IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RW SA SB SC SE SG SH SI SJ ' +
  'SK SL SM SN SO SR SS ST SV SX SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');
const KNOWN = new Set(REGION_CODES);
const STORAGE_KEY = 'cairn.payout-region';

/** The regions with their names in the reader's language, by name. */
export function regionOptions(locale: string): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return REGION_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

function storedRegion(): string | undefined {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? undefined;
    return value && KNOWN.has(value) ? value : undefined;
  } catch {
    return undefined; // storage may be blocked
  }
}

/** The region chosen last time, else the one of the browser's language (en-GB → GB), else the US. */
export function initialRegion(languages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  const stored = storedRegion();
  if (stored) return stored;
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && KNOWN.has(region)) return region;
    } catch {
      // an unparsable language tag: try the next one
    }
  }
  return 'US';
}

export function rememberRegion(code: string): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered when storage is blocked
  }
}
