/**
 * How other modules notify users: inside their own transaction, so a notification exists exactly
 * when the change it reports was committed.
 */
export { insertNotifications as notifyUsers, listAcceptedProjectMembers } from './notifications.repository.js';
export { announceReleasedVersions, announceVersion, becomesPublic, firstPublicRelease } from './follower-updates.js';
