import { REPORT_ITEM_TYPES, ReportItemTypeSchema, type Report, type ReportItemType } from '@cairn/shared/schemas/reports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FieldError, FieldHint, FieldLabel, FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { reportQueries, type ReportedItem } from '../api/reports-queries';
import { useSubmitReport } from '../api/use-report-mutations';
import { parseReportTarget, type ReportTarget } from '../utils/report-target';
import { itemHref } from '../utils/item-href';
import { REASON_WARNINGS, reasonLabel } from '../utils/reasons';
import styles from './reports.module.css';

const formSchema = z.object({
  itemType: ReportItemTypeSchema,
  item: z.string().trim().min(1, 'reports.form.itemRequired'),
  reason: z.string().min(1, 'reports.form.reasonRequired'),
  body: z.string().trim().min(1, 'reports.form.bodyRequired'),
});
type FormValues = z.infer<typeof formSchema>;

export interface ReportFormDefaults {
  itemType?: ReportItemType;
  item?: string;
  body?: string;
}

/** `/report`: what to report, why, and the details moderators need; one open report per item. */
export function ReportForm({ defaults }: { defaults: ReportFormDefaults }) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const queryClient = useQueryClient();
  const { register, handleSubmit, watch, formState, setError } = useZodForm<FormValues>(formSchema, {
    itemType: defaults.itemType ?? 'project',
    item: defaults.item ?? '',
    reason: '',
    body: defaults.body ?? '',
  });
  const initialTarget = defaults.item ? parseReportTarget(defaults.item, defaults.itemType ?? 'project') : null;
  const [target, setTarget] = useState<ReportTarget | null>(initialTarget);
  const itemType = watch('itemType');
  const reason = watch('reason');
  const reasons = useQuery(reportQueries.reasons());
  const mine = useQuery(reportQueries.mine());
  const lookup = useQuery({ ...reportQueries.item(target?.type ?? 'project', target?.id ?? ''), enabled: target !== null });
  const item = target ? lookup.data : undefined;
  const existing = item ? mine.data?.find((r) => r.item_type === item.type && r.item_id === item.id) : undefined;

  const submit = useSubmitReport({
    onSuccess: (report) => {
      notifications.add({ type: 'success', title: t('reports.form.submitted') });
      void navigate(paths.dashboard.report.getHref(report.id));
    },
    onError: (error) => {
      if (error instanceof HttpError && error.code === 'already_reported') return;
      setError('root.server', { type: 'server', message: error instanceof HttpError ? error.description : error.message });
    },
  });

  const checkItem = () => setTarget(parseReportTarget(watch('item'), watch('itemType')));
  const onSubmit = handleSubmit(async (values) => {
    const named = parseReportTarget(values.item, values.itemType);
    setTarget(named);
    const found = named ? await queryClient.fetchQuery(reportQueries.item(named.type, named.id)) : null;
    if (!found) {
      setError('item', { type: 'server', message: 'reports.form.itemMissing' });
      return;
    }
    // An open report of the item turns this page into the notice linking it.
    const open = (await queryClient.fetchQuery(reportQueries.mine())).some((r) => r.item_type === found.type && r.item_id === found.id);
    if (!open) submit.mutate({ report_type: values.reason, item_type: found.type, item_id: found.id, body: values.body });
  });
  const errorText = (message: string | undefined) => (message ? t(message as Parameters<typeof t>[0]) : undefined);

  if (existing && item) return <AlreadyReported item={item} report={existing} />;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{item ? t('reports.form.titleItem', { name: item.name }) : t('reports.form.title')}</h1>
      <section className={styles.guidance} aria-label={t('reports.form.guidanceLabel')}>
        <div>
          <strong>{t('reports.form.forTitle')}</strong>
          <ul>
            <li>{t('reports.form.forRules')}</li>
            <li>{t('reports.form.forTerms')}</li>
          </ul>
        </div>
        <div>
          <strong>{t('reports.form.notForTitle')}</strong>
          <ul>
            <li>{t('reports.form.notForBugs')}</li>
            <li>
              {t('reports.form.notForTakedowns')} <a href={paths.legal.getHref('copyright')}>{t('reports.form.copyrightPolicy')}</a>
            </li>
          </ul>
        </div>
      </section>
      <form className={styles.card} noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className={styles.choices}>
          <FieldLabel as="legend">{t('reports.form.itemType')}</FieldLabel>
          <div className={styles.choiceRow}>
            {REPORT_ITEM_TYPES.map((type) => (
              <label key={type} className={styles.choice}>
                <input type="radio" value={type} {...register('itemType', { onChange: () => setTarget(null) })} />
                {t(`reports.itemType.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('reports.form.item')}
          hint={t('reports.form.itemHint', { type: t(`reports.itemType.${itemType}`) })}
          error={errorText(formState.errors.item?.message)}
          autoComplete="off"
          {...register('item', { onBlur: checkItem })}
        />
        {target && (
          <p className={styles.itemStatus} role="status">
            {lookup.isFetching ? (
              t('reports.form.checking', { type: t(`reports.itemType.${target.type}`) })
            ) : item ? (
              <span className={styles.found}>✓ {t('reports.form.found', { type: t(`reports.itemType.${item.type}`), name: item.name })}</span>
            ) : lookup.data === null ? (
              <span className={styles.missing}>{t('reports.form.notFound', { type: t(`reports.itemType.${target.type}`) })}</span>
            ) : null}
          </p>
        )}
        <fieldset className={styles.choices} aria-describedby={formState.errors.reason ? 'report-reason-error' : undefined}>
          <FieldLabel as="legend">{t('reports.form.reason')}</FieldLabel>
          <div className={styles.choiceRow}>
            {(reasons.data ?? []).map((name) => (
              <label key={name} className={styles.choice}>
                <input type="radio" value={name} {...register('reason')} />
                {reasonLabel(t, name)}
              </label>
            ))}
          </div>
          {formState.errors.reason && <FieldError id="report-reason-error">{errorText(formState.errors.reason.message)}</FieldError>}
          {REASON_WARNINGS[reason] && <FieldHint>{t(REASON_WARNINGS[reason])}</FieldHint>}
        </fieldset>
        <TextAreaField label={t('reports.form.body')} hint={t('reports.form.bodyHint')} rows={8} error={errorText(formState.errors.body?.message)} {...register('body')} />
        {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
        <div className={styles.actions}>
          <Button type="submit" color="red" disabled={submit.isPending}>
            {t('reports.form.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function AlreadyReported({ item, report }: { item: ReportedItem; report: Report }) {
  const t = useT();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('reports.form.alreadyTitle', { name: item.name })}</h1>
      <Banner
        tone="info"
        framed
        title={t('reports.form.alreadyText')}
        actions={
          <>
            <ButtonLink to={paths.dashboard.report.getHref(report.id)} color="brand">
              {t('reports.form.goToReport')}
            </ButtonLink>
            <ButtonLink to={itemHref(item)} variant="outlined">
              {t('reports.form.backTo', { name: item.name })}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
