import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real SFTP client (the node agent package's ssh2, which the API does not depend on) for tests
 * that log in to a node's SFTP server with the credentials the panel gave out.
 */
const agentDir = fileURLToPath(new URL('../../../node-agent/', import.meta.url));
const requireFromAgent = createRequire(path.join(agentDir, 'package.json'));

type Done<T> = (error: Error | null | undefined, value: T) => void;
interface Sftp {
  readdir(dir: string, done: Done<Array<{ filename: string }>>): void;
  readFile(file: string, done: Done<Buffer>): void;
  writeFile(file: string, data: string, done: (error: Error | null | undefined) => void): void;
}
interface Client {
  once(event: 'ready' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  connect(config: object): void;
  sftp(done: Done<Sftp>): void;
  end(): void;
}
const ssh2 = requireFromAgent('ssh2') as {
  Client: new () => Client;
  utils: { generateKeyPairSync(type: 'ed25519'): { private: string; public: string } };
};

/** A new ed25519 key pair: the OpenSSH public key line and the private key. */
export const generateSshKey = () => ssh2.utils.generateKeyPairSync('ed25519');

const promised = <T>(run: (done: Done<T>) => void) => new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));

export interface SftpSession {
  /** The host key fingerprint the client was shown (`SHA256:…`). */
  fingerprint: string;
  list(dir: string): Promise<string[]>;
  get(file: string): Promise<string>;
  put(file: string, text: string): Promise<void>;
  /** Settles when the connection ends, whoever ended it. */
  closed: Promise<void>;
  end(): void;
}

/** Logs in over SFTP with a password or a private key; rejects when the login is refused. */
export function sftpLogin(port: number, login: { username: string; password?: string; privateKey?: string }): Promise<SftpSession> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let fingerprint = '';
    const closed = new Promise<void>((done) => client.once('close', () => done()));
    void closed.then(() => reject(new Error('the connection closed before the login')));
    client.once('error', reject);
    client.once('ready', () =>
      client.sftp((error, sftp) => {
        if (error) return reject(error);
        resolve({
          fingerprint,
          closed,
          end: () => client.end(),
          list: async (dir) => (await promised<Array<{ filename: string }>>((done) => sftp.readdir(dir, done))).map((entry) => entry.filename).sort(),
          get: async (file) => (await promised<Buffer>((done) => sftp.readFile(file, done))).toString('utf8'),
          put: (file, text) => promised<void>((done) => sftp.writeFile(file, text, (failed) => done(failed, undefined))),
        });
      }),
    );
    client.connect({
      host: '127.0.0.1',
      port,
      readyTimeout: 20_000,
      hostVerifier: (key: Buffer) => {
        fingerprint = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
        return true;
      },
      ...login,
    });
  });
}
