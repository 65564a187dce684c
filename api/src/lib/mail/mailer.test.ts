import { describe, expect, it } from 'vitest';
import { plainMail } from './mailer.js';

describe('plainMail', () => {
  it('keeps the text and writes it as escaped paragraphs in the HTML', () => {
    const mail = plainMail('a@mail.test', 'subscription_credited', 'Credited', 'Hello <b>Ada</b> & "co",\n\nWe added 10 days.\nThanks.');
    expect(mail).toMatchObject({ to: 'a@mail.test', kind: 'subscription_credited', subject: 'Credited', text: 'Hello <b>Ada</b> & "co",\n\nWe added 10 days.\nThanks.' });
    expect(mail.html).toBe('<p>Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;co&quot;,</p><p>We added 10 days.<br>Thanks.</p>');
  });
});
