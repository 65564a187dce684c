import hljs from 'highlight.js/lib/core';
import gradle from 'highlight.js/lib/languages/gradle';
import groovy from 'highlight.js/lib/languages/groovy';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import lua from 'highlight.js/lib/languages/lua';
import properties from 'highlight.js/lib/languages/properties';
import python from 'highlight.js/lib/languages/python';
import scala from 'highlight.js/lib/languages/scala';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { HIGHLIGHT_LANGUAGES } from './policy.js';

let languagesRegistered = false;
/**
 * highlight.js with the listed languages registered. It returns the instance, and callers use
 * it, because the web build declares every function of this package pure: a registration call
 * whose result went unused was dropped from the bundle, leaving no languages at all.
 */
function highlighterWithLanguages(): typeof hljs {
  if (languagesRegistered) return hljs;
  const definitions = { javascript, python, lua, java, kotlin, scala, groovy, gradle, json, ini, yaml, xml, properties };
  for (const [name, definition] of Object.entries(definitions)) {
    hljs.registerLanguage(name, definition);
    hljs.registerAliases([...(HIGHLIGHT_LANGUAGES[name] ?? [])], { languageName: name });
  }
  languagesRegistered = true;
  return hljs;
}

/** The renderer's `highlight` option: a fenced block in one of the listed languages as highlighted HTML. */
export function highlightCode(code: string, language: string): string {
  return highlighterWithLanguages().highlight(code, { language, ignoreIllegals: true }).value;
}
