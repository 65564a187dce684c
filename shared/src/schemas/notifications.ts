import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { PROJECT_STATUSES } from '../constants/project-status.js';

// What a notification is about (the `body` of a notification): one object per kind, ids in
// base62. Title, text, link and actions are generated from it when the notification is read.

const ProjectStatusSchema = z.enum(PROJECT_STATUSES);

export const NotificationBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('project_update'), project_id: Base62IdSchema, version_id: Base62IdSchema }),
  z.object({
    type: z.literal('team_invite'),
    project_id: Base62IdSchema,
    team_id: Base62IdSchema,
    invited_by: Base62IdSchema,
    role: z.string(),
  }),
  z.object({
    type: z.literal('status_change'),
    project_id: Base62IdSchema,
    old_status: ProjectStatusSchema,
    new_status: ProjectStatusSchema,
  }),
  z.object({
    type: z.literal('moderator_message'),
    thread_id: Base62IdSchema,
    message_id: Base62IdSchema,
    project_id: Base62IdSchema.nullable(),
    report_id: Base62IdSchema.nullable(),
  }),
  z.object({ type: z.literal('report_submitted'), report_id: Base62IdSchema }),
  z.object({ type: z.literal('report_status_updated'), report_id: Base62IdSchema }),
]);
export type NotificationBody = z.infer<typeof NotificationBodySchema>;
export type NotificationType = NotificationBody['type'];

/** Kinds the v2 contract names in a notification's `type`; the others show `type: null` there. */
export const CONTRACT_NOTIFICATION_TYPES = ['project_update', 'team_invite', 'status_change', 'moderator_message'] as const;
