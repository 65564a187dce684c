import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { analyticsDownloadEvents, analyticsViewEvents } from '../../db/schema/analytics.js';

/** Events per (IP prefix, project) within MONETIZED_WINDOW_HOURS that still earn revenue; later ones are kept but not monetized. */
export const MONETIZED_PER_WINDOW = 3;
export const MONETIZED_WINDOW_HOURS = 6;

/** A page view, monetized unless the same client already viewed the project 3 times in 6 hours. */
export async function insertViewEvent(db: Executor, event: { projectId: number; clientKey: string; country: string }): Promise<void> {
  const t = analyticsViewEvents;
  await db.execute(sql`
    insert into ${t} (project_id, client_key, country, monetized)
    select ${event.projectId}, ${event.clientKey}, ${event.country},
      (select count(*) from ${t} where ${t.projectId} = ${event.projectId} and ${t.clientKey} = ${event.clientKey}
        and ${t.recordedAt} > now() - make_interval(hours => ${MONETIZED_WINDOW_HOURS})) < ${MONETIZED_PER_WINDOW}`);
}

export interface DownloadEvent {
  projectId: number;
  versionId: number;
  clientKey: string;
  country: string;
  loader: string;
  gameVersion: string;
  reason: string;
  dependentOn: number | null;
  /** Who made the download (download-source.ts). */
  source: string;
}

/** A counted download, with the same monetization rule as views. */
export async function insertDownloadEvent(db: Executor, event: DownloadEvent): Promise<void> {
  const t = analyticsDownloadEvents;
  await db.execute(sql`
    insert into ${t} (project_id, version_id, client_key, country, loader, game_version, reason, dependent_on, source, monetized)
    select ${event.projectId}, ${event.versionId}, ${event.clientKey}, ${event.country}, ${event.loader}, ${event.gameVersion},
      ${event.reason}, ${event.dependentOn}, ${event.source},
      (select count(*) from ${t} where ${t.projectId} = ${event.projectId} and ${t.clientKey} = ${event.clientKey}
        and ${t.recordedAt} > now() - make_interval(hours => ${MONETIZED_WINDOW_HOURS})) < ${MONETIZED_PER_WINDOW}`);
}
