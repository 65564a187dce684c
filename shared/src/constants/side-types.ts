/** Whether a project is needed on the client or the server (`client_side` / `server_side`). */
export const SIDE_TYPES = ['required', 'optional', 'unsupported', 'unknown'] as const;

export type SideType = (typeof SIDE_TYPES)[number];
