import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { matchLocale } from '@cairn/shared/constants/languages';
import type { ProjectTranslation, ProjectTranslationList, PutProjectTranslationBody } from '@cairn/shared/schemas/translations';
import type { Actor } from '../../lib/actor.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { discardDroppedImages, syncImagesOfText } from '../images/images.service.js';
import type { ProjectContext } from './project-context.js';
import * as repo from './projects.repository.js';
import * as translations from './project-translations.repository.js';
import { toProjectTranslation } from './projects.mapper.js';

const { EDIT_DETAILS } = PROJECT_PERMISSIONS;

/**
 * Every text of a project images uploaded for it may appear in: the description and its
 * translations (with `body` standing in for the description when it is being replaced).
 */
export async function projectImageText(tx: Executor, projectId: number, body: string, except?: string): Promise<string> {
  const rows = await translations.listTranslations(tx, projectId);
  return [body, ...rows.filter((r) => r.language !== except).map((r) => r.description)].join('\n');
}

/** A project's translations: its team (and moderators) list, create, replace and delete them. */
export function createProjectTranslations(context: ProjectContext) {
  const { db, files, requireEditable } = context;

  /** The listed spelling of a language that passed the route's schema. */
  const language = (text: string) => matchLocale(text) ?? text;

  return {
    async listProjectTranslations(actor: Actor, idOrSlug: string): Promise<ProjectTranslationList> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "see this project's translations");
      const [row, rows] = await Promise.all([repo.findProjectRow(db, access.project.id), translations.listTranslations(db, access.project.id)]);
      return { original_language: row!.originalLanguage, translations: rows.map(toProjectTranslation) };
    },

    async putProjectTranslation(actor: Actor, idOrSlug: string, languageText: string, body: PutProjectTranslationBody): Promise<ProjectTranslation> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "edit this project's translations");
      const code = language(languageText);
      const projectId = access.project.id;
      let dropped: string[] = [];
      const stored = await db.transaction(async (tx) => {
        const project = (await repo.findProjectRow(tx, projectId))!;
        if (project.originalLanguage === code) {
          throw badRequest(`language: ${code} is the language of the original; edit the project's own summary and description instead`);
        }
        const row = await translations.upsertTranslation(tx, projectId, code, { summary: body.summary, description: body.description });
        dropped = await syncImagesOfText(tx, { context: 'project', projectId }, await projectImageText(tx, projectId, project.body));
        await recordSearchChange(tx, [projectId]);
        return row;
      });
      await discardDroppedImages(db, files, dropped);
      return toProjectTranslation(stored);
    },

    async deleteProjectTranslation(actor: Actor, idOrSlug: string, languageText: string): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "edit this project's translations");
      const code = language(languageText);
      const projectId = access.project.id;
      let dropped: string[] = [];
      await db.transaction(async (tx) => {
        if (!(await translations.deleteTranslation(tx, projectId, code))) throw notFound(`language: the project has no translation in ${code}`);
        const project = (await repo.findProjectRow(tx, projectId))!;
        dropped = await syncImagesOfText(tx, { context: 'project', projectId }, await projectImageText(tx, projectId, project.body));
        await recordSearchChange(tx, [projectId]);
      });
      await discardDroppedImages(db, files, dropped);
    },
  };
}
