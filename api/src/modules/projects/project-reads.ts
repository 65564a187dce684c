import { SEARCHABLE_PROJECT_STATUSES, isHiddenProjectStatus, isSearchableProjectStatus } from '@cairn/shared/constants/project-status';
import type { Project, ProjectDependencyList } from '@cairn/shared/schemas/projects';
import type { ProjectV3 } from '@cairn/shared/schemas/catalogue-v3';
import { DEFAULT_CONTENT_LANGUAGE } from '@cairn/shared/constants/languages';
import type { Actor } from '../../lib/actor.js';
import { chooseLanguage, type LanguageWish } from '../../lib/content-language.js';
import { notFound } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { findProjectAccess, listProjectAccess, listProjectAccessByIdOrSlug, requireVisibleProject } from '../access/project.policy.js';
import { seesAllListingsOf } from '../access/user.policy.js';
import { loadVisibleWireVersions } from '../versions/version-details.js';
import type { ProjectContext } from './project-context.js';
import { loadWireProjectsV3 } from './projects.port.js';
import * as repo from './projects.repository.js';
import { loadProjectDetails } from './project-details.js';
import { findTranslation } from './project-translations.repository.js';
import { toProject, withTranslation } from './projects.mapper.js';

/** Reading projects: one, many, random, their dependencies, a user's projects. */
export function createProjectReads(context: ProjectContext) {
  const { db, cache, toProjects, publicApiUrl, fileTokens, cdnUrl } = context;

  /** The project in the language the wish picks among its original and translations. */
  async function localize(projectId: number, project: Project, original: string, translations: readonly string[], wish: LanguageWish): Promise<{ project: Project; language: string }> {
    const language = chooseLanguage(original, translations, wish);
    const translation = language === original ? undefined : await findTranslation(db, projectId, language);
    return translation ? { project: withTranslation(project, translation), language } : { project, language: original };
  }

  return {
    /**
     * The project as serialized JSON in the language the wish picks (the original by default),
     * from the cache when it is there. Publicly visible projects look the same to everyone, so
     * their original is cached; hidden ones are built for each request. A translated answer is
     * the cached original with the translation's two texts put in (one primary-key read).
     */
    async getProjectJson(actor: Actor | null, idOrSlug: string, wish: LanguageWish): Promise<{ json: string; language: string }> {
      const cached = cache.get(idOrSlug);
      if (cached) {
        const language = chooseLanguage(cached.originalLanguage, cached.translations, wish);
        if (language === cached.originalLanguage) return { json: cached.json, language };
        const translation = await findTranslation(db, cached.id, language);
        if (!translation) return { json: cached.json, language: cached.originalLanguage };
        return { json: JSON.stringify(withTranslation(JSON.parse(cached.json) as Project, translation)), language };
      }
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const generation = cache.generation(access.project.id);
      const [details] = await loadProjectDetails(db, [access.project.id]);
      if (!details) throw notFound();
      const project = toProject(details, cdnUrl);
      const json = JSON.stringify(project);
      const originalLanguage = details.row.originalLanguage;
      if (!isHiddenProjectStatus(access.project.status)) {
        cache.set(access.project.id, project.slug, { json, originalLanguage, translations: details.translationLanguages }, generation);
      }
      const localized = await localize(access.project.id, project, originalLanguage, details.translationLanguages, wish);
      return localized.language === originalLanguage ? { json, language: originalLanguage } : { json: JSON.stringify(localized.project), language: localized.language };
    },

    /** GET /v3/project/{id|slug}: the same visibility and languages as the v2 read, in the reference's v3 shape. */
    async getProjectV3(actor: Actor | null, idOrSlug: string, wish: LanguageWish): Promise<{ project: ProjectV3; language: string }> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const [project] = await loadWireProjectsV3(db, [access.project.id], cdnUrl);
      if (!project) throw notFound();
      const originalLanguage = project.original_language ?? DEFAULT_CONTENT_LANGUAGE;
      const translations = (project.description_languages ?? []).filter((l) => l !== originalLanguage);
      const language = chooseLanguage(originalLanguage, translations, wish);
      const translation = language === originalLanguage ? undefined : await findTranslation(db, access.project.id, language);
      if (!translation) return { project, language: originalLanguage };
      return { project: { ...project, summary: translation.summary, description: translation.description }, language };
    },

    /** Visible projects among ids/slugs; unknown and hidden ones are left out. */
    async getProjects(actor: Actor | null, texts: readonly string[]): Promise<Project[]> {
      const accesses = await listProjectAccessByIdOrSlug(db, actor, texts);
      return toProjects(
        db,
        accesses.filter((a) => a.visible).map((a) => a.project.id),
      );
    },

    async randomProjects(count: number): Promise<Project[]> {
      return toProjects(db, await repo.listRandomProjectIds(db, SEARCHABLE_PROJECT_STATUSES, count));
    },

    /** Whether an id or slug is in use (hidden projects included, so creators can pick free slugs). */
    async checkProject(idOrSlug: string): Promise<{ id: string }> {
      const access = await findProjectAccess(db, null, idOrSlug);
      if (!access) throw notFound('No project has this id or slug');
      return { id: encodeBase62(access.project.id) };
    },

    /** Projects and versions the project's versions depend on, as far as the caller may see them. */
    async getDependencies(actor: Actor | null, idOrSlug: string): Promise<ProjectDependencyList> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const targets = await repo.listDependencyTargets(db, access.project.id);
      const projectIds = [
        ...new Set(
          targets
            .map((t) => t.dependencyProjectId ?? t.dependencyVersionProjectId)
            .filter((id): id is number => id !== null && id !== access.project.id),
        ),
      ];
      const versionIds = [...new Set(targets.map((t) => t.dependencyVersionId).filter((id): id is number => id !== null))];
      const accesses = await listProjectAccess(db, actor, projectIds);
      const visible = new Set(accesses.filter((a) => a.visible).map((a) => a.project.id));
      return {
        projects: await toProjects(
          db,
          projectIds.filter((id) => visible.has(id)),
        ),
        versions: await loadVisibleWireVersions(db, actor, versionIds, { publicApiUrl, tokens: fileTokens }),
      };
    },

    /**
     * Projects the user is an accepted team member of. Others see only the searchable ones;
     * the user and moderators see every one they may see.
     */
    async getUserProjects(actor: Actor | null, userText: string): Promise<Project[]> {
      const user = await repo.findUserByIdOrUsername(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      const accesses = await listProjectAccess(db, actor, await repo.listProjectIdsOfMember(db, user.id));
      const full = seesAllListingsOf(actor, user.id);
      return toProjects(
        db,
        accesses.filter((a) => a.visible && (full || isSearchableProjectStatus(a.project.status))).map((a) => a.project.id),
      );
    },
  };
}
