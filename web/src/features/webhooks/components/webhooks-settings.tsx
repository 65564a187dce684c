import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SettingsSection } from '../../../components/layout/settings-page';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { WebhookOwner } from '../api/webhooks-api';
import { webhookQueries } from '../api/webhooks-queries';
import { WebhookEntry } from './webhook-entry';
import { WebhookForm } from './webhook-form';
import styles from './webhooks.module.css';

/** A signing secret on screen: shown once, focused so keyboard and screen-reader users land on it. */
function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone(): void }) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [secret]);
  return (
    <div ref={panel} tabIndex={-1} className={styles.secret} role="region" aria-label={t('webhooks.secret.label')}>
      <p>{t('webhooks.secret.intro', { url })}</p>
      <code className={styles.code}>{secret}</code>
      <div className={styles.actions}>
        <CopyButton text={secret} label={t('webhooks.secret.copy')} copiedLabel={t('webhooks.secret.copied')} size="small" />
        <Button size="small" variant="outlined" onClick={onDone}>
          {t('webhooks.secret.done')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The Webhooks page of a project's or an organization's settings: the hooks, the secret of a new
 * one (shown once), and the form to add one (docs/website.md, "Webhooks").
 */
export function WebhooksSettings({ owner }: { owner: WebhookOwner }) {
  const t = useT();
  const hooks = useQuery(webhookQueries.list(owner));
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  return (
    <>
      <SettingsSection title={t('webhooks.title')} description={owner.kind === 'project' ? t('webhooks.lede.project') : t('webhooks.lede.organization')} id="webhooks">
        {secret && <SecretPanel url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />}
        {hooks.error && <FormAlert>{hooks.error.message}</FormAlert>}
        {hooks.data && hooks.data.length === 0 && <p className={styles.meta}>{t('webhooks.none')}</p>}
        {hooks.data && hooks.data.length > 0 && (
          <ul className={styles.list} aria-label={t('webhooks.list')}>
            {hooks.data.map((hook) => (
              <WebhookEntry key={hook.id} owner={owner} hook={hook} onSecret={(url, value) => setSecret({ url, secret: value })} />
            ))}
          </ul>
        )}
      </SettingsSection>
      <SettingsSection title={t('webhooks.form.title')} description={t('webhooks.form.lede')} id="webhook-add">
        <WebhookForm owner={owner} onCreated={(hook) => setSecret({ url: hook.url, secret: hook.secret })} />
      </SettingsSection>
    </>
  );
}
