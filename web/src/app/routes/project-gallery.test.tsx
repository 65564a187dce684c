import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

interface Sent {
  method: string;
  query: Record<string, string>;
  contentType?: string | null;
  bytes?: number;
}

/**
 * Lanternlight's gallery held by the mock API: uploads append, PATCH changes (featuring one
 * image un-features the others, as the API does), DELETE removes. Every call is recorded.
 */
function serveGallery(members = [buildTeamMember({ permissions: 1023 })], initial?: GalleryImage[]) {
  const project = buildProject();
  let gallery: GalleryImage[] = (initial ?? project.gallery).map((image) => ({ ...image }));
  const sent: Sent[] = [];
  let uploads = 0;
  server.use(
    http.get('*/v2/project/:id', () => HttpResponse.json({ ...project, gallery })),
    http.get('*/v2/project/:id/members', () => HttpResponse.json(members)),
    http.get('*/v2/user/:id/follows', () => HttpResponse.json([])),
    http.post('*/v2/project/:id/gallery', async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const body = await request.arrayBuffer();
      sent.push({ method: 'POST', query, contentType: request.headers.get('content-type'), bytes: body.byteLength });
      uploads++;
      gallery = [
        ...gallery,
        { url: `https://cdn.example.test/new${uploads}.webp`, raw_url: `https://cdn.example.test/new${uploads}.png`, featured: false, title: null, description: null, created: '2024-05-01T10:00:00Z', ordering: Number(query.ordering) },
      ];
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('*/v2/project/:id/gallery', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      sent.push({ method: 'PATCH', query });
      gallery = gallery.map((image) => {
        const own = image.url === query.url;
        return {
          ...image,
          featured: query.featured === 'true' ? own : own && query.featured === 'false' ? false : image.featured,
          title: own && query.title ? query.title : image.title,
          ordering: own && query.ordering ? Number(query.ordering) : image.ordering,
        };
      });
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/v2/project/:id/gallery', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      sent.push({ method: 'DELETE', query });
      gallery = gallery.filter((image) => image.url !== query.url);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, gallery: () => gallery };
}

const png = (name: string, bytes = 64) => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/png' });

/** The titles of the gallery cards, in page order. */
const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Gallery' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((title) => title !== 'Upload images');

// Whole pages through lazy routes: give a busy machine time.
describe('gallery management', { timeout: 60_000 }, () => {
  it('checks files against the rules before sending, then uploads the good ones in order with their type', async () => {
    signIn();
    const { sent } = serveGallery();
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    // A file picker's type filter is only a hint (and drops skip it): let every file through.
    const user = userEvent.setup({ applyAccept: false });
    const uploader = await screen.findByRole('region', { name: 'Upload images' }, { timeout: 15_000 });
    expect(within(uploader).getByText(/PNG, JPEG, GIF or WebP, up to 5\.00 MiB each/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const input = screen.getByLabelText('Choose images');
    await user.upload(input, [png('sunrise.png'), new File(['hello'], 'notes.txt', { type: 'text/plain' }), png('huge.png', 5 * 1024 * 1024 + 1), png('dusk.png')]);

    expect(await screen.findByText('Not uploaded: only PNG, JPEG, GIF and WebP images are accepted.')).toBeInTheDocument();
    expect(screen.getByText('Not uploaded: the image is larger than 5.00 MiB.')).toBeInTheDocument();
    expect(await screen.findByText('dusk.png added to the gallery', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('sunrise.png added to the gallery')).toBeInTheDocument();
    await expect.poll(cardTitles).toEqual(['Cave', 'Moss', 'Image 3', 'Image 4']);

    expect(sent).toEqual([
      { method: 'POST', query: { ext: 'png', featured: 'false', ordering: '2' }, contentType: 'image/png', bytes: 64 },
      { method: 'POST', query: { ext: 'png', featured: 'false', ordering: '3' }, contentType: 'image/png', bytes: 64 },
    ]);
  });

  it('keeps uploading into an empty gallery once the first image arrives', async () => {
    signIn();
    const { sent } = serveGallery(undefined, []);
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await screen.findByText('This project has no gallery images.', undefined, { timeout: 15_000 });
    const uploaderButton = screen.getByRole('button', { name: 'Choose images' });
    await user.upload(screen.getByLabelText('Choose images'), [png('one.png'), png('two.png')]);
    expect(await screen.findByText('two.png added to the gallery', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await expect.poll(cardTitles).toEqual(['Image 1', 'Image 2']);
    expect(sent.map((call) => call.query.ordering)).toEqual(['0', '1']);
    // The uploader was not mounted anew when the first image replaced the empty state (that
    // would have dropped the uploads still waiting).
    expect(screen.getByRole('button', { name: 'Choose images' })).toBe(uploaderButton);
  });

  it('edits an image, sending only what changed, and refuses to empty a title', async () => {
    signIn();
    const { sent } = serveGallery();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await user.click(await screen.findByRole('button', { name: 'Edit Moss' }, { timeout: 15_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit gallery image' }));
    await expectNoAxeViolations(container);

    await user.clear(dialog.getByLabelText('Title'));
    await user.clear(dialog.getByLabelText('Order index'));
    await user.type(dialog.getByLabelText('Order index'), 'first');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('A title can be changed but not removed.')).toBeInTheDocument();
    expect(dialog.getByText('Enter a whole number.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(dialog.getByLabelText('Title'), 'Mossy steps');
    await user.clear(dialog.getByLabelText('Order index'));
    await user.type(dialog.getByLabelText('Order index'), '-1');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Gallery image saved')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', query: { url: 'https://cdn.example.test/g2.webp', title: 'Mossy steps', ordering: '-1' } }]);
    await expect.poll(cardTitles).toEqual(['Mossy steps', 'Cave']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('features one image in place of the other, and removes one after asking', async () => {
    signIn();
    const { sent, gallery } = serveGallery();
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await user.click(await screen.findByRole('button', { name: 'Feature Moss' }, { timeout: 15_000 }));
    expect(await screen.findByText('Image featured')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unfeature Moss' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feature Cave' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Cave' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this image?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Image removed')).toBeInTheDocument();
    await expect.poll(cardTitles).toEqual(['Moss']);
    expect(sent).toEqual([
      { method: 'PATCH', query: { url: 'https://cdn.example.test/g2.webp', featured: 'true' } },
      { method: 'DELETE', query: { url: 'https://cdn.example.test/g1.webp' } },
    ]);
    expect(gallery().map((image) => image.featured)).toEqual([true]);
  });

  it('shows visitors the gallery without any of it, and moderators the edit buttons without uploads', async () => {
    signIn({ id: 'OtHe0001', username: 'someone' });
    serveGallery();
    const first = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await screen.findByRole('button', { name: 'View Cave' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Upload images' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cave' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    first.unmount();

    signIn({ id: 'MoDe0001', username: 'warden', role: 'moderator' });
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    expect(await screen.findByRole('button', { name: 'Edit Cave' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upload images' })).not.toBeInTheDocument();
  });
});
