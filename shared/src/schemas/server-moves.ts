import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * POST /servers/{id}/move (admins): moves a server's folder to another node agent. The server is
 * stopped on its node, its folder copied to the target, started there if it was running, and
 * removed from the old node; on any failure it stays (and runs again) where it was.
 */
export const MoveServerBodySchema = z.object({ node_id: Base62IdSchema }).strict();
export type MoveServerBody = z.infer<typeof MoveServerBodySchema>;
