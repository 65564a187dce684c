import { SERVER_NOTICE_MESSAGE_MAX, SERVER_NOTICE_TITLE_MAX, ServerNoticeLevelSchema, type ServerNotice } from '@cairn/shared/schemas/server-notices';
import type { Server, ServerNode } from '@cairn/shared/schemas/servers';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { CheckboxField, FieldLabel, FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/input';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateServerNotice, useEditServerNotice } from '../api/use-server-admin-mutations';
import { fromLocalInput, toLocalInput } from '../utils/notice-dates';
import styles from './notice-form-modal.module.css';

const FIELDS = ['level', 'title', 'message', 'begins', 'expires'] as const;
type Field = (typeof FIELDS)[number];

/** The API names the field its 400 is about ("expires: must be after begins"). */
function fieldOf(error: unknown): { field: Field | undefined; message: string } | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const match = /^([a-z_]+)(?:\.[a-z_]+)?: (.*)$/.exec(error.description);
  const field = FIELDS.find((f) => f === match?.[1]);
  return { field, message: field ? match![2]! : error.description };
}

interface NoticeFormModalProps {
  /** Editing this notice; creating when absent. */
  notice?: ServerNotice;
  nodes: readonly ServerNode[];
  servers: readonly Server[];
  onClose: () => void;
}

/** Create or edit a server notice: level, text, period, dismissable, and where it shows. */
export function NoticeFormModal({ notice, nodes, servers, onClose }: NoticeFormModalProps) {
  const t = useT();
  const levelId = useId();
  const schema = useMemo(
    () =>
      z.object({
        level: ServerNoticeLevelSchema,
        title: z.string().max(SERVER_NOTICE_TITLE_MAX, t('servers.notices.form.titleInvalid', { max: SERVER_NOTICE_TITLE_MAX })),
        message: z.string().trim().min(1, t('servers.notices.form.messageRequired')).max(SERVER_NOTICE_MESSAGE_MAX),
        dismissable: z.boolean(),
        begins: z.string(),
        expires: z.string(),
        all: z.boolean(),
        nodeIds: z.array(z.string()),
        serverIds: z.array(z.string()),
      }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, watch, formState, setError } = useZodForm<Values>(schema, {
    level: notice?.level ?? 'info',
    title: notice?.title ?? '',
    message: notice?.message ?? '',
    dismissable: notice?.dismissable ?? true,
    begins: toLocalInput(notice?.begins ?? null),
    expires: toLocalInput(notice?.expires ?? null),
    all: notice?.assigned.all ?? false,
    nodeIds: notice?.assigned.nodes.map((n) => n.id) ?? [],
    serverIds: notice?.assigned.servers.map((s) => s.id) ?? [],
  });
  const survey = watch('level') === 'survey';
  const all = watch('all');
  const callbacks = {
    onSuccess: onClose,
    onError: (error: Error) => {
      const problem = fieldOf(error);
      setError(problem?.field ?? 'root.server', { type: 'server', message: problem?.message ?? error.message });
    },
  };
  const create = useCreateServerNotice(callbacks);
  const edit = useEditServerNotice(callbacks);
  const pending = create.isPending || edit.isPending;

  const submit = handleSubmit((values) => {
    const body = {
      level: values.level,
      title: values.title.trim() || null,
      message: values.message.trim(),
      dismissable: values.level === 'survey' || values.dismissable,
      begins: fromLocalInput(values.begins),
      expires: fromLocalInput(values.expires),
      assign: { all: values.all, node_ids: values.all ? [] : values.nodeIds, server_ids: values.all ? [] : values.serverIds },
    };
    if (notice) edit.mutate({ id: notice.id, body });
    else create.mutate(body);
  });

  return (
    <FormModal
      title={t(notice ? 'servers.notices.form.editTitle' : 'servers.notices.form.createTitle')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t(notice ? 'servers.notices.form.save' : 'servers.notices.form.create')}
      submitDisabled={pending}
      formClassName={styles.form}
    >
      {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
      <label className={styles.select} htmlFor={levelId}>
        {t('servers.notices.form.level')}
        <Select id={levelId} {...register('level')}>
          {ServerNoticeLevelSchema.options.map((level) => (
            <option key={level} value={level}>
              {t(`servers.notices.level.${level}`)}
            </option>
          ))}
        </Select>
      </label>
      <TextField label={t('servers.notices.form.title')} placeholder={t('servers.notices.form.titlePlaceholder')} maxLength={SERVER_NOTICE_TITLE_MAX} error={formState.errors.title?.message} {...register('title')} />
      {survey ? (
        <TextField label={t('servers.notices.form.surveyUrl')} type="url" required error={formState.errors.message?.message} {...register('message')} />
      ) : (
        <TextAreaField label={t('servers.notices.form.message')} required rows={4} maxLength={SERVER_NOTICE_MESSAGE_MAX} error={formState.errors.message?.message} {...register('message')} />
      )}
      <CheckboxField
        label={t('servers.notices.form.dismissable')}
        hint={survey ? t('servers.notices.form.surveyDismissable') : undefined}
        disabled={survey}
        {...(survey ? { checked: true, readOnly: true } : register('dismissable'))}
      />
      <div className={styles.row}>
        <TextField label={t('servers.notices.form.begins')} type="datetime-local" hint={t('servers.notices.form.beginsHint')} error={formState.errors.begins?.message} {...register('begins')} />
        <TextField label={t('servers.notices.form.expires')} type="datetime-local" hint={t('servers.notices.form.expiresHint')} error={formState.errors.expires?.message} {...register('expires')} />
      </div>
      <fieldset className={styles.choices}>
        <FieldLabel as="legend">{t('servers.notices.form.assign')}</FieldLabel>
        <CheckboxField label={t('servers.notices.form.allServers')} {...register('all')} />
        {!all && (
          <>
            <fieldset className={styles.choices}>
              <FieldLabel as="legend">{t('servers.notices.form.nodes')}</FieldLabel>
              <div className={styles.list}>
                {nodes.map((node) => (
                  <CheckboxField key={node.id} label={node.name} value={node.id} {...register('nodeIds')} />
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.choices}>
              <FieldLabel as="legend">{t('servers.notices.form.servers')}</FieldLabel>
              <div className={styles.list}>
                {servers.map((server) => (
                  <CheckboxField key={server.id} label={`${server.name} (${server.id})`} value={server.id} {...register('serverIds')} />
                ))}
              </div>
            </fieldset>
          </>
        )}
      </fieldset>
    </FormModal>
  );
}
