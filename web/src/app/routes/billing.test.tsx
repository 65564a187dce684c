import type { Charge, PaymentMethod } from '@cairn/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildCharge, buildPaymentMethod, buildPlusProduct, buildSubscriptionEntry } from '../../testing/mocks/billing';
import { buildServerPlanProduct } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const SANDBOX = 'http://sandbox.test';

/** Products, the user's subscriptions, charges and cards as the API would answer them. */
function serveBilling({ charges = [] as Charge[], methods = [] as PaymentMethod[], subscriptions = [] as ReturnType<typeof buildSubscriptionEntry>[] } = {}) {
  server.use(
    http.get('*/v2/billing/products', () => HttpResponse.json([buildPlusProduct()])),
    http.get('*/v2/billing/subscriptions', () => HttpResponse.json(subscriptions)),
    http.get('*/v2/billing/payments', () => HttpResponse.json(charges)),
    http.get('*/v2/billing/payment_methods', () => HttpResponse.json(methods)),
    http.post('*/v2/billing/payment_method', () =>
      HttpResponse.json({ provider: 'sandbox', setup_id: 'seti_1', client_secret: 'seti_1_secret', sandbox_url: SANDBOX, publishable_key: null }),
    ),
  );
}

async function fill(user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

describe('card form', () => {
  it('shows the brand as the number is typed and explains what is wrong before anything is sent', async () => {
    signIn();
    serveBilling();
    let setups = 0;
    server.use(http.post('*/v2/billing/payment_method', () => (setups++, HttpResponse.json({}))));
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/billing' });
    // The first page of the file loads the settings area's code cold.
    await user.click(await screen.findByRole('button', { name: 'Add a card' }, { timeout: 45_000 }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a card' }));
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(dialog.getByText('Enter the card number.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the expiry date as MM/YY.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the 3-digit security code.')).toBeInTheDocument();

    const number = dialog.getByLabelText('Card number');
    await fill(user, number, '4242424242424241');
    expect(number).toHaveValue('4242 4242 4242 4241');
    expect(dialog.getByTestId('card-brand')).toHaveTextContent('Visa');
    await fill(user, dialog.getByLabelText('Expiry date'), '01/20');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(dialog.getByText('This card number is not valid. Check it for typos.')).toBeInTheDocument();
    expect(dialog.getByText('This card has expired.')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(expect.stringContaining('This card number is not valid') as string);

    await user.clear(number);
    await fill(user, number, '378282246310005');
    expect(dialog.getByTestId('card-brand')).toHaveTextContent('American Express');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(dialog.getByText('Enter the 4-digit security code.')).toBeInTheDocument();
    expect(setups).toBe(0);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('saves a card with the processor and shows its refusal in words', async () => {
    signIn();
    serveBilling();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(`${SANDBOX}/v1/setups/:id/confirm`, async ({ request, params }) => {
        sent = { ...(await jsonBody(request)), id: params.id };
        return HttpResponse.json({ status: 'failed', error: { code: 'card_declined', message: 'Declined' } });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/settings/billing' });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a card' }));
    await fill(user, dialog.getByLabelText('Card number'), '4000 0000 0000 0002');
    await fill(user, dialog.getByLabelText('Expiry date'), '12/40');
    await fill(user, dialog.getByLabelText('Security code'), '123');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('Your card was declined. Try another card.')).toBeInTheDocument();
    expect(sent).toEqual({ id: 'seti_1', client_secret: 'seti_1_secret', card: { number: '4000000000000002', exp_month: 12, exp_year: 2040, cvc: '123' } });
  });
});

describe('/plus', () => {
  it('shows the perks and both prices, and sends visitors to sign in', async () => {
    serveBilling();
    const { user, container } = renderRoute(createAppRoutes, { path: '/plus' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cairn Plus' })).toBeInTheDocument();
    expect(screen.getByText('A Plus badge on your profile')).toBeInTheDocument();
    expect(screen.getByText('Up to 128 collections instead of 32')).toBeInTheDocument();
    expect(screen.getByText('$4.99 / month')).toBeInTheDocument();
    expect(screen.getByText('Save 16% with yearly billing')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByText('$49.99 / year')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute('href', `/auth/sign-in?redirect=${encodeURIComponent('/plus?showModal=true')}`);
    await expectNoAxeViolations(container);
  });

  it('subscribes with a new card through the confirmation step', async () => {
    signIn();
    serveBilling();
    let payment: Record<string, unknown> | undefined;
    let approval: Record<string, unknown> | undefined;
    server.use(
      http.post(`${SANDBOX}/v1/setups/:id/confirm`, () => HttpResponse.json({ status: 'succeeded', payment_method: 'pm_3ds' })),
      http.post('*/v2/billing/payment', async ({ request }) => {
        payment = await jsonBody(request);
        return HttpResponse.json({
          charge_id: 'Chg00009',
          payment_intent_id: 'pay_1',
          status: 'requires_action',
          client_secret: 'pay_1_secret',
          price_id: 'PlusUsd1',
          total: 4999,
          currency_code: 'USD',
          failure: null,
        });
      }),
      http.post(`${SANDBOX}/v1/payments/:id/authenticate`, async ({ request, params }) => {
        approval = { ...(await jsonBody(request)), id: params.id };
        return HttpResponse.json({ status: 'succeeded' });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/plus' });
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe to Plus' }));
    expect(dialog.getByText('Cairn Plus, billed yearly: $49.99')).toBeInTheDocument();
    await fill(user, dialog.getByLabelText('Card number'), '4000002500003155');
    await fill(user, dialog.getByLabelText('Expiry date'), '04/39');
    await fill(user, dialog.getByLabelText('Security code'), '123');
    await user.click(dialog.getByRole('button', { name: 'Pay $49.99' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your payment' }));
    expect(confirm.getByText(/test processor/)).toBeInTheDocument();
    expect(payment).toEqual({ payment_method_id: 'pm_3ds', charge: { type: 'new', product_id: 'PlusProd1', interval: 'yearly' } });
    await user.click(confirm.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Welcome to Plus!')).toBeInTheDocument();
    expect(approval).toEqual({ id: 'pay_1', client_secret: 'pay_1_secret', approve: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subscribe to Plus' })).not.toBeInTheDocument());
  });

  it('pays with a saved card and says why a payment failed', async () => {
    signIn();
    serveBilling({ methods: [buildPaymentMethod({ id: 'pm_poor', card: { brand: 'visa', last4: '9995', exp_month: 1, exp_year: 2099 } })] });
    server.use(
      http.post('*/v2/billing/payment', () =>
        HttpResponse.json({ charge_id: 'Chg00009', payment_intent_id: 'pay_2', status: 'failed', client_secret: null, price_id: 'PlusUsd1', total: 499, currency_code: 'USD', failure: 'insufficient_funds' }),
      ),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/plus' });
    // Run alone, this test loads the billing code cold.
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 45_000 }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe to Plus' }));
    expect(await dialog.findByRole('radio', { name: 'Visa ending in 9995' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Pay $4.99' }));
    expect(await dialog.findByText('Your card has insufficient funds. Try another card.')).toBeInTheDocument();
  }, 60_000);
});

describe('/settings/billing', () => {
  it('lists the subscription with its next charge, cancels it keeping Plus until then, and manages cards', async () => {
    signIn();
    const subscriptions = [buildSubscriptionEntry()];
    let charges = [buildCharge({ id: 'Chg00002', status: 'open', due: '2026-12-05T10:00:00.000Z' }), buildCharge()];
    let methods = [buildPaymentMethod(), buildPaymentMethod({ id: 'pm_mc', primary: false, card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 } })];
    const edits: unknown[] = [];
    const primaries: string[] = [];
    const deleted: string[] = [];
    serveBilling({ subscriptions });
    server.use(
      http.get('*/v2/billing/payments', () => HttpResponse.json(charges)),
      http.get('*/v2/billing/payment_methods', () => HttpResponse.json(methods)),
      http.patch('*/v2/billing/subscription/:id', async ({ request }) => {
        const body = await jsonBody(request);
        edits.push(body);
        if (body.cancelled === true) charges = charges.map((c) => (c.id === 'Chg00002' ? { ...c, status: 'expiring' as const } : c));
        return new HttpResponse(null, { status: 204 });
      }),
      http.patch('*/v2/billing/payment_method/:id', ({ params }) => {
        primaries.push(String(params.id));
        methods = methods.map((m) => ({ ...m, primary: m.id === params.id }));
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/v2/billing/payment_method/:id', ({ params }) => {
        deleted.push(String(params.id));
        methods = methods.filter((m) => m.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/billing' });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Cairn Plus' })).closest('li')!;
    expect(within(card).getByText('$4.99 monthly')).toBeInTheDocument();
    expect(within(card).getByText('Next charge on December 5, 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Visa ending in 4242/ })).toHaveTextContent('Primary');
    expect(screen.getByText('Expires 03/2031')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Cancel this subscription?' }));
    expect(confirm.getByText('You keep Plus until December 5, 2026. After that you will not be charged again.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(edits).toEqual([{ cancelled: true }]);
    expect(await within(card).findByText('Cancelled: keeps its perks until December 5, 2026')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resubscribe' }));
    await waitFor(() => expect(edits).toEqual([{ cancelled: true }, { cancelled: false }]));

    await user.click(screen.getByRole('button', { name: 'Make primary: MasterCard ending in 4444' }));
    expect(await screen.findByText('Primary payment method changed')).toBeInTheDocument();
    expect(primaries).toEqual(['pm_mc']);
    await user.click(screen.getByRole('button', { name: 'Remove: Visa ending in 4242' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove this card?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Card removed')).toBeInTheDocument();
    expect(deleted).toEqual(['pm_visa']);
    await waitFor(() => expect(screen.queryByText(/Visa ending in 4242/)).not.toBeInTheDocument());
  });

  it('previews an interval change before making it', async () => {
    signIn();
    serveBilling({ subscriptions: [buildSubscriptionEntry()], charges: [buildCharge({ id: 'Chg00002', status: 'open', due: '2026-12-05T10:00:00.000Z' })] });
    const calls: Array<{ dry: string | null; body: unknown }> = [];
    server.use(
      http.patch('*/v2/billing/subscription/:id', async ({ request }) => {
        const dry = new URL(request.url).searchParams.get('dry');
        calls.push({ dry, body: await jsonBody(request) });
        return HttpResponse.json({ charge: null, amount_due: 4500, currency_code: 'USD', payment_intent_id: null, client_secret: null });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/settings/billing' });
    await user.click(await screen.findByRole('button', { name: 'Switch to yearly billing' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change the billing period' }));
    expect(await dialog.findByText('Due now: $45.00. From the next renewal you pay $49.99 yearly.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Change billing period' }));
    expect(await screen.findByText('Billing period changed')).toBeInTheDocument();
    expect(calls).toEqual([
      { dry: 'true', body: { interval: 'yearly' } },
      { dry: null, body: { interval: 'yearly' } },
    ]);
  });
});

describe('server plan subscriptions', () => {
  it('name the server each plan pays for with a link to its panel, or its id when it is gone', async () => {
    signIn();
    const small = buildServerPlanProduct('Small', 600, 10);
    const price = small.prices[0]!.id;
    serveBilling({
      subscriptions: [
        buildSubscriptionEntry({ id: 'Sub00002', price_id: price, metadata: { type: 'pyro', id: 'Srv00001' } }, { id: 'Srv00001', name: 'Survival world' }),
        buildSubscriptionEntry({ id: 'Sub00003', price_id: price, status: 'unprovisioned', metadata: { type: 'pyro', id: 'Srv00009' } }),
        buildSubscriptionEntry(),
      ],
    });
    server.use(http.get('*/v2/billing/products', () => HttpResponse.json([buildPlusProduct(), small])));
    const { container } = renderRoute(createAppRoutes, { path: '/settings/billing' });
    const [linked, gone] = (await screen.findAllByRole('heading', { level: 2, name: 'Small server plan' })).map((heading) => within(heading.closest('li')!));
    expect(linked!.getByText('$6.00 monthly')).toBeInTheDocument();
    expect(linked!.getByRole('link', { name: 'Survival world' })).toHaveAttribute('href', '/servers/manage/Srv00001');
    expect(linked!.getByText(/For the server/)).toHaveTextContent('For the server Survival world');
    expect(gone!.queryByRole('link')).not.toBeInTheDocument();
    expect(gone!.getByText('No server is linked to this plan (server ID Srv00009).')).toBeInTheDocument();
    const plus = within(screen.getByRole('heading', { level: 2, name: 'Cairn Plus' }).closest('li')!);
    expect(plus.queryByText(/server/i)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('charges and the billing banner', () => {
  it('lists past charges in the money format with status badges, refunds negative', async () => {
    signIn();
    serveBilling({
      charges: [
        buildCharge({ id: 'Chg00001', due: '2026-01-05T10:00:00.000Z' }),
        buildCharge({ id: 'Chg00003', type: 'refund', amount: 250, due: '2026-01-07T10:00:00.000Z', parent_charge_id: 'Chg00001' }),
        buildCharge({ id: 'Chg00002', status: 'failed', due: '2026-02-05T10:00:00.000Z' }),
      ],
    });
    const { container } = renderRoute(createAppRoutes, { path: '/settings/billing/charges' });
    const table = await screen.findByRole('table', { name: 'Past charges' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['February 5, 2026', 'Cairn Plus · monthly', '$4.99', 'Failed', 'Subscription'],
      ['January 7, 2026', 'Cairn Plus · monthly', '-$2.50', 'Paid', 'Refund'],
      ['January 5, 2026', 'Cairn Plus · monthly', '$4.99', 'Paid', 'Subscription'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('shows the banner on other pages while a renewal has failed, and retries from billing settings', async () => {
    signIn();
    let charges = [buildCharge({ id: 'Chg00002', status: 'failed', due: '2026-02-05T10:00:00.000Z' })];
    let retried: Record<string, unknown> | undefined;
    serveBilling({ subscriptions: [buildSubscriptionEntry()], methods: [buildPaymentMethod()] });
    server.use(
      http.get('*/v2/billing/payments', () => HttpResponse.json(charges)),
      http.post('*/v2/billing/payment', async ({ request }) => {
        retried = await jsonBody(request);
        charges = [{ ...charges[0]!, status: 'succeeded' }];
        return HttpResponse.json({ charge_id: 'Chg00002', payment_intent_id: 'pay_3', status: 'succeeded', client_secret: null, price_id: 'PlusUsd1', total: 499, currency_code: 'USD', failure: null });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/profile' });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Billing action required');
    expect(banner).toHaveTextContent('Your payment for Cairn Plus failed.');
    await expectNoAxeViolations(container);
    await user.click(within(banner).getByRole('link', { name: 'Update payment method' }));
    const card = (await screen.findByRole('heading', { level: 2, name: 'Cairn Plus' })).closest('li')!;
    expect(screen.queryByText('Billing action required')).not.toBeInTheDocument();
    expect(within(card).getByText('The last payment failed. Update your payment method and retry.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText('Payment succeeded')).toBeInTheDocument();
    expect(retried).toEqual({ payment_method_id: 'pm_visa', charge: { type: 'existing', id: 'Chg00002' } });
  });

  it('shows no banner when nothing has failed', async () => {
    signIn();
    serveBilling({ subscriptions: [buildSubscriptionEntry()], charges: [buildCharge()] });
    renderRoute(createAppRoutes, { path: '/settings/profile' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Billing action required')).not.toBeInTheDocument();
  });
});
