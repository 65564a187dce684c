import type { MessageFormatElement } from 'react-intl';
import enUS from '../../locales/en-US.json';
import { matchPseudoLocale } from './pseudo-locales';
import type accountEnUS from '../../locales/account/en-US.json';
import type billingEnUS from '../../locales/billing/en-US.json';
import type analyticsEnUS from '../../locales/analytics/en-US.json';
import type collectionsEnUS from '../../locales/collections/en-US.json';
import type creatorEnUS from '../../locales/creator/en-US.json';
import type discoverEnUS from '../../locales/discover/en-US.json';
import type errorsEnUS from '../../locales/errors/en-US.json';
import type filtersEnUS from '../../locales/filters/en-US.json';
import type footerEnUS from '../../locales/footer/en-US.json';
import type siteEnUS from '../../locales/site/en-US.json';
import type homeEnUS from '../../locales/home/en-US.json';
import type markdownEditorEnUS from '../../locales/markdown-editor/en-US.json';
import type menusEnUS from '../../locales/menus/en-US.json';
import type moderationEnUS from '../../locales/moderation/en-US.json';
import type organizationsEnUS from '../../locales/organizations/en-US.json';
import type projectEnUS from '../../locales/project/en-US.json';
import type projectSettingsEnUS from '../../locales/project-settings/en-US.json';
import type reportsEnUS from '../../locales/reports/en-US.json';
import type serversEnUS from '../../locales/servers/en-US.json';
import type serverListingsEnUS from '../../locales/server-listings/en-US.json';
import type userEnUS from '../../locales/user/en-US.json';
import type versionEditorEnUS from '../../locales/version-editor/en-US.json';
import type webhooksEnUS from '../../locales/webhooks/en-US.json';
import type malwareEnUS from '../../locales/malware/en-US.json';

/**
 * Message catalogs: ICU MessageFormat strings keyed by id. `src/locales/<locale>.json` holds the
 * shell's text (header, footer, toasts), bundled for en-US; `src/locales/<area>/<locale>.json`
 * holds the text of one area of pages (`discover`: search pages and project cards; `filters`: the
 * filter controls, loaded with them; `project`, `project-settings`, `user`, `home`; `account`: sign-in
 * and settings; `errors`: the error pages; `version-editor`: the version upload and edit screens
 * and the member actions on version pages; `creator`: project creation, the member tools on
 * project pages and the dashboard; `footer`: the site footer, which loads after the shell; `markdown-editor`: the markdown editor, loaded by each route that shows one; `moderation`: the staff pages, the review checklist and the decisions log; `reports`: the report form, reports, threads and the project's Moderation tab; `site`: the app, legal, changelog, flags and frog pages; `organizations`: organization pages, their settings and creation; `collections`: collection pages, the Save popout and the collection lists; `billing`: the Plus page, billing settings, the billing banner and the staff billing page; `analytics`: the analytics chart of the dashboard, project and organization settings; `webhooks`: the Webhooks pages of project and organization settings; `malware`: the staff page of malware quarantines and a version's scan state on its page; `servers`: the hosted servers' plans, list and panel; `server-listings`: the public server listings, their search, forms and review queue; `menus`: the signed-in account, staff and bottom-bar menus, loaded with them), loaded with the first route that needs it (see `message-areas.ts`),
 * so the shell does not carry every page's words. A catalog for another locale becomes its own
 * lazy chunk. The production build precompiles every catalog to the ICU AST (vite.config.ts), so
 * the browser never ships the message parser.
 */
export const MESSAGE_AREAS = ['discover', 'filters', 'project', 'project-settings', 'user', 'home', 'account', 'errors', 'version-editor', 'creator', 'footer', 'markdown-editor', 'moderation', 'reports', 'site', 'organizations', 'collections', 'billing', 'analytics', 'servers', 'server-listings', 'menus', 'webhooks', 'malware'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

type ShellId = keyof typeof enUS;
type AreaId =
  | keyof typeof accountEnUS
  | keyof typeof billingEnUS
  | keyof typeof analyticsEnUS
  | keyof typeof collectionsEnUS
  | keyof typeof creatorEnUS
  | keyof typeof discoverEnUS
  | keyof typeof errorsEnUS
  | keyof typeof filtersEnUS
  | keyof typeof footerEnUS
  | keyof typeof siteEnUS
  | keyof typeof projectEnUS
  | keyof typeof projectSettingsEnUS
  | keyof typeof reportsEnUS
  | keyof typeof serversEnUS
  | keyof typeof serverListingsEnUS
  | keyof typeof userEnUS
  | keyof typeof homeEnUS
  | keyof typeof markdownEditorEnUS
  | keyof typeof menusEnUS
  | keyof typeof moderationEnUS
  | keyof typeof organizationsEnUS
  | keyof typeof versionEditorEnUS
  | keyof typeof webhooksEnUS
  | keyof typeof malwareEnUS;
export type MessageId = ShellId | AreaId;
type Message = string | MessageFormatElement[];
/** Strings in tests and the dev server; ICU ASTs in the production build. */
export type Messages = Record<ShellId, Message>;
/** Some messages of any catalog (an area's, or the shell's and the loaded areas' together). */
export type MessageCatalog = Partial<Record<MessageId, Message>>;

export const englishMessages: Messages = enUS;

const translatedCatalogs = import.meta.glob<{ default: Partial<Messages> }>(['../../locales/*.json', '!../../locales/en-US.json']);
const areaCatalogs = import.meta.glob<{ default: MessageCatalog }>('../../locales/*/*.json');

function catalogPath(locale: string): string {
  return `../../locales/${locale}.json`;
}

/** Whether Cairn's text exists in `locale` (or is generated, for a pseudo-locale); other locales show the English text. */
export function hasTranslation(locale: string, defaultLocale: string): boolean {
  return locale === defaultLocale || catalogPath(locale) in translatedCatalogs || matchPseudoLocale(locale) !== undefined;
}

/** The messages for `locale`, English filling any gap; rejects when a catalog chunk cannot be loaded. */
export async function loadMessages(locale: string): Promise<Messages> {
  const pseudo = matchPseudoLocale(locale);
  if (pseudo) return (await import('./pseudo-catalog')).pseudoCatalog(englishMessages, pseudo);
  const load = translatedCatalogs[catalogPath(locale)];
  if (!load) return englishMessages;
  const catalog = await load();
  return { ...englishMessages, ...catalog.default };
}

/** One area's messages for `locale`, English filling any gap. */
export async function loadAreaMessages(area: MessageArea, locale: string): Promise<MessageCatalog> {
  const english = areaCatalogs[`../../locales/${area}/en-US.json`];
  const translated = areaCatalogs[`../../locales/${area}/${locale}.json`];
  if (!english) throw new Error(`No message catalog for the ${area} area`);
  const pseudo = matchPseudoLocale(locale);
  if (pseudo) return (await import('./pseudo-catalog')).pseudoCatalog((await english()).default, pseudo);
  const [base, local] = await Promise.all([english(), translated && translated !== english ? translated() : undefined]);
  return { ...base.default, ...local?.default };
}

declare global {
  // Types every message id used with react-intl (formatMessage, FormattedMessage).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
