import { badRequest } from './errors.js';

/** A schedule's time from a request, which must lie ahead (else 400 naming the field). */
export function futureTime(text: string, field = 'time', now = new Date()): Date {
  const time = new Date(text);
  if (!(time.getTime() > now.getTime())) throw badRequest(`Invalid body '${field}': must be in the future`);
  return time;
}
