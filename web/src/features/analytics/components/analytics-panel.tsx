import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { analyticsQueries, type TimeMetric } from '../api/analytics-queries';
import { useAnalyticsData } from '../hooks/use-analytics-data';
import { seriesColor } from '../utils/colors';
import { analyticsCsv, centsAsDecimal } from '../utils/csv';
import { downloadTextFile } from '../utils/download-file';
import { formatMetric } from '../utils/format';
import { DEFAULT_RANGE, isRangeId, RANGE_IDS, rangeWindow, type RangeId } from '../utils/ranges';
import { breakdownTotals, countryTotals, sumSeries, type ChartProject } from '../utils/series';
import { AnalyticsLegend } from './analytics-legend';
import { AnalyticsTable } from './analytics-table';
import { LazyTimeChart } from './lazy-time-chart';
import { RegionTable } from './region-table';
import { SourceBreakdown } from './source-breakdown';
import { Sparkline } from '../../../components/ui/sparkline';
import styles from './analytics-panel.module.css';

const METRICS: readonly TimeMetric[] = ['downloads', 'views', 'revenue'];

interface AnalyticsPanelProps {
  projects: readonly ChartProject[];
  /** Where "All time" starts (the oldest project's publication). */
  since?: Date;
  /** The level of the panel's own headings (one below the page's). */
  headingLevel?: 2 | 3;
}

function bucketMessage(minutes: number): [MessageId, Record<string, number>] {
  return minutes % (24 * 60) === 0 ? ['analytics.bucketDays', { days: minutes / (24 * 60) }] : ['analytics.bucket', { hours: minutes / 60 }];
}

/**
 * Downloads, views and revenue of some projects over a chosen range (web-screens §3.9): tiles
 * with totals and sparklines pick the metric; the chart has a data table for screen readers
 * (shown on request), a legend that hides and shows projects, a CSV export, the regions and the
 * downloads' sources.
 */
export function AnalyticsPanel({ projects, since, headingLevel = 2 }: AnalyticsPanelProps) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const rangeId = useId();
  const [range, setRange] = useState<RangeId>(DEFAULT_RANGE);
  const [now, setNow] = useState(() => Date.now());
  const [selected, setSelected] = useState<TimeMetric>('downloads');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [showTable, setShowTable] = useState(false);
  const [projectColors, setProjectColors] = useState(true);

  const window = useMemo(() => rangeWindow(range, new Date(now), since), [range, now, since]);
  const data = useAnalyticsData(projects, window);
  const regionMetric = selected === 'views' ? 'views' : 'downloads';
  const countries = useQuery({ ...analyticsQueries.countries(regionMetric, { projectIds: projects.map((p) => p.id), window }), placeholderData: keepPreviousData });
  const sources = useQuery({ ...analyticsQueries.sources({ projectIds: projects.map((p) => p.id), window }), placeholderData: keepPreviousData });

  const available = METRICS.filter((m) => m !== 'revenue' || data.revenue.aligned);
  const metric = available.includes(selected) ? selected : 'downloads';
  const current = data[metric];
  const visible = (projectId: string) => !hidden.has(projectId);
  const colored = projects.map((project, index) => ({ project, color: seriesColor(index, projectColors) }));

  const shown = useMemo(() => (current.aligned ? { ...current.aligned, series: current.aligned.series.filter((s) => !hidden.has(s.project.id)) } : undefined), [current.aligned, hidden]);
  const lines = useMemo(
    () => shown?.series.map((s) => ({ label: s.project.title, values: s.values, color: seriesColor(projects.indexOf(s.project), projectColors) })) ?? [],
    [shown, projects, projectColors],
  );
  const formatValue = useMemo(() => (value: number) => formatMetric(metric, value, locale), [metric, locale]);

  if (projects.length === 0) return <EmptyState framed>{t('analytics.noProjects')}</EmptyState>;

  const metricLabel = t(`analytics.metric.${metric}`);
  const rangeLabel = t(`analytics.range.${range}`);
  const total = shown?.series.reduce((sum, s) => sum + s.total, 0) ?? 0;
  const [bucketId, bucketValues] = bucketMessage(window.resolutionMinutes);

  const refresh = () => {
    setNow(Date.now());
    void queryClient.invalidateQueries({ queryKey: analyticsQueries.all() });
  };
  const downloadCsv = () => {
    if (!shown) return;
    downloadTextFile(`cairn-${metric}-${range}.csv`, analyticsCsv(shown, metric === 'revenue' ? centsAsDecimal : String));
  };
  const toggleProject = (projectId: string) =>
    setHidden((before) => {
      const next = new Set(before);
      if (next.has(projectId)) next.delete(projectId);
      else next.add(projectId);
      return next;
    });

  return (
    <div className={styles.panel} aria-busy={data.fetching}>
      <div className={styles.tiles} role="group" aria-label={t('analytics.metrics')}>
        {available.map((m) => {
          const aligned = data[m].aligned;
          const sum = aligned ? aligned.series.reduce((acc, s) => (visible(s.project.id) ? acc + s.total : acc), 0) : undefined;
          return (
            <button key={m} type="button" className={styles.tile} aria-pressed={m === metric} onClick={() => setSelected(m)}>
              <span className={styles.tileLabel}>{t(`analytics.metric.${m}`)}</span>
              <span className={styles.tileValue}>{sum === undefined ? '–' : formatMetric(m, sum, locale)}</span>
              {aligned && <Sparkline values={sumSeries(aligned, visible)} />}
            </button>
          );
        })}
      </div>

      <div className={styles.toolbar}>
        <div className={styles.rangeField}>
          <label htmlFor={rangeId}>{t('analytics.range')}</label>
          <Select id={rangeId} value={range} onChange={(event) => isRangeId(event.target.value) && setRange(event.target.value)}>
            {RANGE_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`analytics.range.${id}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className={styles.actions}>
          <Button size="small" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
            {t('analytics.showTable')}
          </Button>
          <Button size="small" aria-pressed={projectColors} onClick={() => setProjectColors((v) => !v)}>
            {t('analytics.projectColors')}
          </Button>
          <Button size="small" onClick={downloadCsv} disabled={!shown}>
            {t('analytics.downloadCsv')}
          </Button>
          <Button size="small" onClick={refresh} disabled={data.fetching}>
            {t('analytics.refresh')}
          </Button>
        </div>
      </div>
      <p className={styles.muted}>{t(bucketId, bucketValues)}</p>

      {current.error && !current.ready ? (
        <FormAlert>
          {t('analytics.error')}{' '}
          <Button size="small" onClick={current.refetch}>
            {t('analytics.retry')}
          </Button>
        </FormAlert>
      ) : !shown ? (
        <p role="status" className={styles.muted}>
          {t('analytics.loading')}
        </p>
      ) : (
        <>
          {!showTable && (
            <Suspense fallback={<div className={styles.chartPlaceholder} />}>
              <LazyTimeChart timestamps={shown.timestamps} lines={lines} formatValue={formatValue} locale={locale} label={t('analytics.chartLabel', { metric: metricLabel, range: rangeLabel, total: formatMetric(metric, total, locale) })} />
            </Suspense>
          )}
          <div className={showTable ? undefined : styles.srOnly}>
            <AnalyticsTable aligned={shown} metric={metric} resolutionMinutes={window.resolutionMinutes} caption={t('analytics.tableCaption', { metric: metricLabel, range: rangeLabel })} />
          </div>
        </>
      )}
      {current.aligned && current.aligned.series.length > 0 && <AnalyticsLegend projects={colored.filter((c) => current.aligned?.series.some((s) => s.project.id === c.project.id))} hidden={hidden} onToggle={toggleProject} />}

      <div className={styles.breakdowns}>
        {countries.data && (
          <RegionTable
            title={t(regionMetric === 'views' ? 'analytics.regionsViews' : 'analytics.regions')}
            valueLabel={t(`analytics.metric.${regionMetric}`)}
            rows={countryTotals(countries.data, visible)}
            headingLevel={headingLevel}
          />
        )}
        {/* Views have no source: the breakdown goes with downloads (and with revenue, which they earn). */}
        {regionMetric === 'downloads' && sources.data && <SourceBreakdown rows={breakdownTotals(sources.data, visible)} headingLevel={headingLevel} />}
      </div>
    </div>
  );
}
