import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type CreatedWebhook, type WebhookEvent, type WebhookFormat } from '@cairn/shared/schemas/webhooks';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldError, FormAlert, TextField } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { WebhookOwner } from '../api/webhooks-api';
import { useCreateWebhookMutation } from '../api/use-webhook-mutations';
import { EVENT_LABELS, FORMAT_LABELS } from './webhook-labels';
import styles from './webhooks.module.css';

type Field = 'url' | 'events';

/** Adding a hook: destination, format and events; the answer's secret goes to `onCreated`. */
export function WebhookForm({ owner, onCreated }: { owner: WebhookOwner; onCreated(hook: CreatedWebhook): void }) {
  const t = useT();
  const formatId = useId();
  const eventsErrorId = useId();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('generic');
  const [events, setEvents] = useState<WebhookEvent[]>(['version.published']);
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; form?: string }>({ fields: {} });
  const create = useCreateWebhookMutation(owner, {
    onSuccess: (hook) => {
      setUrl('');
      setErrors({ fields: {} });
      onCreated(hook);
    },
    onError: (error) => setErrors(formErrorsFrom<Field>(error, {}, { url: 'url', events: 'events' })),
  });

  const submit = () => {
    const fields: Partial<Record<Field, string>> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) fields.url = t('webhooks.form.urlInvalid');
    if (events.length === 0) fields.events = t('webhooks.form.eventsMissing');
    setErrors({ fields });
    if (Object.keys(fields).length === 0) create.mutate({ url: url.trim(), format, events });
  };

  return (
    <form
      className={styles.stack}
      aria-label={t('webhooks.form.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t('webhooks.form.url')}
        hint={t('webhooks.form.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        value={url}
        error={errors.fields.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <div className={styles.field}>
        <label htmlFor={formatId}>{t('webhooks.form.format')}</label>
        <Select id={formatId} className={styles.format} value={format} onChange={(event) => setFormat(event.target.value as WebhookFormat)}>
          {WEBHOOK_FORMATS.map((value) => (
            <option key={value} value={value}>
              {t(FORMAT_LABELS[value])}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className={styles.events} aria-describedby={errors.fields.events ? eventsErrorId : undefined} aria-invalid={errors.fields.events ? true : undefined}>
        <legend className={styles.legend}>{t('webhooks.form.events')}</legend>
        {WEBHOOK_EVENTS.map((value) => (
          <CheckboxField
            key={value}
            label={t(EVENT_LABELS[value])}
            checked={events.includes(value)}
            onChange={(event) => setEvents((current) => (event.target.checked ? [...current, value] : current.filter((e) => e !== value)))}
          />
        ))}
      </fieldset>
      {errors.fields.events && <FieldError id={eventsErrorId}>{errors.fields.events}</FieldError>}
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <div className={styles.actions}>
        <Button type="submit" color="brand" disabled={create.isPending}>
          {t('webhooks.form.submit')}
        </Button>
      </div>
    </form>
  );
}
