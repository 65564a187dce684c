import type { AgentBackup, JavaVersion } from '@cairn/shared/schemas/node-agent';
import type { EditServerStartupBody, ReinstallServerBody, Server, ServerPlatform, ServerStartup } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { agentClient } from './agent-client.js';
import { SERVERS_RECONCILE_JOB } from './provisioning.js';
import type { ServersService } from './servers.service.js';
import * as repo from './servers.repository.js';
import { recordActivity } from './server-activity.js';

const BACKUP_RUNNING = new Set<AgentBackup['state']>(['queued', 'creating', 'restoring']);
// Spec §4: while a backup is in progress, changing the platform is blocked.
const BACKUP_BLOCKS_PLATFORM = 'loader: while a backup is being created or restored, changing the platform is blocked; try again when it has finished';

/** Options › Platform, Startup and the server-side preferences of a server. */
export function createServerOptionsService(deps: { db: Database; jobs: JobQueue | undefined; servers: ServersService }) {
  const { db, servers } = deps;

  /** A server the actor may see, ready on its node (options are locked while it installs). */
  async function ready(actor: Actor, id: string, doing: string) {
    const server = await servers.visible(actor, id, 'options');
    servers.requireReady(server, doing);
    const node = await servers.placed(server, doing);
    return { server, agent: agentClient(node) };
  }

  return {
    async platforms(actor: Actor, id: string): Promise<{ platforms: ServerPlatform[] }> {
      const server = await servers.visible(actor, id, 'options');
      const { platforms } = await agentClient(await servers.placed(server, 'list platforms')).platforms();
      const byLoader = new Map<string, ServerPlatform>();
      for (const p of platforms) {
        const entry = byLoader.get(p.loader) ?? { loader: p.loader, runtime: p.runtime, game_versions: [] };
        if (!entry.game_versions.includes(p.game_version)) entry.game_versions.push(p.game_version);
        byLoader.set(p.loader, entry);
      }
      return { platforms: [...byLoader.values()] };
    },

    /**
     * Installs another platform on the server's node: the server goes `installing` and the
     * reconcile job makes it available (and starts it) once the node has installed it. Allowed
     * at the plan's maximum backups (spec §5): a reinstall makes none.
     */
    async reinstall(actor: Actor, id: string, body: ReinstallServerBody): Promise<Server> {
      const found = await servers.visible(actor, id, 'options');
      if (found.status === 'installing') throw conflict('The server is already installing; its options are locked until it is ready', 'server_installing');
      const { server, agent } = await ready(actor, id, 'be reinstalled');
      const { platforms } = await agent.platforms();
      const platform = platforms.find((p) => p.loader === body.loader && p.game_version === body.game_version);
      if (!platform) {
        const known = platforms.some((p) => p.loader === body.loader);
        throw badRequest(
          known ? `game_version: ${body.loader} ${body.game_version} is not offered by this server's node` : `loader: ${body.loader} is not offered by this server's node`,
          'unsupported_platform',
        );
      }
      const { backups } = await agent.backups(server.id);
      if (backups.some((backup) => BACKUP_RUNNING.has(backup.state))) throw conflict(BACKUP_BLOCKS_PLATFORM, 'backup_in_progress');
      // The node first: when it refuses (busy), the row is left as it was.
      await agent.reinstall(server.id, { runtime: platform.runtime, game_version: platform.game_version, jar: platform.jar ?? undefined, erase: body.erase });
      await db.transaction(async (tx) => {
        await repo.updateServer(tx, server.id, { status: 'installing', loader: platform.loader, gameVersion: platform.game_version, runtime: platform.runtime, jar: platform.jar });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'reinstall', detail: `${platform.loader} ${platform.game_version}${body.erase ? ', files erased' : ''}` });
      });
      await deps.jobs?.send(SERVERS_RECONCILE_JOB, { serverId: server.id }, { startAfter: 1 });
      return servers.get(actor, id);
    },

    async startup(actor: Actor, id: string): Promise<ServerStartup> {
      const { server, agent } = await ready(actor, id, 'show its startup options');
      const { java_versions } = await agent.platforms();
      return { supported: server.runtime === 'java', invocation: server.invocation, java_version: server.javaVersion as JavaVersion | null, java_versions };
    },

    /** Startup flags and Java version of a java platform, used from the next start. */
    async editStartup(actor: Actor, id: string, body: EditServerStartupBody): Promise<ServerStartup> {
      const { server, agent } = await ready(actor, id, 'change its startup options');
      if (server.runtime !== 'java') throw badRequest('invocation: the built-in platform has no startup options', 'startup_unsupported');
      const { java_versions } = await agent.platforms();
      if (body.java_version != null && !java_versions.includes(body.java_version)) {
        const offered = java_versions.length ? java_versions.join(', ') : 'none';
        throw badRequest(`java_version: Java ${body.java_version} is not installed on this server's node (it has ${offered})`, 'java_unavailable');
      }
      const options = await agent.setOptions(server.id, { invocation: body.invocation, java_version: body.java_version });
      await db.transaction(async (tx) => {
        await repo.updateServer(tx, server.id, { invocation: options.invocation, javaVersion: options.java_version });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'startup', detail: [options.invocation, options.java_version ? `Java ${options.java_version}` : ''].filter(Boolean).join(', ') });
      });
      return { supported: true, invocation: options.invocation, java_version: options.java_version, java_versions };
    },

    async preferences(actor: Actor, id: string): Promise<{ auto_restart: boolean }> {
      return { auto_restart: (await servers.visible(actor, id, 'options')).autoRestart };
    },

    /** Auto restart: the node starts the server again when it crashes. */
    async editPreferences(actor: Actor, id: string, body: { auto_restart: boolean }): Promise<{ auto_restart: boolean }> {
      const { server, agent } = await ready(actor, id, 'change its preferences');
      const options = await agent.setOptions(server.id, { auto_restart: body.auto_restart });
      await db.transaction(async (tx) => {
        await repo.updateServer(tx, server.id, { autoRestart: options.auto_restart });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'auto_restart', detail: options.auto_restart ? 'on' : 'off' });
      });
      return { auto_restart: options.auto_restart };
    },
  };
}

export type ServerOptionsService = ReturnType<typeof createServerOptionsService>;
