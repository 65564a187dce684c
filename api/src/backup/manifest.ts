import { z } from 'zod';

/** What a backup folder holds: `manifest.json`, `database/<table>.jsonl.gz` (one row per line) and `files/<key>`. */
export const BackupManifestSchema = z.object({
  format: z.literal('cairn-backup'),
  formatVersion: z.literal(1),
  created: z.iso.datetime(),
  schema: z.object({ migrations: z.number().int(), last: z.string() }),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int(), sha256: z.string() })),
  files: z.array(z.object({ key: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
export const tableFile = (name: string) => `database/${name}.jsonl.gz`;
export const blobFile = (key: string) => `files/${key}`;
