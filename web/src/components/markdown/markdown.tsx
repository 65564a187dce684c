import { use } from 'react';
import type * as MarkdownModule from '../../lib/markdown';
import './markdown.css';

/**
 * Loads the markdown renderer (parser, highlighter, sanitiser: a chunk of its own). Route loaders
 * call this too, so the code arrives together with the page's data instead of after it.
 */
let rendererModule: Promise<typeof MarkdownModule> | undefined;
export function loadMarkdownRenderer() {
  rendererModule ??= import('../../lib/markdown').catch((error: unknown) => {
    rendererModule = undefined;
    throw error;
  });
  return rendererModule;
}

/** User-written markdown (descriptions, changelogs), rendered and sanitised by the spec §5 rules. */
export function Markdown({ source, className, lang }: { source: string; className?: string; lang?: string }) {
  const { renderMarkdown } = use(loadMarkdownRenderer());
  const classes = className ? `markdown ${className}` : 'markdown';
  // renderMarkdown sanitises its output to the allow-list of shared/src/markdown/policy.ts.
  return <div className={classes} lang={lang} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
