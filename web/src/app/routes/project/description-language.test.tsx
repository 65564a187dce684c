import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE } from '../../../lib/i18n/locales';
import { switchMessageAreas } from '../../../lib/i18n/message-areas';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildProject, buildVersion } from '../../../testing/mocks/catalogue';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

const GERMAN_BODY = '## Über das Projekt\n\nLaternen **überall**.';

/** Lanternlight with a German translation; records the languages asked for. */
function serveTranslatedProject() {
  const asked: Array<string | null> = [];
  const project = buildProject({ original_language: 'en-US', description_languages: ['en-US', 'de-DE'] });
  server.use(
    http.get('*/v2/project/:id', ({ request }) => {
      const lang = new URL(request.url).searchParams.get('lang');
      asked.push(lang);
      return HttpResponse.json(lang === 'de-DE' ? { ...project, description: 'Laternen in Höhlen.', body: GERMAN_BODY } : project);
    }),
  );
  return { asked };
}

const descriptionRegion = () => screen.findByRole('region', { name: /Description|Beschreibung/ });

describe('project description languages', () => {
  afterEach(() => {
    document.cookie = 'cairn-locale=; Path=/; Max-Age=0';
    return switchMessageAreas(DEFAULT_LOCALE);
  });

  it('shows the original to an English reader and switches to a translation, marking its language', async () => {
    const { asked } = serveTranslatedProject();
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const region = within(await descriptionRegion());
    expect(await region.findByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument();
    expect(region.getByRole('heading', { level: 2, name: 'About' }).closest('[lang]')).toHaveAttribute('lang', 'en-US');
    // Only the original was fetched: the page asks for a translation when one is shown.
    expect(asked.every((lang) => lang === null)).toBe(true);

    const select = region.getByLabelText('Description language');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['American English (original)', 'German (Germany)']);
    await user.selectOptions(select, 'de-DE');
    const heading = await region.findByRole('heading', { level: 2, name: 'Über das Projekt' });
    expect(heading.closest('[lang]')).toHaveAttribute('lang', 'de-DE');
    expect(region.getByText('Shown in German (Germany)')).toHaveAttribute('aria-live', 'polite');
    expect(router.state.location.search).toBe('?lang=de-DE');
    expect(asked).toContain('de-DE');
    await expectNoAxeViolations(container);
  });

  it('opens the language of ?lang= and offers no switch without translations', async () => {
    serveTranslatedProject();
    const first = renderRoute(createAppRoutes, { path: '/mod/lanternlight?lang=de-de' });
    expect(await within(await descriptionRegion()).findByRole('heading', { level: 2, name: 'Über das Projekt' })).toBeInTheDocument();
    first.unmount();

    server.use(http.get('*/v2/project/:id', () => HttpResponse.json(buildProject())));
    renderRoute(createAppRoutes, { path: '/mod/lanternlight?lang=de-DE' });
    const region = within(await descriptionRegion());
    expect(await region.findByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument();
    expect(region.queryByLabelText('Description language')).not.toBeInTheDocument();
  });

  it('defaults to the reader’s UI language when the description is translated into it', async () => {
    document.cookie = 'cairn-locale=de-DE; Path=/';
    serveTranslatedProject();
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const region = within(await descriptionRegion());
    const heading = await region.findByRole('heading', { level: 2, name: 'Über das Projekt' }, { timeout: 15_000 });
    expect(heading.closest('[lang]')).toHaveAttribute('lang', 'de-DE');
    await vi.waitFor(() => expect(region.getByLabelText('Sprache der Beschreibung')).toHaveValue('de-DE'));
  }, 60_000);
});

describe('changelog languages', () => {
  it('shows a version page changelog in the language chosen, marked with it', async () => {
    const version = buildVersion({ id: 'VeRs0002', name: 'Lantern season', version_number: '1.1.0', changelog: '## Changes\n\n- More moss', changelog_languages: ['en-US', 'de-DE'] });
    server.use(
      http.get('*/v2/project/:id/version/:version', () => HttpResponse.json(version)),
      http.get('*/v2/version/:id', ({ request }) =>
        new URL(request.url).searchParams.get('lang') === 'de-DE' ? HttpResponse.json({ ...version, changelog: '## Änderungen\n\n- Mehr Moos' }) : HttpResponse.json(version),
      ),
    );
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/1.1.0' });
    const original = await screen.findByRole('heading', { name: 'Changes' });
    expect(original.closest('[lang]')).toHaveAttribute('lang', 'en-US');
    await user.selectOptions(screen.getByLabelText('Changelog language'), 'de-DE');
    const german = await screen.findByRole('heading', { name: 'Änderungen' });
    expect(german.closest('[lang]')).toHaveAttribute('lang', 'de-DE');
    expect(router.state.location.search).toContain('lang=de-DE');
  });
});
