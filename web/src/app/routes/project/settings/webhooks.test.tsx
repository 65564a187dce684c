import type { Webhook, WebhookDelivery } from '@cairn/shared/schemas/webhooks';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../../../testing/account';
import { expectNoAxeViolations } from '../../../../testing/axe';
import { server } from '../../../../testing/mocks/server';
import { renderRoute } from '../../../../testing/test-utils';
import { createAppRoutes } from '../../../router';

const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWlu';
const NOW = '2026-11-29T10:00:00.000Z';

function hookOf(fields: Partial<Webhook> & Pick<Webhook, 'id' | 'url'>): Webhook {
  return {
    project_id: 'AAAAAAAA',
    organization_id: null,
    format: 'generic',
    events: ['version.published'],
    enabled: true,
    disabled_reason: null,
    consecutive_failures: 0,
    delivered_count: 0,
    failed_count: 0,
    last_delivery: null,
    created: NOW,
    ...fields,
  };
}

/** Serves the webhook routes of any project over an editable list; records the writes. */
function serveWebhooks(initial: Webhook[] = []) {
  let hooks = [...initial];
  const deliveries = new Map<string, WebhookDelivery[]>();
  const writes: Array<{ method: string; path: string; body?: Record<string, unknown> }> = [];
  const delivery = (hookId: string, fields: Partial<WebhookDelivery>): WebhookDelivery => ({
    id: `D${(deliveries.get(hookId)?.length ?? 0) + 1}aaaaaa`,
    webhook_id: hookId,
    message_id: 'msg_test',
    event: 'ping',
    status: 'succeeded',
    attempts: 1,
    status_code: 200,
    error: null,
    latency_ms: 42,
    response_excerpt: 'thanks',
    created: NOW,
    attempted: NOW,
    resent_from: null,
    ...fields,
  });
  server.use(
    http.get('*/v2/project/:id/webhooks', () => HttpResponse.json(hooks)),
    http.post('*/v2/project/:id/webhooks', async ({ request }) => {
      const body = await jsonBody(request);
      writes.push({ method: 'POST', path: 'webhooks', body });
      const hook = hookOf({ id: `H${hooks.length + 1}aaaaaa`, url: String(body.url), format: body.format as Webhook['format'], events: body.events as Webhook['events'] });
      hooks = [...hooks, hook];
      return HttpResponse.json({ ...hook, secret: SECRET });
    }),
    http.patch('*/v2/project/:id/webhooks/:hook', async ({ params, request }) => {
      const body = await jsonBody(request);
      writes.push({ method: 'PATCH', path: String(params.hook), body });
      hooks = hooks.map((h) => (h.id === params.hook ? { ...h, ...(body as Partial<Webhook>), disabled_reason: null } : h));
      return HttpResponse.json(hooks.find((h) => h.id === params.hook));
    }),
    http.delete('*/v2/project/:id/webhooks/:hook', ({ params }) => {
      writes.push({ method: 'DELETE', path: String(params.hook) });
      hooks = hooks.filter((h) => h.id !== params.hook);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/v2/project/:id/webhooks/:hook/ping', ({ params }) => {
      const hookId = String(params.hook);
      writes.push({ method: 'POST', path: `${hookId}/ping` });
      const sent = delivery(hookId, {});
      deliveries.set(hookId, [sent, ...(deliveries.get(hookId) ?? [])]);
      hooks = hooks.map((h) => (h.id === hookId ? { ...h, delivered_count: h.delivered_count + 1, last_delivery: { status: 'succeeded', at: NOW } } : h));
      return HttpResponse.json({ ...sent, status: 'pending', attempts: 0 }, { status: 202 });
    }),
    http.get('*/v2/project/:id/webhooks/:hook/deliveries', ({ params }) => HttpResponse.json(deliveries.get(String(params.hook)) ?? [])),
    http.post('*/v2/project/:id/webhooks/:hook/deliveries/:delivery/resend', ({ params }) => {
      const hookId = String(params.hook);
      writes.push({ method: 'POST', path: `${hookId}/resend/${String(params.delivery)}` });
      const sent = delivery(hookId, { status: 'failed', status_code: 500, error: 'The destination answered 500', response_excerpt: 'broken', resent_from: String(params.delivery) });
      deliveries.set(hookId, [sent, ...(deliveries.get(hookId) ?? [])]);
      return HttpResponse.json(sent, { status: 202 });
    }),
  );
  return { writes };
}

describe('project webhooks settings', () => {
  it('adds a webhook, shows its secret once, pings it and shows the delivery log with "Send again"', async () => {
    signIn();
    const { writes } = serveWebhooks();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/webhooks' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');

    // Nothing is sent without a URL and an event.
    const form = within(screen.getByRole('form', { name: 'Add a webhook' }));
    await user.click(form.getByRole('checkbox', { name: 'Version published' }));
    await user.click(form.getByRole('button', { name: 'Add webhook' }));
    expect(form.getByText('Enter an https URL.')).toBeInTheDocument();
    expect(form.getByText('Choose at least one event.')).toBeInTheDocument();
    expect(form.getByLabelText('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);

    await user.type(form.getByLabelText('Destination URL'), 'https://discord.com/api/webhooks/1/abc');
    await user.selectOptions(form.getByLabelText('Format'), 'discord');
    await user.click(form.getByRole('checkbox', { name: 'Version published' }));
    await user.click(form.getByRole('checkbox', { name: 'Gallery image added' }));
    await user.click(form.getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByRole('region', { name: 'Signing secret' });
    expect(secret).toHaveTextContent(SECRET);
    expect(secret).toHaveFocus();
    expect(writes[0]).toEqual({ method: 'POST', path: 'webhooks', body: { url: 'https://discord.com/api/webhooks/1/abc', format: 'discord', events: ['version.published', 'gallery.image_added'] } });
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(secret).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    const list = within(await screen.findByRole('list', { name: 'Webhooks' }));
    const entry = within(list.getByRole('listitem', { name: 'https://discord.com/api/webhooks/1/abc' }));
    expect(entry.getByText('On')).toBeInTheDocument();
    expect(entry.getByText('Discord · Version published, Gallery image added')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(entry.getByRole('button', { name: 'Send a test message' }));
    expect(await screen.findByText('Test message queued')).toBeInTheDocument();
    const log = within(await entry.findByRole('table', { name: 'Deliveries' }));
    expect(await log.findByText('Delivered (200)')).toBeInTheDocument();
    expect(log.getByText('42 ms')).toBeInTheDocument();
    expect(log.getByText('Test message')).toBeInTheDocument();
    expect(entry.getByRole('button', { name: 'Hide deliveries' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(log.getByRole('button', { name: 'Send again' }));
    expect(await log.findByText('Failed (500)')).toBeInTheDocument();
    expect(log.getByText('The destination answered 500')).toBeInTheDocument();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST webhooks', 'POST H1aaaaaa/ping', 'POST H1aaaaaa/resend/D1aaaaaa']);
    await expectNoAxeViolations(container);
  });

  it('switches a hook off and on, and deletes it after confirming', async () => {
    signIn();
    const { writes } = serveWebhooks([hookOf({ id: 'Hdownaaa', url: 'https://hooks.example.org/down', enabled: false, disabled_reason: 'failures', consecutive_failures: 10, failed_count: 10, last_delivery: { status: 'failed', at: NOW } })]);
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/webhooks' });
    const entry = within(await screen.findByRole('listitem', { name: 'https://hooks.example.org/down' }));
    expect(entry.getByText('Switched off after 10 failed deliveries in a row')).toBeInTheDocument();

    await user.click(entry.getByRole('button', { name: 'Switch on' }));
    expect(await entry.findByText('On')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PATCH', path: 'Hdownaaa', body: { enabled: true } }]);

    await user.click(entry.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this webhook?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({ method: 'DELETE', path: 'Hdownaaa' });
  });

  it('tells members without EDIT_DETAILS that the page is not theirs, and asks nothing of the API', async () => {
    signIn({ role: 'moderator', id: 'ModUser1', username: 'Moddy' });
    const asked = vi.fn();
    server.use(http.get('*/v2/project/:id/webhooks', () => (asked(), HttpResponse.json([]))));
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/webhooks' });
    expect(await screen.findByText("You can't manage this project's webhooks.")).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });
});
