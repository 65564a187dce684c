import type { SearchServerListingsQuery, ServerListingFacetCount, ServerListingRegion } from '@cairn/shared/schemas/server-listings';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { searchQueryFrom, serverListingQueries } from '../api/server-listings-queries';
import { regionLabelId } from './listing-parts';
import { ServerListingCard } from './server-listing-card';
import styles from './server-listings.module.css';

const PAGE = 20;

/** The address of the search with `changes` applied (a facet toggled, a page turned); any change but paging goes back to the first page. */
function hrefWith(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  if (!('offset' in changes)) next.delete('offset');
  const text = next.toString();
  return `${paths.serverListings.path}${text ? `?${text}` : ''}`;
}

function Facet({ legend, name, counts, params, label }: { legend: string; name: string; counts: readonly ServerListingFacetCount[]; params: URLSearchParams; label?: (count: ServerListingFacetCount) => string }) {
  const t = useT();
  if (counts.length === 0) return null;
  const current = params.get(name);
  return (
    <fieldset className={styles.facet}>
      <legend>{legend}</legend>
      <ul className={styles.facetList}>
        {counts.map((count) => {
          const active = current === count.value;
          return (
            <li key={count.value}>
              <AppLink className={styles.facetLink} to={hrefWith(params, { [name]: active ? undefined : count.value })} aria-current={active ? 'true' : undefined}>
                {t('serverListings.facet.option', { label: label ? label(count) : count.label, count: count.count })}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** `/server-listings`: search public servers by name, filter by game version, modpack, region and players online. */
export function ServerListingSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query: SearchServerListingsQuery = searchQueryFrom(params);
  const { data } = useSuspenseQuery(serverListingQueries.search(query));
  const [text, setText] = useState(query.query ?? '');
  const sortId = useId();
  const offset = typeof query.offset === 'number' ? query.offset : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(hrefWith(params, { query: text.trim() || undefined }));
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('serverListings.browse.title')}</h1>
        <div className={styles.actions}>
          <ButtonLink to={paths.ownServerListings.getHref()}>{t('serverListings.mine.title')}</ButtonLink>
          <ButtonLink color="brand" to={paths.serverListingNew.getHref()}>
            {t('serverListings.browse.add')}
          </ButtonLink>
        </div>
      </div>
      <p>{t('serverListings.browse.intro')}</p>
      <form className={styles.searchBar} role="search" onSubmit={submit}>
        <TextField type="search" label={t('serverListings.browse.search')} value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
        <div>
          <label htmlFor={sortId}>{t('serverListings.browse.sort')}</label>
          <Select id={sortId} value={query.sort ?? 'players'} onChange={(event) => void navigate(hrefWith(params, { sort: event.target.value }))}>
            <option value="players">{t('serverListings.sort.players')}</option>
            <option value="newest">{t('serverListings.sort.newest')}</option>
            <option value="name">{t('serverListings.sort.name')}</option>
          </Select>
        </div>
        <Button type="submit" color="brand">
          {t('serverListings.browse.searchButton')}
        </Button>
      </form>
      <div className={styles.browse}>
        <aside className={styles.facets} aria-label={t('serverListings.browse.filters')}>
          <Facet legend={t('serverListings.facet.gameVersion')} name="game_version" counts={data.facets.game_version} params={params} />
          <Facet legend={t('serverListings.facet.modpack')} name="modpack" counts={data.facets.modpack} params={params} />
          <Facet legend={t('serverListings.facet.region')} name="region" counts={data.facets.region} params={params} label={(count) => t(regionLabelId(count.value as ServerListingRegion))} />
          <Facet legend={t('serverListings.facet.players')} name="min_players" counts={data.facets.players} params={params} label={(count) => t('serverListings.facet.playersAtLeast', { count: Number(count.value) })} />
        </aside>
        <section aria-label={t('serverListings.browse.results', { count: data.total_hits })}>
          <p role="status">{t('serverListings.browse.results', { count: data.total_hits })}</p>
          {data.hits.length === 0 ? (
            <EmptyState framed>{t('serverListings.browse.empty')}</EmptyState>
          ) : (
            <ul className={styles.results}>
              {data.hits.map((listing) => (
                <li key={listing.id}>
                  <ServerListingCard listing={listing} />
                </li>
              ))}
            </ul>
          )}
          {data.total_hits > PAGE ? (
            <nav className={styles.pager} aria-label={t('serverListings.browse.pages')}>
              {offset > 0 ? <AppLink to={hrefWith(params, { offset: String(Math.max(0, offset - PAGE)) })}>{t('serverListings.browse.previous')}</AppLink> : <span />}
              {offset + PAGE < data.total_hits ? <AppLink to={hrefWith(params, { offset: String(offset + PAGE) })}>{t('serverListings.browse.next')}</AppLink> : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}
