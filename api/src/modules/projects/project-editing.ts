import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { sidesToEnvironment } from '@cairn/shared/constants/environments';
import type { ModifyProjectBody, PatchProjectsBody } from '@cairn/shared/schemas/projects';
import type { ProjectStatus } from '@cairn/shared/constants/project-status';
import type { Actor } from '../../lib/actor.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { canForceMonetization, findProjectAccess, requireProjectPermission, requireVisibleProject, type ProjectAccess } from '../access/project.policy.js';
import { decideStatusChange } from '../moderation/status-decisions.js';
import { recordStatusChange } from '../moderation/status-effects.js';
import { recordWebhookEvent } from '../webhooks/webhook-events.port.js';
import { handProjectToGhost } from '../users/ghost.js';
import { discardDroppedImages, syncImagesOfText } from '../images/images.service.js';
import { LINK_FIELD_NAMES, type ProjectContext } from './project-context.js';
import { loadProjectDetails } from './project-details.js';
import { projectImageText } from './project-translations.js';
import { checkCategories, checkDonationUrls, checkOriginalLanguage, checkSlugAvailable, normalizeLicense } from './project-rules.js';
import * as repo from './projects.repository.js';

const { EDIT_DETAILS, EDIT_BODY, DELETE_PROJECT } = PROJECT_PERMISSIONS;

/** Editing a project (fields, status through the moderation rules, bulk edits) and deleting it. */
export function createProjectEditing(context: ProjectContext) {
  const { db, files, discardBlobs, requireEditable, applyLinks, setDonationLinks } = context;

  return {
    async modifyProject(actor: Actor, idOrSlug: string, body: ModifyProjectBody): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      if (access.permissions === 0) throw unauthorized("You don't have permission to edit this project");
      const needs = (permission: number, field: string) => requireProjectPermission(access, permission, `edit '${field}'`);
      const detailFields: ReadonlyArray<keyof ModifyProjectBody> = [
        'slug', 'title', 'description', 'categories', 'additional_categories', 'status', 'requested_status', 'license_id',
        'license_url', 'donation_urls', 'client_side', 'server_side', 'monetization_status', 'original_language', ...LINK_FIELD_NAMES,
      ];
      for (const field of detailFields) if (body[field] !== undefined) needs(EDIT_DETAILS, field);
      if (body.body !== undefined) needs(EDIT_BODY, 'body');

      const projectId = access.project.id;
      let droppedImages: string[] = [];
      await db.transaction(async (tx) => {
        const current = (await repo.findProjectRow(tx, projectId))!;
        const changes: Partial<repo.NewProject> = {};

        Object.assign(
          changes,
          await decideStatusChange(actor, current, body, () => repo.countVersions(tx, projectId)),
        );
        if (body.requested_status !== undefined) changes.requestedStatus = body.requested_status;
        if (body.monetization_status !== undefined && body.monetization_status !== current.monetizationStatus) {
          const forced = body.monetization_status === 'force-demonetized' || current.monetizationStatus === 'force-demonetized';
          if (forced && !canForceMonetization(actor)) throw unauthorized("Only moderators may force a project's monetization status");
          changes.monetizationStatus = body.monetization_status;
        }
        if (body.slug !== undefined && body.slug !== current.slug) {
          await checkSlugAvailable(tx, body.slug, projectId);
          changes.slug = body.slug;
        }
        if (body.title !== undefined) changes.title = body.title;
        if (body.description !== undefined) changes.summary = body.description;
        if (body.body !== undefined) {
          changes.body = body.body;
          droppedImages = await syncImagesOfText(tx, { context: 'project', projectId }, await projectImageText(tx, projectId, body.body));
        }
        if (body.original_language !== undefined) changes.originalLanguage = await checkOriginalLanguage(tx, projectId, body.original_language);
        if (body.license_id !== undefined) changes.licenseId = await normalizeLicense(tx, body.license_id);
        if (body.license_url !== undefined) changes.licenseUrl = body.license_url;
        if (body.client_side !== undefined || body.server_side !== undefined) {
          changes.clientSide = body.client_side ?? current.clientSide;
          changes.serverSide = body.server_side ?? current.serverSide;
          await repo.setEnvironmentOfAllVersions(
            tx,
            projectId,
            sidesToEnvironment({ client: changes.clientSide as 'required', server: changes.serverSide as 'required' }),
          );
        }
        if (body.categories !== undefined) {
          await checkCategories(tx, 'categories', body.categories);
          await repo.replaceCategories(tx, projectId, false, body.categories);
        }
        if (body.additional_categories !== undefined) {
          await checkCategories(tx, 'additional_categories', body.additional_categories);
          await repo.replaceCategories(tx, projectId, true, body.additional_categories);
        }
        await applyLinks(tx, projectId, body);
        if (body.donation_urls !== undefined) {
          await checkDonationUrls(tx, 'donation_urls', body.donation_urls);
          await setDonationLinks(tx, projectId, body.donation_urls);
        }
        changes.updated = new Date();
        await repo.updateProject(tx, projectId, changes);
        if (changes.status !== undefined) {
          const change = { projectId, oldStatus: current.status as ProjectStatus, newStatus: changes.status as ProjectStatus };
          await recordStatusChange(tx, actor, { ...change, actorIsMember: access.isAcceptedMember, approvedBefore: current.approved !== null }, context.jobs);
          await recordWebhookEvent(tx, context.jobs, { type: 'project.status_changed', projectId, oldStatus: change.oldStatus, newStatus: change.newStatus });
        }
        await recordSearchChange(tx, [projectId]);
      });
      await discardDroppedImages(db, files, droppedImages);
    },

    /** Bulk edit of categories and links; every project must be visible and editable. */
    async patchProjects(actor: Actor, texts: readonly string[], body: PatchProjectsBody): Promise<void> {
      const accesses: ProjectAccess[] = [];
      for (const text of new Set(texts)) {
        const access = await findProjectAccess(db, actor, text);
        if (!access?.visible) throw notFound(`The project '${text}' does not exist or you may not see it`);
        if (!accesses.some((a) => a.project.id === access.project.id)) accesses.push(access);
      }
      for (const access of accesses) requireProjectPermission(access, EDIT_DETAILS, `edit project '${access.project.slug}'`);
      await db.transaction(async (tx) => {
        for (const [field, names] of Object.entries({
          categories: body.categories,
          add_categories: body.add_categories,
          additional_categories: body.additional_categories,
          add_additional_categories: body.add_additional_categories,
        })) {
          if (names) await checkCategories(tx, field, names);
        }
        for (const field of ['donation_urls', 'add_donation_urls'] as const) {
          if (body[field]) await checkDonationUrls(tx, field, body[field]);
        }
        for (const { project } of accesses) {
          const [details] = await loadProjectDetails(tx, [project.id]);
          // Replace, then remove, then add (beyond three primary categories, additions are dropped).
          let primary = body.categories ?? details!.categories;
          primary = primary.filter((c) => !body.remove_categories?.includes(c));
          for (const c of body.add_categories ?? []) if (!primary.includes(c) && primary.length < 3) primary = [...primary, c];
          let additional = body.additional_categories ?? details!.additionalCategories;
          additional = additional.filter((c) => !body.remove_additional_categories?.includes(c));
          for (const c of body.add_additional_categories ?? []) if (!additional.includes(c) && additional.length < 256) additional = [...additional, c];
          await repo.replaceCategories(tx, project.id, false, primary);
          await repo.replaceCategories(tx, project.id, true, additional.filter((c) => !primary.includes(c)));

          let donations = body.donation_urls ?? details!.links.filter((l) => l.donation).map((l) => ({ id: l.platform, url: l.url }));
          donations = donations.filter((d) => !body.remove_donation_urls?.some((r) => r.id === d.id));
          for (const d of body.add_donation_urls ?? []) donations = [...donations.filter((x) => x.id !== d.id), d];
          await setDonationLinks(tx, project.id, donations);
          await applyLinks(tx, project.id, body);
          await repo.updateProject(tx, project.id, { updated: new Date() });
        }
        await recordSearchChange(tx, accesses.map((a) => a.project.id));
      });
    },

    /**
     * Deletes a project with its versions and images. Rejected and withheld projects are kept
     * for moderation history: they are handed to the Ghost user instead.
     */
    async deleteProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, DELETE_PROJECT, 'delete this project');
      const { project } = access;
      if (project.status === 'rejected' || project.status === 'withheld') {
        await db.transaction(async (tx) => {
          await handProjectToGhost(tx, project.id);
          await recordSearchChange(tx, [project.id]);
        });
        return;
      }
      const row = (await repo.findProjectRow(db, project.id))!;
      const gallery = await repo.listGalleryOfProject(db, project.id);
      const versionBlobs = await repo.listVersionBlobKeysOfProject(db, project.id);
      await db.transaction(async (tx) => {
        await repo.deleteProject(tx, project.id);
        await repo.deleteTeam(tx, project.teamId);
        await recordSearchChange(tx, [project.id]);
      });
      await discardBlobs([
        row.iconKey,
        row.rawIconKey,
        ...gallery.flatMap((g) => [g.imageKey, g.rawImageKey]),
        ...versionBlobs.map((v) => v.blob_key),
      ]);
    },
  };
}
