import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldLabel, TextField } from '../../../components/ui/form';
import { Input, Select } from '../../../components/ui/input';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useEditServerProperties } from '../api/use-server-mutations';
import { TYPED_PROPERTIES, propertiesFormValues, propertiesToSave, type PropertiesValues } from '../utils/server-properties';
import styles from './options-tab.module.css';

const schemaFor = (message: (id: MessageId, values?: Record<string, string | number>) => string) =>
  z
    .object({
      fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
      extra: z.array(z.object({ key: z.string(), value: z.string() })),
    })
    .superRefine((values, ctx) => {
      for (const property of TYPED_PROPERTIES) {
        if (property.kind !== 'number') continue;
        const raw = values.fields[property.key];
        const number = Number(raw);
        if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(number) || number < property.min || number > property.max)
          ctx.addIssue({ code: 'custom', path: ['fields', property.key], message: message('servers.properties.numberInvalid', { min: property.min, max: property.max }) });
      }
      values.extra.forEach((row, index) => {
        if (!/^[a-z0-9.-]+$/.test(row.key)) ctx.addIssue({ code: 'custom', path: ['extra', index, 'key'], message: message('servers.properties.keyInvalid') });
        if (row.value.length > 512) ctx.addIssue({ code: 'custom', path: ['extra', index, 'value'], message: message('servers.properties.valueInvalid') });
      });
    }) as z.ZodType<PropertiesValues, PropertiesValues>;

/** server.properties as a typed form, with the other keys as raw rows; a floating bar saves or resets. */
export function PropertiesForm({ serverId, properties, locked }: { serverId: string; properties: Record<string, string>; locked: boolean }) {
  const t = useT();
  const defaults = propertiesFormValues(properties);
  const form = useZodForm<PropertiesValues>(schemaFor(t), defaults);
  const { register, handleSubmit, formState, control, reset } = form;
  const rows = useFieldArray({ control, name: 'extra' });
  const save = useEditServerProperties(serverId);

  const onSubmit = handleSubmit((values) => {
    const changes = propertiesToSave(properties, values);
    if (Object.keys(changes).length === 0) return reset(values);
    save.mutate(changes, { onSuccess: () => reset(values) });
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="server-properties-title">
      <h2 id="server-properties-title" className={styles.sectionTitle}>
        {t('servers.properties.title')}
      </h2>
      <fieldset className={styles.fields} disabled={locked}>
        {TYPED_PROPERTIES.map((property) => {
          const label = t(`servers.properties.${property.key}` as MessageId);
          const error = formState.errors.fields?.[property.key]?.message;
          if (property.kind === 'boolean') return <CheckboxField key={property.key} label={label} {...register(`fields.${property.key}`)} />;
          if (property.kind === 'select')
            return (
              <label key={property.key} className={styles.selectField}>
                <FieldLabel>{label}</FieldLabel>
                <Select {...register(`fields.${property.key}`)}>
                  {property.options.map((option) => (
                    <option key={option} value={option}>
                      {t(`servers.properties.option.${option}` as MessageId)}
                    </option>
                  ))}
                </Select>
              </label>
            );
          return (
            <TextField
              key={property.key}
              label={label}
              type={property.kind === 'number' ? 'number' : 'text'}
              inputMode={property.kind === 'number' ? 'numeric' : undefined}
              maxLength={property.kind === 'text' ? 512 : undefined}
              error={typeof error === 'string' ? error : undefined}
              {...register(`fields.${property.key}`)}
            />
          );
        })}
      </fieldset>
      <fieldset className={styles.raw} disabled={locked}>
        <FieldLabel as="legend">{t('servers.properties.raw')}</FieldLabel>
        {rows.fields.map((row, index) => (
          <div key={row.id} className={styles.rawRow}>
            <Input aria-label={t('servers.properties.rawKey', { index: index + 1 })} aria-invalid={formState.errors.extra?.[index]?.key ? true : undefined} {...register(`extra.${index}.key`)} />
            <Input aria-label={t('servers.properties.rawValue', { index: index + 1 })} {...register(`extra.${index}.value`)} />
            {formState.errors.extra?.[index]?.key && <p className={styles.error}>{formState.errors.extra[index].key.message}</p>}
          </div>
        ))}
        <Button size="small" onClick={() => rows.append({ key: '', value: '' })}>
          {t('servers.properties.add')}
        </Button>
      </fieldset>
      {formState.isDirty && (
        <div className={styles.saveBar} role="region" aria-label={t('servers.properties.unsaved')}>
          <p>{t('servers.properties.unsaved')}</p>
          <Button onClick={() => reset(defaults)} disabled={save.isPending}>
            {t('servers.properties.reset')}
          </Button>
          <Button type="submit" color="brand" disabled={save.isPending}>
            {save.isPending ? t('servers.properties.saving') : t('servers.properties.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
