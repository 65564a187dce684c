import { NoAccessNotice } from '../../../../features/project-settings/components/no-access-notice';
import { holds } from '../../../../features/project-settings/utils/permissions';
import { WebhooksSettings } from '../../../../features/webhooks/components/webhooks-settings';
import { SettingsPageHeader } from '../../../../components/layout/settings-page';
import { useT } from '../../../../lib/i18n/i18n-provider';
import { useProjectSettings } from './shared';

/**
 * `/{type}/{id}/settings/webhooks`: the project's release webhooks, for members who edit its
 * details (and admins). Moderators' staff rights do not reach them: a destination URL is a
 * credential (api/src/modules/access/webhook.policy.ts).
 */
export function Component() {
  const t = useT();
  const { project, access, user } = useProjectSettings();
  const mayManage = holds(access.permissions, 'EDIT_DETAILS') && (access.source !== 'staff' || user?.role === 'admin');
  if (!mayManage) {
    return (
      <>
        <SettingsPageHeader title={t('webhooks.title')} />
        <NoAccessNotice section="webhooks" permission="EDIT_DETAILS" access={access} />
      </>
    );
  }
  return (
    <>
      <SettingsPageHeader title={t('webhooks.title')} />
      <WebhooksSettings key={project.id} owner={{ kind: 'project', id: project.id }} />
    </>
  );
}
