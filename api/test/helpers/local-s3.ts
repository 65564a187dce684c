import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from 's3rver';
import { workspaceRoot } from '../../src/config.js';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's built-in key pair. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The FILE_STORE=s3 environment that points the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its objects under the
 * git-ignored test data folder; stop() closes it and removes them.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = join(workspaceRoot(), '.data', 'test', 's3', randomBytes(5).toString('hex'));
  const bucket = 'cairn-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
