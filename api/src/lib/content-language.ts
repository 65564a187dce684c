import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLanguage } from '@cairn/shared/constants/languages';

/** What a read asks for: `?lang=` (wins) or the Accept-Language header. */
export interface LanguageWish {
  lang?: string;
  acceptLanguage?: string;
}

export function languageWish(request: FastifyRequest, lang: string | undefined): LanguageWish {
  const header = request.headers['accept-language'];
  return { lang, acceptLanguage: typeof header === 'string' ? header : undefined };
}

export function wishesAnything(wish: LanguageWish): boolean {
  return wish.lang !== undefined || (wish.acceptLanguage !== undefined && wish.acceptLanguage.trim() !== '');
}

/**
 * The language to answer in: the original unless the wish matches a translation better. The
 * original comes first, so a wish it satisfies (exactly or by its primary language) keeps it.
 */
export function chooseLanguage(original: string, translations: readonly string[], wish: LanguageWish): string {
  if (translations.length === 0 || !wishesAnything(wish)) return original;
  return negotiateLanguage([original, ...translations], wish.lang, wish.acceptLanguage) ?? original;
}

/** Content-Language (one tag, or the distinct tags of a list's texts) and Vary: Accept-Language. */
export function sendLanguageHeaders(reply: FastifyReply, languages: string | Iterable<string>): void {
  const vary = reply.getHeader('vary');
  // The hot single-project read: one language, no Vary yet — two plain headers.
  if (typeof languages === 'string' && vary === undefined) {
    reply.header('content-language', languages);
    reply.header('vary', 'Accept-Language');
    return;
  }
  const distinct = [...new Set(typeof languages === 'string' ? [languages] : languages)];
  if (distinct.length > 0) reply.header('content-language', distinct.join(', '));
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
}
