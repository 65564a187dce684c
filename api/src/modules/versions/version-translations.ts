import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { matchLocale } from '@cairn/shared/constants/languages';
import type { Version } from '@cairn/shared/schemas/versions';
import type { PutVersionTranslationBody, VersionTranslation, VersionTranslationList } from '@cairn/shared/schemas/translations';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { chooseLanguage, wishesAnything, type LanguageWish } from '../../lib/content-language.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { requireProjectPermission } from '../access/project.policy.js';
import { discardDroppedImages, syncImagesOfText } from '../images/images.service.js';
import { requireVisibleVersion } from './version-details.js';
import { toVersionTranslation } from './versions.mapper.js';
import * as translations from './version-translations.repository.js';

/** Versions whose changelogs are in the languages the wish picks, and the languages answered. */
export interface LocalizedVersions {
  versions: Version[];
  languages: string[];
}

/**
 * Puts each version's changelog in the language the wish picks among its original and
 * translations (one query for all of them); versions sent without changelogs stay as they are.
 */
export async function localizeChangelogs(db: Executor, list: Version[], wish: LanguageWish): Promise<LocalizedVersions> {
  const picks = list.map((version) => {
    const [original = '', ...others] = version.changelog_languages ?? [];
    return { version, original, language: chooseLanguage(original, others, wish) };
  });
  const wanted = picks.filter((p) => p.language !== p.original && p.version.changelog);
  const rows = wanted.length === 0 || !wishesAnything(wish)
    ? []
    : await translations.listTranslationsIn(db, wanted.map((p) => parseId(p.version.id)!), [...new Set(wanted.map((p) => p.language))]);
  const byKey = new Map(rows.map((r) => [`${r.versionId}|${r.language}`, r.changelog]));
  const languages: string[] = [];
  const versions = picks.map(({ version, original, language }) => {
    const changelog = language === original || !version.changelog ? undefined : byKey.get(`${parseId(version.id)}|${language}`);
    languages.push(changelog === undefined ? original : language);
    return changelog === undefined ? version : { ...version, changelog };
  });
  return { versions, languages: languages.filter(Boolean) };
}

/** Every text of a version images uploaded for it may appear in: the changelog and its translations. */
export async function versionImageText(tx: Executor, versionId: number, changelog: string): Promise<string> {
  const rows = await translations.listTranslations(tx, versionId);
  return [changelog, ...rows.map((r) => r.changelog)].join('\n');
}

/** A version's changelog translations, managed by those who may edit the version. */
export function createVersionTranslations(deps: { db: Database; files: FileStore }) {
  const { db, files } = deps;
  const editable = async (actor: Actor, idText: string, action: string) => {
    const found = await requireVisibleVersion(db, actor, parseId(idText));
    requireProjectPermission(found.access, PROJECT_PERMISSIONS.UPLOAD_VERSION, action);
    return found.row;
  };

  return {
    async listVersionTranslations(actor: Actor, idText: string): Promise<VersionTranslationList> {
      const row = await editable(actor, idText, "see this version's translations");
      const [original, rows] = await Promise.all([translations.findOriginalLanguage(db, row.projectId), translations.listTranslations(db, row.id)]);
      return { original_language: original!, translations: rows.map(toVersionTranslation) };
    },

    async putVersionTranslation(actor: Actor, idText: string, languageText: string, body: PutVersionTranslationBody): Promise<VersionTranslation> {
      const row = await editable(actor, idText, "edit this version's translations");
      const code = matchLocale(languageText) ?? languageText;
      let dropped: string[] = [];
      const stored = await db.transaction(async (tx) => {
        if ((await translations.findOriginalLanguage(tx, row.projectId)) === code) {
          throw badRequest(`language: ${code} is the language of the original; edit the version's own changelog instead`);
        }
        const stored = await translations.upsertTranslation(tx, row.id, code, body.changelog);
        dropped = await syncImagesOfText(tx, { context: 'version', versionId: row.id }, await versionImageText(tx, row.id, row.changelog));
        await recordSearchChange(tx, [row.projectId]);
        return stored;
      });
      await discardDroppedImages(db, files, dropped);
      return toVersionTranslation(stored);
    },

    async deleteVersionTranslation(actor: Actor, idText: string, languageText: string): Promise<void> {
      const row = await editable(actor, idText, "edit this version's translations");
      const code = matchLocale(languageText) ?? languageText;
      let dropped: string[] = [];
      await db.transaction(async (tx) => {
        if (!(await translations.deleteTranslation(tx, row.id, code))) throw notFound(`language: the version has no translation in ${code}`);
        dropped = await syncImagesOfText(tx, { context: 'version', versionId: row.id }, await versionImageText(tx, row.id, row.changelog));
        await recordSearchChange(tx, [row.projectId]);
      });
      await discardDroppedImages(db, files, dropped);
    },
  };
}
