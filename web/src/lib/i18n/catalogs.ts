import type { MessageFormatElement } from 'react-intl';
import enUS from '../../locales/en-US.json';
import type accountEnUS from '../../locales/account/en-US.json';

/**
 * Message catalogs: `src/locales/<locale>.json`, ICU MessageFormat strings keyed by id. en-US is
 * the source catalog and is bundled; any other catalog added there becomes its own lazy chunk.
 * The production build precompiles every catalog to the ICU AST (vite.config.ts), so the browser
 * never ships the message parser.
 *
 * Text only lazy pages use lives in an area catalog, `src/locales/<area>/<locale>.json`, loaded
 * with those pages' code through <ScopedMessages> (scoped-messages.tsx), so it never weighs on
 * the first page load. Its ids are part of `MessageId` but resolve only inside that provider.
 */
type ShellMessageId = keyof typeof enUS;
type AccountMessageId = keyof typeof accountEnUS;
export type MessageId = ShellMessageId | AccountMessageId;
/** Strings in tests and the dev server; ICU ASTs in the production build. */
export type Messages = Record<ShellMessageId, string | MessageFormatElement[]>;
/** A catalog of any area (shell or lazy). */
export type MessageCatalog = Record<string, string | MessageFormatElement[]>;

export const englishMessages: Messages = enUS;

const translatedCatalogs = import.meta.glob<{ default: Partial<Messages> }>(['../../locales/*.json', '!../../locales/en-US.json']);

function catalogPath(locale: string): string {
  return `../../locales/${locale}.json`;
}

/** Whether Cairn's text exists in `locale`; other locales show the English text. */
export function hasTranslation(locale: string, defaultLocale: string): boolean {
  return locale === defaultLocale || catalogPath(locale) in translatedCatalogs;
}

/** The messages for `locale`, English filling any gap; rejects when a catalog chunk cannot be loaded. */
export async function loadMessages(locale: string): Promise<Messages> {
  const load = translatedCatalogs[catalogPath(locale)];
  if (!load) return englishMessages;
  const catalog = await load();
  return { ...englishMessages, ...catalog.default };
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
