import type { WebhookDeliveryEvent, WebhookFormat } from '@cairn/shared/schemas/webhooks';
import type { MessageId } from '../../../lib/i18n/catalogs';

/** How the page names each event and format. */
export const EVENT_LABELS: Record<WebhookDeliveryEvent, MessageId> = {
  'version.published': 'webhooks.event.versionPublished',
  'version.edited': 'webhooks.event.versionEdited',
  'version.deleted': 'webhooks.event.versionDeleted',
  'project.status_changed': 'webhooks.event.projectStatusChanged',
  'gallery.image_added': 'webhooks.event.galleryImageAdded',
  ping: 'webhooks.event.ping',
};

export const FORMAT_LABELS: Record<WebhookFormat, MessageId> = {
  generic: 'webhooks.format.generic',
  discord: 'webhooks.format.discord',
};
