import {
  DEFAULT_GAME_PORT,
  SERVER_LISTING_DESCRIPTION_MAX,
  SERVER_LISTING_NAME_MAX,
  SERVER_LISTING_REGIONS,
  SERVER_LISTING_SUMMARY_MAX,
  listingAddress,
  type OwnedServerListing,
  type ServerListingRegion,
} from '@cairn/shared/schemas/server-listings';
import type { Server } from '@cairn/shared/schemas/servers';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCreateServerListingMutation, useModifyServerListingMutation } from '../api/use-server-listing-mutations';
import { regionLabelId } from './listing-parts';
import styles from './server-listings.module.css';

/** Platforms a listed server may run: the built-in one and the usual server software. */
const LOADERS = ['vanilla', 'paper', 'purpur', 'folia', 'spigot', 'bukkit', 'fabric', 'quilt', 'forge', 'neoforge'] as const;

interface Values {
  name: string;
  summary: string;
  description: string;
  host: string;
  port: string;
  gameVersion: string;
  loader: string;
  modpackId: string;
  region: string;
}

function initialValues(listing: OwnedServerListing | undefined, server: Server | undefined): Values {
  if (listing) {
    return { name: listing.name, summary: listing.summary, description: listing.description, host: listing.host, port: String(listing.port), gameVersion: listing.game_version, loader: listing.loader, modpackId: listing.modpack?.slug ?? '', region: listing.region ?? '' };
  }
  return { name: server?.name ?? '', summary: '', description: '', host: '', port: String(DEFAULT_GAME_PORT), gameVersion: server?.game_version ?? '', loader: server?.loader ?? 'vanilla', modpackId: '', region: '' };
}

/**
 * Create or edit a listing. From a hosted server's panel (`server`) the address, game version and
 * platform come from the server and the listing is marked "Hosted on Cairn"; any other server is
 * listed by its address, which must be publicly reachable.
 */
export function ServerListingForm({ listing, server }: { listing?: OwnedServerListing; server?: Server }) {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => initialValues(listing, server));
  const [error, setError] = useState<string | undefined>();
  const loaderId = useId();
  const regionId = useId();
  const hosted = Boolean(server ?? listing?.hosted);
  const hostedAddress = server?.net ? listingAddress(server.net.host, server.net.port) : listing?.hosted ? listing.address : undefined;
  const onError = (failure: Error) => setError(failure instanceof HttpError ? failure.description : failure.message);
  const onSuccess = (saved: OwnedServerListing) => navigate(paths.serverListing.getHref(saved.id));
  const create = useCreateServerListingMutation({ onSuccess, onError });
  const modify = useModifyServerListingMutation({ onSuccess, onError });
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const port = Number(values.port);
    const common = {
      name: values.name.trim(),
      summary: values.summary.trim(),
      description: values.description,
      game_version: values.gameVersion.trim(),
      loader: values.loader,
      modpack_id: values.modpackId.trim() || null,
      region: (values.region || null) as ServerListingRegion | null,
    };
    const address = hosted ? {} : { host: values.host.trim(), port: Number.isInteger(port) ? port : DEFAULT_GAME_PORT };
    if (listing) modify.mutate({ id: listing.id, body: { ...common, ...address } });
    else create.mutate({ ...common, ...(server ? { server_id: server.id } : address) });
  };

  const pending = create.isPending || modify.isPending;
  return (
    <form className={styles.form} onSubmit={submit}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {hosted ? <p>{t('serverListings.form.hostedNote', { address: hostedAddress ?? '' })}</p> : null}
      <TextField label={t('serverListings.field.name')} value={values.name} onChange={set('name')} required minLength={3} maxLength={SERVER_LISTING_NAME_MAX} />
      <TextField label={t('serverListings.field.summary')} value={values.summary} onChange={set('summary')} required minLength={3} maxLength={SERVER_LISTING_SUMMARY_MAX} />
      <TextAreaField label={t('serverListings.field.description')} hint={t('serverListings.form.descriptionHint')} value={values.description} onChange={set('description')} rows={6} maxLength={SERVER_LISTING_DESCRIPTION_MAX} />
      {hosted ? null : (
        <>
          <TextField label={t('serverListings.field.host')} hint={t('serverListings.form.hostHint')} value={values.host} onChange={set('host')} required maxLength={253} autoComplete="off" />
          <TextField label={t('serverListings.field.port')} type="number" min={1} max={65535} value={values.port} onChange={set('port')} required />
        </>
      )}
      <TextField label={t('serverListings.field.gameVersion')} value={values.gameVersion} onChange={set('gameVersion')} required maxLength={32} />
      <div>
        <label htmlFor={loaderId}>{t('serverListings.field.loader')}</label>
        <Select id={loaderId} value={values.loader} onChange={set('loader')}>
          {[...new Set([values.loader, ...LOADERS])].map((loader) => (
            <option key={loader} value={loader}>
              {loader}
            </option>
          ))}
        </Select>
      </div>
      <TextField label={t('serverListings.field.modpack')} hint={t('serverListings.form.modpackHint')} value={values.modpackId} onChange={set('modpackId')} maxLength={64} autoComplete="off" />
      <div>
        <label htmlFor={regionId}>{t('serverListings.field.region')}</label>
        <Select id={regionId} value={values.region} onChange={set('region')}>
          <option value="">{t('serverListings.region.none')}</option>
          {SERVER_LISTING_REGIONS.map((region) => (
            <option key={region} value={region}>
              {t(regionLabelId(region))}
            </option>
          ))}
        </Select>
      </div>
      {listing ? null : <p>{t('serverListings.form.reviewNote')}</p>}
      <div className={styles.actions}>
        <Button type="submit" color="brand" disabled={pending}>
          {listing ? t('serverListings.form.save') : t('serverListings.form.create')}
        </Button>
      </div>
    </form>
  );
}
