import type { ProjectTranslation } from '@cairn/shared/schemas/translations';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../../../testing/account';
import { expectNoAxeViolations } from '../../../../testing/axe';
import { server } from '../../../../testing/mocks/server';
import { renderRoute } from '../../../../testing/test-utils';
import { createAppRoutes } from '../../../router';

const GERMAN: ProjectTranslation = { language: 'de-DE', summary: 'Laternen in Höhlen.', description: 'Laternen **überall**.', updated: '2026-01-01T00:00:00.000Z' };

/** Serves the translation routes over an editable list; records the writes. */
function serveTranslations() {
  let translations: ProjectTranslation[] = [GERMAN];
  const puts: Array<{ language: string; body: Record<string, unknown> }> = [];
  const deletes: string[] = [];
  server.use(
    http.get('*/v2/project/:id/translations', () => HttpResponse.json({ original_language: 'en-US', translations })),
    http.put('*/v2/project/:id/translations/:language', async ({ params, request }) => {
      const body = await jsonBody(request);
      const language = String(params.language);
      puts.push({ language, body });
      const stored = { language, summary: String(body.summary), description: String(body.description), updated: GERMAN.updated };
      translations = [...translations.filter((t) => t.language !== language), stored].sort((a, b) => a.language.localeCompare(b.language));
      return HttpResponse.json(stored);
    }),
    http.delete('*/v2/project/:id/translations/:language', ({ params }) => {
      deletes.push(String(params.language));
      translations = translations.filter((t) => t.language !== params.language);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { puts, deletes };
}

describe('translations settings', () => {
  // jsdom has no layout; CodeMirror measures ranges when it scrolls the cursor into view.
  beforeAll(() => {
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  it('edits, adds and deletes translations of the summary and description', async () => {
    signIn();
    const { puts, deletes } = serveTranslations();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/description' });
    const section = within((await screen.findByRole('heading', { level: 2, name: 'Translations' })).closest('section')!);
    expect(await section.findByRole('list', { name: 'Translations' })).toHaveTextContent('German (Germany)');
    expect(section.getByLabelText('Language of the original')).toHaveValue('en-US');
    await expectNoAxeViolations(container);

    // Edit the German one.
    await user.click(section.getByRole('button', { name: 'Edit German (Germany)' }));
    const german = within(section.getByRole('form', { name: 'Translation into German (Germany)' }));
    const summary = german.getByLabelText('Summary');
    expect(summary).toHaveValue(GERMAN.summary);
    expect(summary.closest('[lang]')).toHaveAttribute('lang', 'de-DE');
    await user.clear(summary);
    await user.type(summary, 'Laternen für dunkle Höhlen.');
    await user.click(german.getByRole('button', { name: 'Save German (Germany)' }));
    expect(await screen.findByText('German (Germany) translation saved')).toBeInTheDocument();
    expect(puts).toEqual([{ language: 'de-DE', body: { summary: 'Laternen für dunkle Höhlen.', description: GERMAN.description } }]);
    await user.click(german.getByRole('button', { name: 'Close' }));

    // Add French: a too short summary is refused before anything is sent.
    await user.selectOptions(section.getByLabelText('Add a language'), 'fr-FR');
    await user.click(section.getByRole('button', { name: 'Add translation' }));
    const french = within(section.getByRole('form', { name: 'Translation into French (France)' }));
    await user.type(french.getByLabelText('Summary'), 'Ab');
    await user.click(french.getByRole('button', { name: 'Save French (France)' }));
    expect(await french.findByText('Write a summary of 3 to 256 characters.')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    await user.type(french.getByLabelText('Summary'), 'ri des lanternes');
    // The description's own editor (CodeMirror, in a chunk of its own): its toolbar writes into it.
    await vi.waitFor(() => expect(french.getByRole('button', { name: 'Bold' })).toBeInTheDocument(), { timeout: 10_000 });
    await user.click(french.getByRole('button', { name: 'Bold' }));
    await user.click(french.getByRole('button', { name: 'Save French (France)' }));
    await vi.waitFor(() => expect(puts.at(-1)).toEqual({ language: 'fr-FR', body: { summary: 'Abri des lanternes', description: '**bold text**' } }));
    expect(await section.findByRole('button', { name: 'Edit French (France)' })).toBeInTheDocument();

    // Delete it again, after confirming.
    await user.click(french.getByRole('button', { name: 'Delete translation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the French (France) translation?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete translation' }));
    await vi.waitFor(() => expect(deletes).toEqual(['fr-FR']));
    await vi.waitFor(() => expect(section.queryByRole('button', { name: 'Edit French (France)' })).not.toBeInTheDocument());
  }, 60_000);

  it('shows the field the API refused', async () => {
    signIn();
    serveTranslations();
    server.use(
      http.put('*/v2/project/:id/translations/:language', () =>
        HttpResponse.json({ error: 'invalid_input', description: "Invalid body 'summary': must not be blank" }, { status: 400 }),
      ),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/description' });
    const section = within((await screen.findByRole('heading', { level: 2, name: 'Translations' })).closest('section')!);
    await user.click(await section.findByRole('button', { name: 'Edit German (Germany)' }));
    const german = within(section.getByRole('form', { name: 'Translation into German (Germany)' }));
    await user.click(german.getByRole('button', { name: 'Save German (Germany)' }));
    expect(await german.findByText('must not be blank')).toBeInTheDocument();
  }, 60_000);
});
