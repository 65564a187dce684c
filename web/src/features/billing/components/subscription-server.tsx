import type { SubscriptionEntry } from '@cairn/shared/schemas/billing';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../../../components/ui/app-link';
import { CardMeta } from '../../../components/ui/card-list';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MessageId } from '../../../lib/i18n/catalogs';

const FOR_SERVER: MessageId = 'billing.settings.forServer';

/**
 * Which server a server-plan subscription pays for, linked to its panel; when the server is gone
 * (deleted after the plan ended, or never created) its id from the metadata. Nothing for Plus.
 */
export function SubscriptionServer({ entry }: { entry: SubscriptionEntry }) {
  const t = useT();
  const { server, subscription } = entry;
  if (server)
    return (
      <CardMeta>
        <FormattedMessage id={FOR_SERVER} values={{ server: <AppLink to={paths.serverPanel.getHref(server.id)}>{server.name}</AppLink> }} />
      </CardMeta>
    );
  if (subscription.metadata?.type === 'pyro') return <CardMeta>{t('billing.settings.noServer', { id: subscription.metadata.id })}</CardMeta>;
  return null;
}
