import type { MessageFormatElement } from 'react-intl';
import enUS from '../../locales/en-US.json';

/**
 * Message catalogs: `src/locales/<locale>.json`, ICU MessageFormat strings keyed by id. en-US is
 * the source catalog and is bundled; any other catalog added there becomes its own lazy chunk.
 * The production build precompiles every catalog to the ICU AST (vite.config.ts), so the browser
 * never ships the message parser.
 */
export type MessageId = keyof typeof enUS;
/** Strings in tests and the dev server; ICU ASTs in the production build. */
export type Messages = Record<MessageId, string | MessageFormatElement[]>;

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
