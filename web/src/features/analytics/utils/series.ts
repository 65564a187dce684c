import type { TimeWindow } from './ranges';

/** `{project_id: {unix_seconds: value}}`, as the analytics routes answer. */
export type TimeSeriesByProject = Readonly<Record<string, Readonly<Record<string, number>>>>;
/** `{project_id: {country_code: value}}`. */
export type CountriesByProject = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface ChartProject {
  id: string;
  title: string;
  /** The organization the viewer reaches the project through, marked in the legend. */
  managedBy?: { name: string; icon_url: string | null };
}

export interface ProjectSeries {
  project: ChartProject;
  /** One value per bucket of the timeline. */
  values: number[];
  total: number;
}

export interface AlignedSeries {
  /** Bucket starts, in unix seconds. */
  timestamps: number[];
  series: ProjectSeries[];
}

/**
 * Bucket starts covering the window, on multiples of the bucket size since the epoch as the API
 * aligns them (so a weekly bucket may start a few days before the window); at least one bucket.
 */
export function timeline(window: TimeWindow): number[] {
  const step = window.resolutionMinutes * 60;
  const start = Math.floor(window.start.getTime() / 1000 / step) * step;
  const end = Math.floor(window.end.getTime() / 1000);
  const buckets: number[] = [];
  for (let at = start; at < end || buckets.length === 0; at += step) buckets.push(at);
  return buckets;
}

/**
 * Puts each project's points into the window's buckets (a point belongs to the bucket it falls
 * in, whatever alignment the API used). Projects the answer omits are left out: the API omits
 * those the viewer may not see the analytics of.
 */
export function alignSeries(window: TimeWindow, projects: readonly ChartProject[], data: TimeSeriesByProject): AlignedSeries {
  const timestamps = timeline(window);
  const step = window.resolutionMinutes * 60;
  const first = timestamps[0]!;
  const series = projects
    .filter((project) => data[project.id] !== undefined)
    .map((project): ProjectSeries => {
      const values = timestamps.map(() => 0);
      let total = 0;
      for (const [at, value] of Object.entries(data[project.id] ?? {})) {
        const index = Math.floor((Number(at) - first) / step);
        if (index < 0 || index >= values.length || !Number.isFinite(value)) continue;
        values[index]! += value;
        total += value;
      }
      return { project, values, total };
    });
  return { timestamps, series };
}

/** The per-bucket sum of the given series (the sparkline of a tile). */
export function sumSeries(aligned: AlignedSeries, visible: (projectId: string) => boolean = () => true): number[] {
  return aligned.timestamps.map((_, index) => aligned.series.reduce((sum, s) => (visible(s.project.id) ? sum + s.values[index]! : sum), 0));
}

/** `{project_id: {value_of_a_dimension: total}}`, as the breakdown routes answer (countries, sources). */
export type BreakdownByProject = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface BreakdownTotal {
  key: string;
  value: number;
}

/** Totals per value of a dimension over the visible projects, largest first. */
export function breakdownTotals(data: BreakdownByProject, visible: (projectId: string) => boolean = () => true): BreakdownTotal[] {
  const totals = new Map<string, number>();
  for (const [projectId, values] of Object.entries(data)) {
    if (!visible(projectId)) continue;
    for (const [key, value] of Object.entries(values)) totals.set(key, (totals.get(key) ?? 0) + value);
  }
  return [...totals]
    .map(([key, value]) => ({ key, value }))
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
}

export interface CountryTotal {
  code: string;
  value: number;
}

/** Country totals over the visible projects, largest first. */
export function countryTotals(data: CountriesByProject, visible: (projectId: string) => boolean = () => true): CountryTotal[] {
  return breakdownTotals(data, visible).map(({ key, value }) => ({ code: key, value }));
}
