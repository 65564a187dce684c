import net from 'node:net';

/**
 * The game's Server List Ping, the exchange its multiplayer screen makes: over TCP a handshake
 * packet (next state 1, "status"), then an empty status request; the server answers one packet
 * holding a JSON document with `version.name`, `players.online`/`players.max` and `description`
 * (the message of the day, a string or a chat component). Every packet is a VarInt length, a
 * VarInt packet id and the fields. One deadline covers connecting and the answer, and the answer
 * is read up to a bound, so a hostile server can neither hold the worker nor fill its memory.
 */

/** What a status ping read. */
export interface StatusPingResult {
  versionName: string | null;
  playersOnline: number | null;
  playersMax: number | null;
  /** Plain text: chat components flattened, formatting codes removed. */
  motd: string | null;
}

export interface StatusPingTarget {
  /** The name the handshake carries (servers behind a proxy route by it). */
  host: string;
  port: number;
  /** The checked IP address to connect to (see server-listing-address.ts); `host` when absent. */
  address?: string;
  timeoutMs: number;
}

/** The status answer is a few kilobytes (a favicon is the largest part); more is refused. */
const MAX_RESPONSE_BYTES = 256 * 1024;
/** -1: "whatever version you are"; servers answer the status of their own version anyway. */
const ANY_PROTOCOL = -1;
const MOTD_MAX = 512;

/** Why a ping failed, in a sentence for the owner. */
export class StatusPingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatusPingError';
  }
}

/** `value` as a VarInt: 7 bits a byte, low first, the high bit set on all but the last. */
export function encodeVarInt(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/** A VarInt at `offset`: its value and length, or undefined while the buffer ends inside it. */
export function decodeVarInt(buffer: Buffer, offset: number): { value: number; length: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= buffer.length) return undefined;
    const byte = buffer[offset + i]!;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, length: i + 1 };
  }
  throw new StatusPingError('the server sent a malformed packet length');
}

function packet(id: number, ...fields: Buffer[]): Buffer {
  const body = Buffer.concat([encodeVarInt(id), ...fields]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}

function gameString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([encodeVarInt(bytes.length), bytes]);
}

/** The handshake (next state: status) and the status request, as one write. */
export function statusRequest(host: string, port: number): Buffer {
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  return Buffer.concat([packet(0x00, encodeVarInt(ANY_PROTOCOL), gameString(host), portBytes, encodeVarInt(1)), packet(0x00)]);
}

/** The JSON text of a complete status response packet in `buffer`, or undefined while it is incomplete. */
export function readStatusResponse(buffer: Buffer): string | undefined {
  const length = decodeVarInt(buffer, 0);
  if (!length) return undefined;
  if (length.value > MAX_RESPONSE_BYTES) throw new StatusPingError('the server sent a status answer larger than allowed');
  const start = length.length;
  if (buffer.length < start + length.value) return undefined;
  const body = buffer.subarray(start, start + length.value);
  const id = decodeVarInt(body, 0);
  if (!id || id.value !== 0x00) throw new StatusPingError('the server did not answer with a status packet');
  const textLength = decodeVarInt(body, id.length);
  if (!textLength || id.length + textLength.length + textLength.value > body.length) throw new StatusPingError('the server sent a malformed status packet');
  const textStart = id.length + textLength.length;
  return body.subarray(textStart, textStart + textLength.value).toString('utf8');
}

/** A chat component (or plain string) as plain text: its `text`, its `extra` parts, in order. */
export function chatText(component: unknown, depth = 0): string {
  if (depth > 16) return '';
  if (typeof component === 'string') return component;
  if (Array.isArray(component)) return component.map((part) => chatText(part, depth + 1)).join('');
  if (component && typeof component === 'object') {
    const { text, translate, extra } = component as { text?: unknown; translate?: unknown; extra?: unknown };
    const own = typeof text === 'string' ? text : typeof translate === 'string' ? translate : '';
    return own + (Array.isArray(extra) ? extra.map((part) => chatText(part, depth + 1)).join('') : '');
  }
  return '';
}

/**
 * The message of the day as plain text: `§x` formatting codes and control characters other than
 * line breaks removed, trimmed and bounded. It is shown as text, so no markup survives anyway.
 */
export function plainMotd(description: unknown): string | null {
  const text = chatText(description)
    .replace(/§[0-9a-fk-orx]/gi, '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .trim();
  return text === '' ? null : text.slice(0, MOTD_MAX);
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** The parts of a status document a listing shows. */
export function parseStatus(json: string): StatusPingResult {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    throw new StatusPingError('the server answered a status that is not JSON');
  }
  if (!document || typeof document !== 'object') throw new StatusPingError('the server answered an empty status');
  const { version, players, description } = document as { version?: { name?: unknown }; players?: { online?: unknown; max?: unknown }; description?: unknown };
  const versionName = typeof version?.name === 'string' ? version.name.slice(0, 64) : null;
  return { versionName, playersOnline: count(players?.online), playersMax: count(players?.max), motd: plainMotd(description) };
}

/** Pings one server; rejects with a StatusPingError saying why when it does not answer in time or answers nonsense. */
export function pingServer(target: StatusPingTarget): Promise<StatusPingResult> {
  return new Promise<StatusPingResult>((resolve, reject) => {
    let received = Buffer.alloc(0);
    let settled = false;
    const socket = net.connect({ host: target.address ?? target.host, port: target.port });
    const finish = (error: Error | undefined, result?: StatusPingResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error instanceof StatusPingError ? error : new StatusPingError(error.message));
      else resolve(result!);
    };
    const timer = setTimeout(() => finish(new StatusPingError(`no answer within ${Math.round(target.timeoutMs / 1000)} s`)), target.timeoutMs);
    socket.once('connect', () => socket.write(statusRequest(target.host, target.port)));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      try {
        if (received.length > MAX_RESPONSE_BYTES + 8) throw new StatusPingError('the server sent a status answer larger than allowed');
        const json = readStatusResponse(received);
        if (json !== undefined) finish(undefined, parseStatus(json));
      } catch (error) {
        finish(error as Error);
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'ECONNREFUSED' ? 'the connection was refused (is the server running?)' : error.code === 'EHOSTUNREACH' ? 'the host is unreachable' : `the connection failed (${error.code ?? error.message})`;
      finish(new StatusPingError(reason));
    });
    socket.once('close', () => finish(new StatusPingError('the server closed the connection without a status answer')));
  });
}
