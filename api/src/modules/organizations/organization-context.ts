import type { Organization } from '@cairn/shared/schemas/organizations';
import { hasPermission } from '@cairn/shared/constants/permissions';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { listOrganizationAccess, type OrganizationAccess } from '../access/organization.policy.js';
import { listVisibleMembers } from '../teams/teams.port.js';
import { toOrganization } from './organizations.mapper.js';
import * as repo from './organizations.repository.js';

export interface OrganizationsServiceDeps {
  db: Database;
  files: FileStore;
  /** Base URL of stored images. */
  cdnUrl: string;
}

export interface VisibleOrganization {
  row: repo.OrganizationRow;
  access: OrganizationAccess;
}

/** What the organization use cases share: finding what the caller may see, and the wire objects. */
export function createOrganizationContext(deps: OrganizationsServiceDeps) {
  const { db, cdnUrl } = deps;

  async function visibleOrganizations(executor: Executor, actor: Actor | null, rows: readonly repo.OrganizationRow[]): Promise<VisibleOrganization[]> {
    const accesses = await listOrganizationAccess(executor, actor, rows.map((r) => r.id));
    return rows.flatMap((row) => {
      const access = accesses.find((a) => a.organizationId === row.id);
      return access?.visible ? [{ row, access }] : [];
    });
  }

  return {
    ...deps,
    visibleOrganizations,

    /** The organization if the caller may see it; otherwise 404, exactly as when it does not exist. */
    async requireVisible(executor: Executor, actor: Actor | null, text: string): Promise<VisibleOrganization> {
      const row = await repo.findOrganization(executor, text, parseId(text));
      const [found] = row ? await visibleOrganizations(executor, actor, [row]) : [];
      if (!found) throw notFound('The organization does not exist or you may not see it');
      return found;
    },

    /** 401 unless the caller holds the organization permission bit. */
    requirePermission(found: VisibleOrganization, bit: number, action: string): void {
      if (!hasPermission(found.access.permissions, bit)) throw unauthorized(`You don't have permission to ${action}`);
    },

    async present(actor: Actor | null, found: readonly VisibleOrganization[]): Promise<Organization[]> {
      const members = await listVisibleMembers(
        db,
        actor,
        found.map((f) => ({ kind: 'organization' as const, teamId: f.row.teamId, organization: f.access })),
      );
      return found.map((f, i) => toOrganization(f.row, members[i] ?? [], cdnUrl));
    },
  };
}

export type OrganizationContext = ReturnType<typeof createOrganizationContext>;
