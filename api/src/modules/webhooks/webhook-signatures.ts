import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as the Standard Webhooks convention has it (docs/api/webhooks.md, "Verifying a
 * signature"): the secret is `whsec_` + base64 of random bytes, the HMAC-SHA256 key is those
 * bytes, the signed content `${id}.${timestamp}.${body}`, and the header `v1,` + base64 of the MAC.
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A new message id (`msg_…`), the `webhook-id` header of one message. */
export function generateMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** The `webhook-signature` header value for one attempt. */
export function signatureHeader(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}
