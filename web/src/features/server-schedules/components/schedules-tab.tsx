import type { ServerSchedule, ServerScheduleRun } from '@cairn/shared/schemas/server-schedules';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable, numericCell } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { deleteServerSchedule, editServerSchedule, RUNNING_POLL_MS, runServerSchedule, serverScheduleQueries, useScheduleMutation } from '../api/server-schedules-queries';
import { cronText, inZone } from './cron-text';
import { ScheduleFormModal } from './schedule-form-modal';
import styles from './schedules-tab.module.css';

const outcomeLabel = (status: ServerScheduleRun['status']) => `servers.schedules.outcome.${status}` as MessageId;
const actionLabel = (action: ServerSchedule['steps'][number]['action']) => `servers.schedules.action.${action}` as MessageId;

/** Schedules: timed chains of power, backup and console steps, each with its next run, run now and a history of runs. */
export function SchedulesTab({ serverId }: { serverId: string }) {
  const t = useT();
  const id = useId();
  const [editing, setEditing] = useState<ServerSchedule | 'new' | undefined>();
  const query = useQuery({
    ...serverScheduleQueries.list(serverId),
    refetchInterval: (q) => (q.state.data?.schedules.some((s) => s.last_run?.status === 'running') ? RUNNING_POLL_MS : false),
  });

  if (query.isPending) return <p role="status">{t('servers.schedules.loading')}</p>;
  if (query.isError)
    return (
      <div role="alert" className={styles.tab}>
        <p>{t('servers.schedules.loadError')}</p>
        <div>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      </div>
    );

  const { schedules, max_schedules: max } = query.data;
  const full = schedules.length >= max;
  return (
    <section className={styles.tab} aria-labelledby={`${id}-title`}>
      <div className={styles.heading}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('servers.schedules.title')}
        </h2>
        <span className={styles.count}>{t('servers.schedules.count', { used: schedules.length, max })}</span>
        <Button color="brand" onClick={() => setEditing('new')} disabled={full} aria-describedby={full ? `${id}-full` : undefined}>
          {t('servers.schedules.new')}
        </Button>
      </div>
      <p className={styles.hint}>{t('servers.schedules.hint')}</p>
      {full && (
        <p id={`${id}-full`} className={styles.hint}>
          {t('servers.schedules.full', { max })}
        </p>
      )}
      {schedules.length === 0 ? (
        <EmptyState framed>{t('servers.schedules.empty')}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('servers.schedules.listLabel')}>
          {schedules.map((schedule) => (
            <ScheduleItem key={schedule.id} serverId={serverId} schedule={schedule} onEdit={() => setEditing(schedule)} />
          ))}
        </ul>
      )}
      {editing && <ScheduleFormModal serverId={serverId} schedule={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function ScheduleItem({ serverId, schedule, onEdit }: { serverId: string; schedule: ServerSchedule; onEdit: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggle = useScheduleMutation(
    serverId,
    (enabled: boolean) => editServerSchedule(serverId, schedule.id, { enabled }),
    (saved) => t(saved.enabled ? 'servers.schedules.toast.enabled' : 'servers.schedules.toast.disabled', { name: saved.name }),
  );
  const run = useScheduleMutation(serverId, () => runServerSchedule(serverId, schedule.id), () => t('servers.schedules.toast.started', { name: schedule.name }), () => setHistoryOpen(true));
  const remove = useScheduleMutation(serverId, () => deleteServerSchedule(serverId, schedule.id), () => t('servers.schedules.toast.deleted', { name: schedule.name }));
  const reading = cronText(t, locale, schedule.cron);
  const busy = toggle.isPending || run.isPending || remove.isPending;
  return (
    <li className={styles.item} aria-labelledby={`${id}-name`}>
      <div className={styles.itemHead}>
        <h3 id={`${id}-name`} className={styles.name}>
          {schedule.name}
        </h3>
        <span className={styles.switch}>
          <input id={`${id}-enabled`} type="checkbox" role="switch" checked={schedule.enabled} disabled={busy} onChange={(e) => toggle.mutate(e.target.checked)} />
          <label htmlFor={`${id}-enabled`}>{t('servers.schedules.enabledLabel')}</label>
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('servers.schedules.when')}</dt>
        <dd>
          {'text' in reading ? reading.text : schedule.cron} <span className={styles.zone}>({schedule.time_zone})</span> · <code>{schedule.cron}</code>
        </dd>
        <dt>{t('servers.schedules.nextRun')}</dt>
        <dd>{schedule.next_run ? inZone(locale, schedule.next_run, schedule.time_zone) : t('servers.schedules.off')}</dd>
        <dt>{t('servers.schedules.steps')}</dt>
        <dd>
          <ol className={styles.stepSummary}>
            {schedule.steps.map((step, index) => (
              <li key={index}>
                {step.delay_seconds > 0 && <span className={styles.wait}>{t('servers.schedules.wait', { seconds: step.delay_seconds })} → </span>}
                {t(actionLabel(step.action))}
                {step.command && (
                  <>
                    {' '}
                    <code>{step.command}</code>
                  </>
                )}
              </li>
            ))}
          </ol>
        </dd>
        <dt>{t('servers.schedules.lastRun')}</dt>
        <dd>{schedule.last_run ? `${t(outcomeLabel(schedule.last_run.status))} · ${inZone(locale, schedule.last_run.started, schedule.time_zone)}` : t('servers.schedules.never')}</dd>
      </dl>
      <div className={styles.actions}>
        <Button size="small" onClick={() => run.mutate(undefined)} disabled={busy}>
          {run.isPending ? t('servers.schedules.starting') : t('servers.schedules.runNow')}
        </Button>
        <Button size="small" variant="outlined" onClick={onEdit} disabled={busy}>
          {t('servers.schedules.edit')}
        </Button>
        <Button size="small" variant="outlined" aria-expanded={historyOpen} aria-controls={`${id}-history`} onClick={() => setHistoryOpen(!historyOpen)}>
          {t(historyOpen ? 'servers.schedules.hideHistory' : 'servers.schedules.showHistory')}
        </Button>
        <Button size="small" variant="transparent" color="red" onClick={() => setConfirming(true)} disabled={busy}>
          {t('servers.schedules.delete')}
        </Button>
      </div>
      <div id={`${id}-history`} hidden={!historyOpen}>
        {historyOpen && <RunHistory serverId={serverId} schedule={schedule} />}
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('servers.schedules.deleteTitle', { name: schedule.name })}
        confirmLabel={t('servers.schedules.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p>{t('servers.schedules.deleteText')}</p>
      </ConfirmModal>
    </li>
  );
}

function RunHistory({ serverId, schedule }: { serverId: string; schedule: ServerSchedule }) {
  const t = useT();
  const locale = useLocale();
  const runs = useQuery({ ...serverScheduleQueries.runs(serverId, schedule.id), refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? RUNNING_POLL_MS : false) });
  if (runs.isPending) return <p role="status">{t('servers.schedules.history.loading')}</p>;
  if (runs.isError) return <p role="alert">{t('servers.schedules.history.loadError')}</p>;
  const seconds = (ms: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000);
  return (
    <DataTable
      caption={t('servers.schedules.history.caption', { name: schedule.name })}
      density="compact"
      empty={t('servers.schedules.history.empty')}
      columns={[
        { key: 'started', label: t('servers.schedules.history.started') },
        { key: 'trigger', label: t('servers.schedules.history.trigger') },
        { key: 'outcome', label: t('servers.schedules.history.outcome') },
        { key: 'duration', label: t('servers.schedules.history.duration'), numeric: true },
        { key: 'reason', label: t('servers.schedules.history.reason') },
      ]}
    >
      {runs.data.map((run) => (
        <tr key={run.id}>
          <td>{inZone(locale, run.started, schedule.time_zone)}</td>
          <td>{t(run.trigger === 'manual' ? 'servers.schedules.history.manual' : 'servers.schedules.history.scheduled')}</td>
          <td>
            <span className={styles.outcome} data-status={run.status}>
              {t(outcomeLabel(run.status))}
            </span>
          </td>
          <td className={numericCell}>{run.duration_ms === null ? '—' : t('servers.schedules.history.seconds', { seconds: seconds(run.duration_ms) })}</td>
          <td>{run.reason ?? t('servers.schedules.history.stepsDone', { count: run.steps_done })}</td>
        </tr>
      ))}
    </DataTable>
  );
}
