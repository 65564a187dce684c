import { describe, expect, it } from 'vitest';
import { generateMessageId, generateSecret, signatureHeader } from './webhook-signatures.js';

describe('webhook signatures', () => {
  it('matches the Standard Webhooks reference example', () => {
    // The example of the convention's specification: secret, id, timestamp, body and signature.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signatureHeader(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 32 random bytes and distinct message ids', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
    expect(generateMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(generateMessageId()).not.toBe(generateMessageId());
  });
});
