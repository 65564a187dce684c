import { escapeHtml, type MailKind, type MailMessage } from './mailer.js';

/**
 * The words of every message Cairn sends: short, plain, friendly, and always saying what to
 * do if it was not you. Links point at the website.
 */
export interface MailContext {
  siteUrl: string;
}

interface Draft {
  subject: string;
  paragraphs: string[];
  link?: { url: string; label: string };
}

const NOT_YOU_SECURITY = 'If this was not you, reset your password right away and check the sign-in methods on your account settings page.';

function compose(to: string, kind: MailKind, draft: Draft): MailMessage {
  const text = [...draft.paragraphs.slice(0, 1), ...(draft.link ? [`${draft.link.label}: ${draft.link.url}`] : []), ...draft.paragraphs.slice(1), '— Cairn'].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">',
    `<p>${escapeHtml(draft.paragraphs[0] ?? '')}</p>`,
    draft.link ? `<p><a href="${escapeHtml(draft.link.url)}">${escapeHtml(draft.link.label)}</a></p>` : '',
    ...draft.paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>— Cairn</p>',
    '</body></html>',
  ].join('');
  return { to, kind, subject: draft.subject, text, html, link: draft.link?.url };
}


/** One project's new versions in an email digest, each with the link to its page. */
export interface DigestProject {
  title: string;
  url: string;
  versions: Array<{ name: string; versionNumber: string; url: string }>;
}

/**
 * The email digest of followed projects' new versions: a list per project, each version linking
 * to its page, and the link to the settings where the digest is changed or turned off.
 */
function composeDigest(to: string, draft: { subject: string; intro: string; projects: DigestProject[]; more: string | null; settings: { url: string; label: string; text: string } }): MailMessage {
  const versionLabel = (version: DigestProject['versions'][number]) => (version.name && version.name !== version.versionNumber ? `${version.name} (${version.versionNumber})` : version.versionNumber);
  const text = [
    draft.intro,
    ...draft.projects.map((project) => [`${project.title} — ${project.url}`, ...project.versions.map((version) => `- ${versionLabel(version)}: ${version.url}`)].join('\n')),
    ...(draft.more ? [draft.more] : []),
    `${draft.settings.text} ${draft.settings.label}: ${draft.settings.url}`,
    '— Cairn',
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">',
    `<p>${escapeHtml(draft.intro)}</p>`,
    ...draft.projects.map(
      (project) =>
        `<h2 style="font-size: 1.1em; margin-bottom: 0.25em;"><a href="${escapeHtml(project.url)}">${escapeHtml(project.title)}</a></h2><ul>${project.versions
          .map((version) => `<li><a href="${escapeHtml(version.url)}">${escapeHtml(versionLabel(version))}</a></li>`)
          .join('')}</ul>`,
    ),
    draft.more ? `<p>${escapeHtml(draft.more)}</p>` : '',
    `<p style="font-size: 0.9em; color: #59636e;">${escapeHtml(draft.settings.text)} <a href="${escapeHtml(draft.settings.url)}">${escapeHtml(draft.settings.label)}</a></p>`,
    '<p>— Cairn</p>',
    '</body></html>',
  ].join('');
  return { to, kind: 'email_digest', subject: draft.subject, text, html, link: draft.settings.url };
}

export function createMessages(context: MailContext) {
  const site = context.siteUrl;
  const link = (path: string, flow: string) => `${site}${path}?flow=${encodeURIComponent(flow)}`;
  return {
    verifyEmail: (to: string, username: string, flow: string) =>
      compose(to, 'verify_email', {
        subject: 'Confirm your email address',
        paragraphs: [
          `Hi ${username}, please confirm that this is your email address by opening the link below. It works for 24 hours.`,
          'If you did not use this address on Cairn, you can ignore this message.',
        ],
        link: { url: link('/auth/verify-email', flow), label: 'Confirm my email address' },
      }),

    resetPassword: (to: string, username: string, flow: string) =>
      compose(to, 'reset_password', {
        subject: 'Reset your password',
        paragraphs: [
          `Hi ${username}, someone asked to reset the password of your Cairn account. Open the link below to choose a new one; it works for 24 hours.`,
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ],
        link: { url: link('/auth/reset-password', flow), label: 'Choose a new password' },
      }),

    passwordChanged: (to: string, username: string) =>
      compose(to, 'password_changed', {
        subject: 'Your password was changed',
        paragraphs: [`Hi ${username}, the password of your Cairn account was just changed, and your other sessions were signed out.`, NOT_YOU_SECURITY],
      }),

    passwordRemoved: (to: string, username: string) =>
      compose(to, 'password_removed', {
        subject: 'Your password was removed',
        paragraphs: [`Hi ${username}, your Cairn account no longer has a password; you now sign in with your linked accounts only.`, NOT_YOU_SECURITY],
      }),

    twoFactorEnabled: (to: string, username: string) =>
      compose(to, 'two_factor_enabled', {
        subject: 'Two-factor authentication is on',
        paragraphs: [
          `Hi ${username}, two-factor authentication is now on for your Cairn account. Signing in will ask for a code from your authenticator app.`,
          'Keep your backup codes somewhere safe: each one works once if you lose your device.',
          NOT_YOU_SECURITY,
        ],
      }),

    twoFactorRemoved: (to: string, username: string) =>
      compose(to, 'two_factor_removed', {
        subject: 'Two-factor authentication is off',
        paragraphs: [`Hi ${username}, two-factor authentication was turned off for your Cairn account.`, NOT_YOU_SECURITY],
      }),

    emailChanged: (to: string, username: string, newEmail: string) =>
      compose(to, 'email_changed', {
        subject: 'Your email address was changed',
        paragraphs: [`Hi ${username}, the email address of your Cairn account was changed to ${newEmail}. Messages will go there from now on.`, NOT_YOU_SECURITY],
      }),

    providerAdded: (to: string, username: string, provider: string) =>
      compose(to, 'auth_provider_added', {
        subject: `${provider} sign-in was added`,
        paragraphs: [`Hi ${username}, you can now sign in to Cairn with ${provider}.`, NOT_YOU_SECURITY],
      }),

    /**
     * The digest of `count` new versions (those listed in `projects`; `count` may be more when the
     * list was cut short) of the projects the user follows.
     */
    emailDigest: (to: string, username: string, period: 'daily' | 'weekly', projects: DigestProject[], count: number) => {
      const listed = projects.reduce((sum, project) => sum + project.versions.length, 0);
      return composeDigest(to, {
        subject: count === 1 ? 'A project you follow has a new version' : `${count} new versions of projects you follow`,
        intro: `Hi ${username}, here is your ${period} digest: the new versions of the projects you follow.`,
        projects,
        more: count > listed ? `…and ${count - listed} more. Your notifications on Cairn list every one of them.` : null,
        settings: {
          url: `${site}/settings/notifications`,
          label: 'Change or turn off this digest',
          text: `You get this email because you chose a ${period} digest of the projects you follow.`,
        },
      });
    },

    providerRemoved: (to: string, username: string, provider: string) =>
      compose(to, 'auth_provider_removed', {
        subject: `${provider} sign-in was removed`,
        paragraphs: [`Hi ${username}, ${provider} can no longer be used to sign in to your Cairn account.`, NOT_YOU_SECURITY],
      }),
  };
}

export type Messages = ReturnType<typeof createMessages>;
