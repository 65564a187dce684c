import type { WebhookDeliveryEvent } from '@cairn/shared/schemas/webhooks';

/**
 * What a delivery carries: the event as recorded in the transaction of the change (links relative
 * to the site, so the record does not depend on configuration), and the two bodies rendered from
 * it when it is sent — the same bytes on every attempt (docs/api/webhooks.md, "Payloads").
 */

export interface ProjectSnapshot {
  id: string;
  slug: string;
  title: string;
  project_type: string;
  path: string;
}

export interface VersionSnapshot {
  id: string;
  name: string;
  version_number: string;
  version_type: string;
  status: string;
  changelog: string;
  game_versions: string[];
  loaders: string[];
  date_published: string;
  path: string;
}

export type RecordedEvent =
  | { type: 'version.published' | 'version.edited' | 'version.deleted'; timestamp: string; data: { project: ProjectSnapshot; version: VersionSnapshot } }
  | { type: 'project.status_changed'; timestamp: string; data: { project: ProjectSnapshot; old_status: string; new_status: string } }
  | {
      type: 'gallery.image_added';
      timestamp: string;
      data: { project: ProjectSnapshot; image: { url: string; title: string | null; description: string | null; featured: boolean } };
    }
  | {
      type: 'ping';
      timestamp: string;
      data: { webhook_id: string; project: ProjectSnapshot | null; organization: { id: string; slug: string; name: string; path: string } | null };
    };

export type RecordedEventType = RecordedEvent['type'] & WebhookDeliveryEvent;

/** Every `path` (a site-relative link) becomes a `url` on the site. */
function withUrls(value: unknown, siteUrl: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withUrls(item, siteUrl));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => (key === 'path' && typeof item === 'string' ? ['url', `${siteUrl}${item}`] : [key, withUrls(item, siteUrl)])));
}

/** The `generic` body: `{ type, timestamp, data }` with absolute links. */
export function renderGeneric(event: RecordedEvent, siteUrl: string): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: withUrls(event.data, siteUrl) });
}

// Discord's limits for one embed (characters).
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const FIELD_MAX = 1024;
/** The changelog is cut well below Discord's limit: the embed is an announcement, the page has the rest. */
const CHANGELOG_MAX = 1500;

const COLORS = { published: 0x1bd96a, edited: 0x4f9cf7, deleted: 0xe5484d, status: 0xf5a524, gallery: 0x8e6cef, ping: 0x8b8d97 } as const;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const list = (values: readonly string[]) => cut(values.length > 0 ? values.join(', ') : '—', FIELD_MAX);

interface Embed {
  title: string;
  url?: string;
  description?: string;
  color: number;
  timestamp: string;
  fields?: { name: string; value: string; inline: boolean }[];
  image?: { url: string };
}

/** The `discord` body: one embed per message (https://discord.com/developers/docs/resources/webhook). */
export function renderDiscord(event: RecordedEvent, siteUrl: string): string {
  const embed = discordEmbed(event, siteUrl);
  const body = { username: 'Cairn', embeds: [{ ...embed, title: cut(embed.title, TITLE_MAX), ...(embed.description ? { description: cut(embed.description, DESCRIPTION_MAX) } : {}) }] };
  return JSON.stringify(body);
}

function discordEmbed(event: RecordedEvent, siteUrl: string): Embed {
  const { timestamp } = event;
  switch (event.type) {
    case 'version.published':
    case 'version.edited':
    case 'version.deleted': {
      const { project, version } = event.data;
      const verb = { 'version.published': 'released', 'version.edited': 'updated', 'version.deleted': 'removed' }[event.type];
      const color = { 'version.published': COLORS.published, 'version.edited': COLORS.edited, 'version.deleted': COLORS.deleted }[event.type];
      return {
        title: `${project.title} ${version.version_number} ${verb}`,
        ...(event.type === 'version.deleted' ? {} : { url: `${siteUrl}${version.path}` }),
        description: cut(version.changelog.trim() || version.name, CHANGELOG_MAX),
        color,
        timestamp,
        fields: [
          { name: 'Version', value: cut(`${version.name} (${version.version_type})`, FIELD_MAX), inline: true },
          { name: 'Game versions', value: list(version.game_versions), inline: true },
          { name: 'Loaders', value: list(version.loaders), inline: true },
        ],
      };
    }
    case 'project.status_changed':
      return {
        title: `${event.data.project.title} is now ${event.data.new_status}`,
        url: `${siteUrl}${event.data.project.path}`,
        description: `The status changed from ${event.data.old_status} to ${event.data.new_status}.`,
        color: COLORS.status,
        timestamp,
      };
    case 'gallery.image_added':
      return {
        title: `New image in the gallery of ${event.data.project.title}`,
        url: `${siteUrl}${event.data.project.path}/gallery`,
        ...(event.data.image.title || event.data.image.description ? { description: [event.data.image.title, event.data.image.description].filter(Boolean).join('\n') } : {}),
        color: COLORS.gallery,
        timestamp,
        image: { url: event.data.image.url },
      };
    case 'ping': {
      const owner = event.data.project ?? event.data.organization;
      const name = event.data.project?.title ?? event.data.organization?.name ?? 'this webhook';
      return {
        title: `Test message for ${name}`,
        ...(owner ? { url: `${siteUrl}${owner.path}` } : {}),
        description: 'The webhook works: this channel will receive the events it is subscribed to.',
        color: COLORS.ping,
        timestamp,
      };
    }
  }
}
