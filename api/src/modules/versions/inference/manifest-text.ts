import { parse as parseTomlText } from 'smol-toml';
import { parse as parseYamlText } from 'yaml';
import { ManifestError } from './manifest.js';

/** Turning manifest bytes into documents, with messages that name the entry and the problem. */

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeText(name: string, bytes: Buffer): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ManifestError(`${name} is not valid UTF-8 text`);
  }
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

const firstLine = (message: string) => message.split('\n')[0]!.slice(0, 200);

export function parseJson(name: string, bytes: Buffer): unknown {
  const text = decodeText(name, bytes);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`${name} is not valid JSON: ${firstLine((error as Error).message)}`);
  }
}

export function parseToml(name: string, bytes: Buffer): Record<string, unknown> {
  const text = decodeText(name, bytes);
  try {
    return parseTomlText(text) as Record<string, unknown>;
  } catch (error) {
    throw new ManifestError(`${name} is not valid TOML: ${firstLine((error as Error).message)}`);
  }
}

/** YAML with every scalar kept as text ("1.10" stays "1.10", not 1.1); aliases are capped against expansion bombs. */
export function parseYaml(name: string, bytes: Buffer): unknown {
  const text = decodeText(name, bytes);
  try {
    return parseYamlText(text, { schema: 'failsafe', maxAliasCount: 100, uniqueKeys: false });
  } catch (error) {
    throw new ManifestError(`${name} is not valid YAML: ${firstLine((error as Error).message)}`);
  }
}
