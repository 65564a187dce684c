import { z } from 'zod';

/** Wire shapes of a server's SFTP access for the panel (docs/api/servers.md, "SFTP"). */

/** One public key as the panel shows it: the key line and its SHA-256 fingerprint. */
export const ServerSftpKeySchema = z.object({ key: z.string(), fingerprint: z.string() });

/** GET /v2/servers/{id}/sftp: how the caller reaches the server's files over SFTP. */
export const ServerSftpSchema = z.object({
  /** False while the server's node runs no SFTP server (switched off, or not reachable now). */
  available: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  /** The caller's login name on this server: `<username>.<server id>`. */
  username: z.string(),
  /** What the node's host key must show (`SHA256:…`), to check on the first connection. */
  host_key_fingerprint: z.string().nullable(),
  password_set: z.boolean(),
  public_keys: z.array(ServerSftpKeySchema),
  /** Whether the login may change files (the files_write permission); otherwise it only reads. */
  can_write: z.boolean(),
});
export type ServerSftp = z.infer<typeof ServerSftpSchema>;

/** POST /v2/servers/{id}/sftp/password: the new password, shown this once and never again. */
export const ServerSftpPasswordSchema = z.object({ username: z.string(), password: z.string() });
export type ServerSftpPassword = z.infer<typeof ServerSftpPasswordSchema>;

/** A public key line as OpenSSH writes it (`ssh-ed25519 AAAA… comment`); checked further by the API. */
const PublicKeyLineSchema = z.string().trim().min(1, 'must not be empty').max(16_384, 'must be at most 16384 characters');

/** PUT /v2/servers/{id}/sftp/keys: the full set of public keys that may log in (empty: none). */
export const SetServerSftpKeysBodySchema = z.object({ public_keys: z.array(PublicKeyLineSchema).max(20, 'at most 20 keys') }).strict();
export type SetServerSftpKeysBody = z.infer<typeof SetServerSftpKeysBodySchema>;
