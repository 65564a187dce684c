import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { FieldGroup, FieldHint, FormAlert } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { installServerModpack, modpackInstallQueries } from '../api/modpack-install-queries';

/** The choice of server and version behind "Install on my server" (install-on-server.tsx). */
export function InstallModal({ projectTitle, versions, onClose }: { projectTitle: string; versions: ReadonlyArray<{ id: string; version_number: string }>; onClose: () => void }) {
  const t = useT();
  const serverId = useId();
  const versionId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const targets = useQuery(modpackInstallQueries.targets());
  const [chosenServer, setChosenServer] = useState<string>();
  const [chosenVersion, setChosenVersion] = useState(versions[0]!.id);
  const servers = targets.data?.servers ?? [];
  const server = chosenServer ?? servers[0]?.id;
  const install = useMutation({
    mutationFn: () => installServerModpack(server!, chosenVersion),
    onSuccess: async (pack) => {
      await queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      notifications.add({ type: 'success', title: t('project.installOnServer.queued', { name: pack.title, version: pack.target_version_number }) });
      onClose();
      void navigate(`${paths.serverPanel.getHref(server!)}?tab=content`);
    },
  });
  return (
    <FormModal
      title={t('project.installOnServer.title', { name: projectTitle })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (server) install.mutate();
      }}
      submitLabel={install.isPending ? t('project.installOnServer.installing') : t('project.installOnServer.submit')}
      submitDisabled={!server || install.isPending}
    >
      {targets.isPending ? (
        <p role="status">{t('project.installOnServer.loading')}</p>
      ) : targets.isError ? (
        <FormAlert>{t('project.installOnServer.loadError')}</FormAlert>
      ) : servers.length === 0 ? (
        <p>
          {t('project.installOnServer.none')} <AppLink to={paths.servers.getHref()}>{t('project.installOnServer.getServer')}</AppLink>
        </p>
      ) : (
        <>
          <FieldGroup>
            <label htmlFor={serverId}>{t('project.installOnServer.server')}</label>
            <Select id={serverId} value={server} onChange={(e) => setChosenServer(e.target.value)}>
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {t('project.installOnServer.serverOption', { name: s.name, version: s.game_version })}
                </option>
              ))}
            </Select>
          </FieldGroup>
          <FieldGroup>
            <label htmlFor={versionId}>{t('project.installOnServer.version')}</label>
            <Select id={versionId} value={chosenVersion} onChange={(e) => setChosenVersion(e.target.value)}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.version_number}
                </option>
              ))}
            </Select>
          </FieldGroup>
          <FieldHint>{t('project.installOnServer.hint')}</FieldHint>
        </>
      )}
      {install.isError && <FormAlert>{install.error instanceof HttpError ? install.error.description : t('project.installOnServer.failed')}</FormAlert>}
    </FormModal>
  );
}
