/** The server.properties keys the Properties form shows as typed fields; every other key is a raw row. */
export const TYPED_PROPERTIES = [
  { key: 'motd', kind: 'text' },
  { key: 'gamemode', kind: 'select', options: ['survival', 'creative', 'adventure', 'spectator'] },
  { key: 'difficulty', kind: 'select', options: ['peaceful', 'easy', 'normal', 'hard'] },
  { key: 'max-players', kind: 'number', min: 1, max: 1000 },
  { key: 'view-distance', kind: 'number', min: 2, max: 32 },
  { key: 'pvp', kind: 'boolean' },
  { key: 'white-list', kind: 'boolean' },
  { key: 'online-mode', kind: 'boolean' },
] as const;

const TYPED_KEYS: ReadonlySet<string> = new Set(TYPED_PROPERTIES.map((p) => p.key));
/** The node rewrites these before every start; editing them would do nothing. */
const NODE_OWNED: ReadonlySet<string> = new Set(['server-port', 'server-ip']);

const DEFAULTS: Record<string, string> = { gamemode: 'survival', difficulty: 'easy', 'max-players': '20', 'view-distance': '10', pvp: 'true', 'white-list': 'false', 'online-mode': 'true' };

export interface PropertiesValues {
  fields: Record<string, string | boolean>;
  extra: Array<{ key: string; value: string }>;
}

export function propertiesFormValues(properties: Record<string, string>): PropertiesValues {
  const fields: PropertiesValues['fields'] = {};
  for (const property of TYPED_PROPERTIES) {
    const raw = properties[property.key] ?? DEFAULTS[property.key] ?? '';
    fields[property.key] = property.kind === 'boolean' ? raw === 'true' : raw;
  }
  const extra = Object.entries(properties)
    .filter(([key]) => !TYPED_KEYS.has(key) && !NODE_OWNED.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));
  return { fields, extra };
}

/** Only what differs from the server's file (blank new rows are dropped). */
export function propertiesToSave(current: Record<string, string>, values: PropertiesValues): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const property of TYPED_PROPERTIES) {
    const value = String(values.fields[property.key] ?? '');
    if ((current[property.key] ?? DEFAULTS[property.key] ?? '') !== value) changes[property.key] = property.kind === 'number' ? String(Number(value)) : value;
  }
  for (const { key, value } of values.extra) {
    if (!key || NODE_OWNED.has(key) || TYPED_KEYS.has(key)) continue;
    if (current[key] !== value) changes[key] = value;
  }
  return changes;
}
