import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chatText, decodeVarInt, encodeVarInt, parseStatus, pingServer, plainMotd, readStatusResponse, statusRequest } from './server-list-ping.js';

/** A status answer packet around `json`, as a server sends it. */
function statusPacket(json: string): Buffer {
  const text = Buffer.from(json, 'utf8');
  const body = Buffer.concat([encodeVarInt(0), encodeVarInt(text.length), text]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A local TCP server that answers each connection with `answer` (after reading the request). */
async function fakeServer(answer: (socket: net.Socket, request: Buffer) => void): Promise<number> {
  const server = net.createServer((socket) => {
    let request = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      request = Buffer.concat([request, chunk]);
      answer(socket, request);
    });
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('VarInt framing', () => {
  it('round-trips values across byte boundaries, -1 included', () => {
    for (const value of [0, 1, 127, 128, 255, 25565, 2_097_151, 2_147_483_647, -1]) {
      const bytes = encodeVarInt(value);
      expect(decodeVarInt(bytes, 0)).toEqual({ value, length: bytes.length });
    }
    expect(encodeVarInt(300)).toEqual(Buffer.from([0xac, 0x02]));
    expect(encodeVarInt(-1)).toEqual(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
  });

  it('waits for the rest of a split packet and refuses a malformed length', () => {
    const packet = statusPacket('{"version":{"name":"1.21.4"}}');
    expect(readStatusResponse(packet.subarray(0, 5))).toBeUndefined();
    expect(readStatusResponse(packet)).toBe('{"version":{"name":"1.21.4"}}');
    expect(() => decodeVarInt(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), 0)).toThrow(/malformed/);
  });

  it('writes the handshake with next state 1 and then the status request', () => {
    const request = statusRequest('play.example.com', 25565);
    const length = decodeVarInt(request, 0)!;
    const handshake = request.subarray(length.length, length.length + length.value);
    expect(handshake[0]).toBe(0x00);
    expect(handshake.at(-1)).toBe(1);
    expect(handshake.includes(Buffer.from('play.example.com'))).toBe(true);
    expect(request.subarray(length.length + length.value)).toEqual(Buffer.from([0x01, 0x00]));
  });
});

describe('the status document', () => {
  it('reads version, players and a chat-component message of the day as plain text', () => {
    const status = parseStatus(
      JSON.stringify({ version: { name: 'Paper 1.21.4', protocol: 769 }, players: { online: 3, max: 20 }, description: { text: '§aHello ', extra: [{ text: 'world', bold: true }, '\n§lline two'] } }),
    );
    expect(status).toEqual({ versionName: 'Paper 1.21.4', playersOnline: 3, playersMax: 20, motd: 'Hello world\nline two' });
  });

  it('keeps markup as text, drops control characters and bounds the length', () => {
    expect(plainMotd('<script>alert(1)</script>\u0007')).toBe('<script>alert(1)</script>');
    expect(plainMotd('x'.repeat(2000))).toHaveLength(512);
    expect(plainMotd('   ')).toBeNull();
    expect(chatText({ translate: 'multiplayer.status', extra: [{ text: '!' }] })).toBe('multiplayer.status!');
  });

  it('ignores counts that are not whole non-negative numbers', () => {
    expect(parseStatus('{"players":{"online":-1,"max":"20"}}')).toMatchObject({ playersOnline: null, playersMax: null, versionName: null, motd: null });
    expect(() => parseStatus('not json')).toThrow(/not JSON/);
  });
});

describe('pingServer', () => {
  it('answers what a server sends, read in pieces', async () => {
    const port = await fakeServer((socket, request) => {
      if (request.length < 3) return;
      const packet = statusPacket('{"version":{"name":"1.21.4"},"players":{"online":1,"max":10},"description":"Hi"}');
      socket.write(packet.subarray(0, 4));
      setTimeout(() => socket.write(packet.subarray(4)), 20);
    });
    await expect(pingServer({ host: 'localhost', address: '127.0.0.1', port, timeoutMs: 2000 })).resolves.toEqual({ versionName: '1.21.4', playersOnline: 1, playersMax: 10, motd: 'Hi' });
  });

  it('gives up at its deadline on a server that never answers', async () => {
    const port = await fakeServer(() => undefined);
    await expect(pingServer({ host: '127.0.0.1', port, timeoutMs: 300 })).rejects.toThrow(/no answer within/);
  });

  it('refuses an answer larger than a status can be', async () => {
    const port = await fakeServer((socket) => socket.write(Buffer.concat([encodeVarInt(10_000_000), Buffer.alloc(16)])));
    await expect(pingServer({ host: '127.0.0.1', port, timeoutMs: 2000 })).rejects.toThrow(/larger than allowed/);
  });
});
