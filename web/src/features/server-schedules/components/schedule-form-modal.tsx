import {
  SERVER_SCHEDULE_ACTIONS,
  SERVER_SCHEDULE_DELAY_MAX,
  SERVER_SCHEDULE_NAME_MAX,
  SERVER_SCHEDULE_STEPS_MAX,
  type ServerSchedule,
  type ServerScheduleAction,
} from '@cairn/shared/schemas/server-schedules';
import { isTimeZone } from '@cairn/shared/format/cron';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldError, FieldHint, FormAlert, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, Select } from '../../../components/ui/input';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { createServerSchedule, editServerSchedule, useScheduleMutation } from '../api/server-schedules-queries';
import { cronText } from './cron-text';
import styles from './schedules-tab.module.css';

interface StepDraft {
  action: ServerScheduleAction;
  command: string;
  delay: string;
}

const PRESETS = [
  { id: 'dailyRestart', name: 'servers.schedules.preset.dailyRestartName', cron: '0 4 * * *', steps: [{ action: 'restart', command: '', delay: '0' }] },
  { id: 'backup6h', name: 'servers.schedules.preset.backup6hName', cron: '0 */6 * * *', steps: [{ action: 'backup', command: '', delay: '0' }] },
  {
    id: 'announcedRestart',
    name: 'servers.schedules.preset.announcedRestartName',
    cron: '0 4 * * *',
    steps: [
      { action: 'command', command: 'say Restarting in 5 minutes', delay: '0' },
      { action: 'restart', command: '', delay: '300' },
    ],
  },
] as const satisfies ReadonlyArray<{ id: string; name: MessageId; cron: string; steps: readonly StepDraft[] }>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
const actionLabel = (action: ServerScheduleAction) => `servers.schedules.action.${action}` as MessageId;

/** Creates a schedule or edits one: presets, a cron field with its reading in words, the time zone and the chain of steps. */
export function ScheduleFormModal({ serverId, schedule, onClose }: { serverId: string; schedule?: ServerSchedule; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [name, setName] = useState(schedule?.name ?? '');
  const [cron, setCron] = useState(schedule?.cron ?? '0 4 * * *');
  const [timeZone, setTimeZone] = useState(schedule?.time_zone ?? browserZone());
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [steps, setSteps] = useState<StepDraft[]>(
    schedule?.steps.map((s) => ({ action: s.action, command: s.command ?? '', delay: String(s.delay_seconds) })) ?? [{ action: 'restart', command: '', delay: '0' }],
  );
  const [submitted, setSubmitted] = useState(false);
  const save = useScheduleMutation(
    serverId,
    (body: { name: string; cron: string; time_zone: string; enabled: boolean; steps: Array<{ action: ServerScheduleAction; command?: string; delay_seconds: number }> }) =>
      schedule ? editServerSchedule(serverId, schedule.id, body) : createServerSchedule(serverId, body),
    (saved) => t(schedule ? 'servers.schedules.toast.saved' : 'servers.schedules.toast.created', { name: saved.name }),
    onClose,
  );

  const reading = cronText(t, locale, cron);
  const nameError = submitted && (name.trim().length === 0 || name.trim().length > SERVER_SCHEDULE_NAME_MAX) ? t('servers.schedules.form.nameInvalid', { max: SERVER_SCHEDULE_NAME_MAX }) : undefined;
  const zoneError = submitted && !isTimeZone(timeZone) ? t('servers.schedules.form.zoneInvalid') : undefined;
  const stepErrors = steps.map((step) => {
    const delay = Number(step.delay);
    if (!Number.isInteger(delay) || delay < 0 || delay > SERVER_SCHEDULE_DELAY_MAX) return t('servers.schedules.form.delayInvalid', { max: SERVER_SCHEDULE_DELAY_MAX });
    if (step.action === 'command' && step.command.trim() === '') return t('servers.schedules.form.commandRequired');
    return undefined;
  });
  const valid = !('error' in reading) && name.trim().length > 0 && name.trim().length <= SERVER_SCHEDULE_NAME_MAX && isTimeZone(timeZone) && stepErrors.every((e) => !e);
  const setStep = (index: number, change: Partial<StepDraft>) => setSteps(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));

  return (
    <FormModal
      title={t(schedule ? 'servers.schedules.form.editTitle' : 'servers.schedules.form.createTitle')}
      submitLabel={t(schedule ? 'servers.schedules.form.save' : 'servers.schedules.form.create')}
      submitDisabled={save.isPending}
      onClose={onClose}
      formClassName={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!valid) return;
        save.mutate({
          name: name.trim(),
          cron: cron.trim(),
          time_zone: timeZone,
          enabled,
          steps: steps.map((step) => ({ action: step.action, ...(step.action === 'command' ? { command: step.command.trim() } : {}), delay_seconds: Number(step.delay) })),
        });
      }}
    >
      {!schedule && (
        <div role="group" aria-label={t('servers.schedules.form.presets')} className={styles.presets}>
          {PRESETS.map((preset) => (
            <Button
              key={preset.id}
              size="small"
              variant="outlined"
              onClick={() => {
                setName(t(preset.name));
                setCron(preset.cron);
                setSteps(preset.steps.map((s) => ({ ...s })));
              }}
            >
              {t(`servers.schedules.preset.${preset.id}`)}
            </Button>
          ))}
        </div>
      )}
      <TextField label={t('servers.schedules.form.name')} value={name} maxLength={SERVER_SCHEDULE_NAME_MAX} onChange={(e) => setName(e.target.value)} error={nameError} required />
      <TextField
        label={t('servers.schedules.form.cron')}
        value={cron}
        onChange={(e) => setCron(e.target.value)}
        spellCheck={false}
        className={styles.mono}
        hint={'text' in reading ? t('servers.schedules.form.cronReads', { text: reading.text }) : t('servers.schedules.form.cronHint')}
        error={'error' in reading ? reading.error : undefined}
      />
      <TextField label={t('servers.schedules.form.timeZone')} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} list={`${id}-zones`} error={zoneError} hint={t('servers.schedules.form.timeZoneHint')} />
      <datalist id={`${id}-zones`}>
        {zones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <fieldset className={styles.steps}>
        <legend>{t('servers.schedules.form.steps')}</legend>
        <FieldHint>{t('servers.schedules.form.stepsHint')}</FieldHint>
        <ol className={styles.stepList}>
          {steps.map((step, index) => (
            <li key={index} className={styles.step}>
              <label className={styles.stepField}>
                <span>{t('servers.schedules.form.delay')}</span>
                <Input type="number" min={0} max={SERVER_SCHEDULE_DELAY_MAX} value={step.delay} onChange={(e) => setStep(index, { delay: e.target.value })} aria-label={t('servers.schedules.form.delayLabel', { step: index + 1 })} />
              </label>
              <label className={styles.stepField}>
                <span>{t('servers.schedules.form.action')}</span>
                <Select value={step.action} onChange={(e) => setStep(index, { action: e.target.value as ServerScheduleAction })} aria-label={t('servers.schedules.form.actionLabel', { step: index + 1 })}>
                  {SERVER_SCHEDULE_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {t(actionLabel(action))}
                    </option>
                  ))}
                </Select>
              </label>
              {step.action === 'command' && (
                <label className={styles.stepField}>
                  <span>{t('servers.schedules.form.command')}</span>
                  <Input value={step.command} onChange={(e) => setStep(index, { command: e.target.value })} aria-label={t('servers.schedules.form.commandLabel', { step: index + 1 })} spellCheck={false} />
                </label>
              )}
              {steps.length > 1 && (
                <Button size="small" variant="transparent" color="red" onClick={() => setSteps(steps.filter((_, i) => i !== index))} aria-label={t('servers.schedules.form.removeStepLabel', { step: index + 1 })}>
                  {t('servers.schedules.form.removeStep')}
                </Button>
              )}
              {submitted && stepErrors[index] && <FieldError>{stepErrors[index]}</FieldError>}
            </li>
          ))}
        </ol>
        {steps.length < SERVER_SCHEDULE_STEPS_MAX && (
          <Button size="small" variant="outlined" onClick={() => setSteps([...steps, { action: 'command', command: '', delay: '0' }])}>
            {t('servers.schedules.form.addStep')}
          </Button>
        )}
      </fieldset>
      <CheckboxField label={t('servers.schedules.form.enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      {submitted && !valid && <FormAlert>{t('servers.schedules.form.fix')}</FormAlert>}
    </FormModal>
  );
}
