import type { User } from '@cairn/shared/schemas/users';

/** Moderators and admins: the staff pages' audience. */
export const isStaff = (user: User | null | undefined): boolean => user?.role === 'moderator' || user?.role === 'admin';
