import net from 'node:net';

/**
 * Keep-alive HTTP/1.1 connections to one plain-HTTP server, for a hot path that posts small
 * JSON bodies and reads JSON answers (searches on Meilisearch). node:http's client costs a
 * ClientRequest, an IncomingMessage and their streams per request; here a request is one
 * socket write and the answer is read straight from the socket: a fraction of the CPU.
 *
 * One request at a time per connection (no pipelining); idle connections are reused and do
 * not keep the process alive. A request that fails on a reused connection before any answer
 * arrived (the server closed it meanwhile) is sent once more on a new one.
 */

export interface HttpAnswer {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads one response from the bytes of a connection (status line, headers, body). */
class ResponseReader {
  #chunks: Buffer[] = [];
  #length = 0;
  #bodyStart = -1;
  #status = 0;
  #contentLength = -1;
  #chunked = false;
  /** Whether the server will close the connection after this response. */
  closes = false;

  get started(): boolean {
    return this.#length > 0;
  }

  /** Adds bytes; returns the answer once complete. */
  push(chunk: Buffer): HttpAnswer | undefined {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    const data = this.#joined();
    if (this.#bodyStart < 0) {
      const end = data.indexOf(HEADER_END);
      if (end < 0) return undefined;
      this.#readHead(data.toString('latin1', 0, end));
      this.#bodyStart = end + HEADER_END.length;
    }
    if (this.#chunked) return this.#dechunk(data);
    if (this.#contentLength >= 0 && data.length >= this.#bodyStart + this.#contentLength) {
      return { status: this.#status, body: data.toString('utf8', this.#bodyStart, this.#bodyStart + this.#contentLength) };
    }
    return undefined;
  }

  /** A body delimited by the end of the connection (neither length nor chunks announced). */
  finishOnClose(): HttpAnswer | undefined {
    if (this.#bodyStart < 0 || this.#chunked || this.#contentLength >= 0) return undefined;
    return { status: this.#status, body: this.#joined().toString('utf8', this.#bodyStart) };
  }

  #joined(): Buffer {
    if (this.#chunks.length > 1) this.#chunks = [Buffer.concat(this.#chunks, this.#length)];
    return this.#chunks[0]!;
  }

  #readHead(head: string): void {
    const lines = head.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!status) throw new Error(`not an HTTP/1.1 response: ${JSON.stringify(lines[0])}`);
    this.#status = Number(status[1]);
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim().toLowerCase();
      if (name === 'content-length') this.#contentLength = Number(value);
      else if (name === 'transfer-encoding') this.#chunked = value.includes('chunked');
      else if (name === 'connection') this.closes = value === 'close';
    }
    if (lines[0]!.startsWith('HTTP/1.0')) this.closes = true;
  }

  #dechunk(data: Buffer): HttpAnswer | undefined {
    const parts: Buffer[] = [];
    let at = this.#bodyStart;
    for (;;) {
      const lineEnd = data.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(data.toString('latin1', at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('malformed chunked body');
      if (size === 0) {
        // The terminating chunk, optional trailers, then an empty line.
        if (data.indexOf(HEADER_END, lineEnd) < 0) return undefined;
        return { status: this.#status, body: Buffer.concat(parts).toString('utf8') };
      }
      if (data.length < lineEnd + 2 + size + 2) return undefined;
      parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
}

interface Pending {
  reader: ResponseReader;
  resolve(answer: HttpAnswer): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

class Connection {
  readonly socket: net.Socket;
  /** Requests answered on it so far (a failure on a used one may be its idle close). */
  served = 0;
  /** Whether any byte of an answer to the current request arrived. */
  answering = false;
  #pending: Pending | undefined;

  constructor(host: string, port: number, onClose: (connection: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true, keepAlive: true });
    this.socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.socket.on('error', (error) => this.#fail(error));
    this.socket.on('close', () => {
      const answer = this.#pending?.reader.finishOnClose();
      if (answer) this.#settle(answer);
      else this.#fail(new Error('connection closed before the answer was complete'));
      onClose(this);
    });
  }

  get usable(): boolean {
    return !this.socket.destroyed && !this.socket.writableEnded;
  }

  send(request: string, timeoutMs: number): Promise<HttpAnswer> {
    return new Promise<HttpAnswer>((resolve, reject) => {
      const timer = setTimeout(() => this.socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      this.#pending = { reader: new ResponseReader(), resolve, reject, timer };
      this.answering = false;
      this.socket.ref();
      this.socket.write(request);
    });
  }

  #onData(chunk: Buffer): void {
    const pending = this.#pending;
    if (!pending) return void this.socket.destroy();
    this.answering = true;
    let answer: HttpAnswer | undefined;
    try {
      answer = pending.reader.push(chunk);
    } catch (error) {
      this.socket.destroy(error as Error);
      return;
    }
    if (!answer) return;
    if (pending.reader.closes) this.socket.end();
    this.#settle(answer);
  }

  #settle(answer: HttpAnswer): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    this.served++;
    clearTimeout(pending.timer);
    // Idle connections do not keep the process alive.
    this.socket.unref();
    pending.resolve(answer);
  }

  #fail(error: unknown): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    clearTimeout(pending.timer);
    pending.reject(error);
  }
}

export class HttpConnections {
  readonly #host: string;
  readonly #port: number;
  readonly #hostHeader: string;
  readonly #idle: Connection[] = [];
  readonly #open = new Set<Connection>();
  /** Requests waiting for a connection while the maximum is open. */
  readonly #waiting: Array<(connection: Connection) => void> = [];

  constructor(
    url: URL,
    private readonly options: { maxConnections: number; timeoutMs: number },
  ) {
    if (url.protocol !== 'http:') throw new Error('HttpConnections speaks plain HTTP only');
    this.#host = url.hostname.replace(/^\[|\]$/g, '');
    this.#port = Number(url.port || 80);
    this.#hostHeader = url.host;
  }

  /**
   * POSTs a JSON body (`headers`: further header lines, each ending in CRLF); resolves with
   * the status and body of the answer, whatever the status.
   */
  async postJson(path: string, body: string, headers: string): Promise<HttpAnswer> {
    const request =
      `POST ${path} HTTP/1.1\r\nhost: ${this.#hostHeader}\r\ncontent-type: application/json\r\n${headers}` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    // One limit for the whole request: waiting for a connection, the answer and a second try.
    const deadline = performance.now() + this.options.timeoutMs;
    const remaining = () => Math.max(1, Math.round(deadline - performance.now()));
    const first = await this.#acquire(remaining());
    try {
      return await first.send(request, remaining());
    } catch (error) {
      if (first.served === 0 || first.answering || deadline - performance.now() < 1) throw error;
    } finally {
      this.#release(first);
    }
    // The server may close an idle connection just as it is reused: once more on a new one.
    const fresh = this.#connect();
    try {
      return await fresh.send(request, remaining());
    } finally {
      this.#release(fresh);
    }
  }

  async #acquire(timeoutMs: number): Promise<Connection> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#open.size < this.options.maxConnections) return this.#connect();
    return new Promise((resolve, reject) => {
      const take = (connection: Connection) => {
        clearTimeout(timer);
        resolve(connection);
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(take), 1);
        reject(new Error(`no connection within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiting.push(take);
    });
  }

  #release(connection: Connection): void {
    const usable = connection.usable ? connection : undefined;
    const next = this.#waiting.shift();
    if (next) next(usable ?? this.#connect());
    else if (usable) this.#idle.push(usable);
  }

  #connect(): Connection {
    const connection = new Connection(this.#host, this.#port, (closed) => {
      this.#open.delete(closed);
      const at = this.#idle.indexOf(closed);
      if (at >= 0) this.#idle.splice(at, 1);
    });
    this.#open.add(connection);
    return connection;
  }
}
