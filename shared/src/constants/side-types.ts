/** Whether a project is needed on the client or the server (`client_side` / `server_side`). */
export const SIDE_TYPES = ['required', 'optional', 'unsupported', 'unknown'] as const;

export type SideType = (typeof SIDE_TYPES)[number];

export function isSideType(value: string): value is SideType {
  return (SIDE_TYPES as readonly string[]).includes(value);
}
