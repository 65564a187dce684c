import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
      const featured = query.featured === 'true';
      gallery = [
        ...gallery.map((image) => (featured ? { ...image, featured: false } : image)),
        {
          url: `https://cdn.example.test/new${uploads}.webp`,
          raw_url: `https://cdn.example.test/new${uploads}.png`,
          featured,
          title: query.title ?? null,
          description: query.description ?? null,
          created: '2024-05-01T10:00:00Z',
          ordering: Number(query.ordering),
        },
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

/** The details step of the upload, once files were picked. */
const detailsDialog = async (count: number) => within(await screen.findByRole('dialog', { name: count === 1 ? 'Upload gallery image' : `Upload ${count} gallery images` }));

// jsdom has no blob URLs; the details step previews each picked file from one.
beforeAll(() => {
  URL.createObjectURL = vi.fn((file: Blob) => `blob:preview/${file instanceof File ? file.name : 'blob'}`);
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

// Whole pages through lazy routes: give a busy machine time.
describe('gallery management', { timeout: 60_000 }, () => {
  it('checks files against the rules before sending, then uploads the good ones in order with their type and file-name titles', async () => {
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
    // The good ones wait for their details: titled after their files; Cave stays the featured one.
    const details = await detailsDialog(2);
    expect(details.getAllByLabelText('Title').map((field) => (field as HTMLInputElement).value)).toEqual(['sunrise', 'dusk']);
    expect(details.getAllByLabelText('Featured image').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    expect(sent).toEqual([]);
    await user.click(details.getByRole('button', { name: 'Upload 2 images' }));
    expect(await screen.findByText('dusk.png added to the gallery', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('sunrise.png added to the gallery')).toBeInTheDocument();
    await expect.poll(cardTitles).toEqual(['Cave', 'Moss', 'sunrise', 'dusk']);

    expect(sent).toEqual([
      { method: 'POST', query: { ext: 'png', featured: 'false', title: 'sunrise', ordering: '2' }, contentType: 'image/png', bytes: 64 },
      { method: 'POST', query: { ext: 'png', featured: 'false', title: 'dusk', ordering: '3' }, contentType: 'image/png', bytes: 64 },
    ]);
  });

  it('keeps uploading into an empty gallery once the first image arrives', async () => {
    signIn();
    const { sent } = serveGallery(undefined, []);
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await screen.findByText('This project has no gallery images.', undefined, { timeout: 15_000 });
    const uploaderButton = screen.getByRole('button', { name: 'Choose images' });
    await user.upload(screen.getByLabelText('Choose images'), [png('one.png'), png('two.png')]);
    // Nothing is featured yet, so the first image is by default.
    const details = await detailsDialog(2);
    expect(details.getAllByLabelText('Featured image').map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    await user.click(details.getByRole('button', { name: 'Upload 2 images' }));
    expect(await screen.findByText('two.png added to the gallery', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await expect.poll(cardTitles).toEqual(['one', 'two']);
    expect(sent.map((call) => [call.query.ordering, call.query.featured])).toEqual([
      ['0', 'true'],
      ['1', 'false'],
    ]);
    // The uploader was not mounted anew when the first image replaced the empty state (that
    // would have dropped the uploads still waiting).
    expect(screen.getByRole('button', { name: 'Choose images' })).toBe(uploaderButton);
  });

  it('asks for title, description and featured before uploading, and sends them with the image', async () => {
    signIn();
    const { sent, gallery } = serveGallery();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    const input = await screen.findByLabelText('Choose images', undefined, { timeout: 15_000 });

    // Cancelling the details step sends nothing.
    await user.upload(input, [png('first-try.png')]);
    await user.click((await detailsDialog(1)).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.upload(input, [png('night sky.png'), png('forest.jpg'), png('spare.png')]);
    const details = await detailsDialog(3);
    expect(details.getByRole('img', { name: 'Preview of night sky.png' })).toHaveAttribute('src', 'blob:preview/night sky.png');
    expect(details.getByRole('group', { name: 'night sky.png' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const night = within(details.getByRole('group', { name: 'night sky.png' }));
    await user.clear(night.getByLabelText('Title'));
    await user.type(night.getByLabelText('Title'), 'Under the stars');
    await user.type(night.getByLabelText('Description'), '  The lanterns at night  ');
    await user.click(night.getByLabelText('Featured image'));
    const forest = within(details.getByRole('group', { name: 'forest.jpg' }));
    await user.clear(forest.getByLabelText('Title'));
    // Featuring another unticks the first: one image is featured.
    await user.click(forest.getByLabelText('Featured image'));
    expect(night.getByLabelText('Featured image')).not.toBeChecked();
    await user.click(night.getByLabelText('Featured image'));
    expect(forest.getByLabelText('Featured image')).not.toBeChecked();
    await user.click(details.getByRole('button', { name: 'Leave out spare.png from this upload' }));
    expect(details.queryByRole('group', { name: 'spare.png' })).not.toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Upload 2 images' }));

    // Then each has its progress, as before.
    expect(await screen.findByRole('list', { name: 'Uploads' })).toBeInTheDocument();
    expect(await screen.findByText('forest.jpg added to the gallery', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', query: { ext: 'png', featured: 'true', title: 'Under the stars', description: 'The lanterns at night', ordering: '2' }, contentType: 'image/png', bytes: 64 },
      { method: 'POST', query: { ext: 'png', featured: 'false', ordering: '3' }, contentType: 'image/png', bytes: 64 },
    ]);
    await expect.poll(cardTitles).toEqual(['Cave', 'Moss', 'Under the stars', 'Image 4']);
    expect(gallery().map((image) => image.featured)).toEqual([false, false, true, false]);
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
