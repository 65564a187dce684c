/** How other modules open threads and write the server's own messages (status changes, closures). */
export { findProjectThreadId, insertMessage as addThreadMessage, insertThread as createThread, type ThreadSubject } from './threads.repository.js';
