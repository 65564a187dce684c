/** server.properties: `key=value` lines, `#` comments. Order of existing keys is kept on write. */
export function parseProperties(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    map.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return map;
}

export function serializeProperties(map: Map<string, string>): string {
  let out = '#Cairn server settings\n';
  for (const [key, value] of map) out += `${key}=${value.replace(/[\r\n]/g, ' ')}\n`;
  return out;
}
