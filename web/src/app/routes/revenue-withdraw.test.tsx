import type { PayoutAccounts } from '@cairn/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE } from '../../lib/i18n/locales';
import { switchMessageAreas } from '../../lib/i18n/message-areas';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildBalance, buildPayoutAccounts, buildPayoutMethod, buildWithdrawal } from '../../testing/mocks/revenue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// The first page of a run transforms the route modules: allow for a busy machine.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const sandbox = buildPayoutMethod();
const paypal = buildPayoutMethod({ id: 'paypal', name: 'PayPal', account: 'paypal', min_amount: 100, max_amount: 1_000_000, fee: { percent_bps: 200, min: 25, max: null } });
const venmo = buildPayoutMethod({ id: 'venmo', name: 'Venmo', account: 'venmo', min_amount: 100, max_amount: 1_000_000, fee: { percent_bps: 200, min: 25, max: null } });
const giftCard = buildPayoutMethod({ id: 'tremendous', name: 'Gift card or bank transfer (by email)', account: 'email' });

/** The withdraw page's API: methods by region (Venmo in the US only), fees, and withdrawals. */
function serveWithdraw({ accounts = buildPayoutAccounts(), answer }: { accounts?: PayoutAccounts; answer?: (body: Record<string, unknown>) => Response } = {}) {
  signIn();
  const countries: string[] = [];
  const payouts: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/v2/payout/balance', () => HttpResponse.json(buildBalance({ available: 123_456 }))),
    http.get('*/v2/payout/accounts', () => HttpResponse.json(accounts)),
    http.get('*/v2/payout/methods', ({ request }) => {
      const country = new URL(request.url).searchParams.get('country') ?? '';
      countries.push(country);
      return HttpResponse.json(country === 'US' ? [sandbox, paypal, venmo, giftCard] : [sandbox, paypal, giftCard]);
    }),
    http.post('*/v2/payout/fees', async ({ request }) => {
      const body = await jsonBody(request);
      const amount = Number(body.amount);
      const fee = body.method_id === 'sandbox' ? 0 : Math.max(25, Math.floor(amount * 0.02));
      return HttpResponse.json({ amount, fee, net_usd: amount - fee, exchange_rate: null });
    }),
    http.post('*/v2/payout', async ({ request }) => {
      const body = await jsonBody(request);
      payouts.push(body);
      if (answer) return answer(body);
      return HttpResponse.json(buildWithdrawal({ id: 'PaYoUt09', status: 'in-transit', amount: Number(body.amount), fee: 200, method_type: 'sandbox', method_id: String(body.method_id), method_address: 'wren.pay@example.com' }));
    }),
  );
  return { countries, payouts };
}

beforeEach(() => localStorage.clear());

describe('withdraw', () => {
  it('starts in the browser language’s region and reloads the methods when the region changes, remembering it', async () => {
    const { countries } = serveWithdraw();
    const { container, user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    const region = screen.getByLabelText('Region');
    expect(region).toHaveValue('US');
    expect(screen.getByRole('radio', { name: /Venmo/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Sandbox transfer/ })).toBeChecked();

    await user.selectOptions(region, 'DE');
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: /Venmo/ })).toBeNull());
    expect(countries).toEqual(['US', 'DE']);
    expect(localStorage.getItem('cairn.payout-region')).toBe('DE');

    await user.type(screen.getByRole('searchbox', { name: 'Search methods' }), 'gift');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['sandbox', 'tremendous']);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('shows a missing account as soon as its method is chosen, with the way to fix it, and checks the amount', async () => {
    const { payouts } = serveWithdraw({ accounts: buildPayoutAccounts({ email: { address: 'wren@example.com', verified: false } }) });
    const { container, user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(screen.getByText('Connect a PayPal account to withdraw by PayPal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up payout methods' })).toHaveAttribute('href', '/dashboard/revenue#payout-methods');
    await user.click(screen.getByRole('radio', { name: /Venmo/ }));
    expect(screen.getByText('Set your Venmo handle to withdraw by Venmo.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Gift card/ }));
    expect(screen.getByText('Verify your email address to withdraw by this method.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to account settings' })).toHaveAttribute('href', '/settings/account');
    // No confirmation is offered for an account that does not exist.
    expect(screen.queryByRole('checkbox', { name: /I confirm the transfer/ })).toBeNull();
    await expectNoAxeViolations(container);

    const amount = screen.getByLabelText('Amount in US dollars');
    const submit = () => user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(screen.getByRole('radio', { name: /Sandbox transfer/ }));
    await user.type(amount, '4.99');
    await submit();
    expect(amount).toHaveAccessibleDescription(/The smallest withdrawal by this method is \$5\.00\./);
    await user.clear(amount);
    await user.type(amount, '1234.57');
    await submit();
    expect(amount).toHaveAccessibleDescription(/That is more than your available balance of \$1,234\.56\./);
    await user.clear(amount);
    await user.type(amount, 'ten');
    await submit();
    expect(amount).toHaveAccessibleDescription(/Enter an amount in dollars/);
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.clear(amount);
    await user.type(amount, '50');
    await submit();
    expect(payouts).toEqual([]);
  }, 60_000);

  it('asks for the fee consent and the transfer confirmation naming the account, then withdraws', async () => {
    const { payouts } = serveWithdraw({ accounts: buildPayoutAccounts({ paypal: { email: 'wren.pay@example.com' } }) });
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(screen.getByRole('radio', { name: /PayPal/ })).toHaveAccessibleName(/\$1\.00 to \$10,000\.00.*Fee 2%, at least \$0\.25/);
    await user.type(screen.getByLabelText('Amount in US dollars'), '100');
    const preview = within(screen.getByRole('region', { name: 'Fee preview' }));
    expect(await preview.findByText('$98.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/legal/terms');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('Agree to the fee to withdraw by this method.')).toBeInTheDocument();
    expect(screen.getByText('Confirm where the money is sent.')).toBeInTheDocument();
    expect(payouts).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the fee of $2.00: I will receive $98.00.' }));
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the transfer to wren.pay@example.com.' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByRole('heading', { name: 'Withdrawal started' })).toHaveFocus();
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: 10_000, method_id: 'paypal', country: 'US' });
    expect(payouts[0]!.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
  }, 60_000);

  it('shows the API refusal next to the amount, and asks again with the same key', async () => {
    const { payouts } = serveWithdraw({ answer: () => HttpResponse.json({ error: 'invalid_input', description: 'amount: more than the available balance (12.34 USD)' }, { status: 400 }) });
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    const amount = screen.getByLabelText('Amount in US dollars');
    await user.type(amount, '20');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the transfer to the sandbox test account.' }));
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
      await vi.waitFor(() => expect(amount).toHaveAccessibleDescription(/More than the available balance \(12\.34 USD\)/));
    }
    expect(payouts).toHaveLength(2);
    expect(payouts[0]!.idempotency_key).toBe(payouts[1]!.idempotency_key);
  }, 30_000);
});

describe('withdraw in German', () => {
  // The page areas' messages are shared by the module: the next tests read English again.
  afterEach(() => switchMessageAreas(DEFAULT_LOCALE));

  it('reads and writes amounts the German way', async () => {
    document.cookie = 'cairn-locale=de-DE; Path=/';
    const { payouts } = serveWithdraw();
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Auszahlen');
    expect(screen.getByText(/^Verfügbar zur Auszahlung: 1\.234,56\s\$$/)).toBeInTheDocument();
    const amount = screen.getByLabelText('Betrag in US-Dollar');
    const submit = () => user.click(screen.getByRole('button', { name: 'Auszahlen' }));
    await user.type(amount, '4,99');
    await submit();
    expect(amount).toHaveAccessibleDescription(/Die kleinste Auszahlung mit dieser Methode beträgt 5,00\s\$\./);
    await user.clear(amount);
    await user.type(amount, '12,5,0');
    await submit();
    expect(amount).toHaveAccessibleDescription(/Gib einen Betrag in Dollar ein, z\. B\. 12,50\./);
    await user.clear(amount);
    await user.type(amount, '1.200,50');
    const preview = within(screen.getByRole('region', { name: 'Gebührenvorschau' }));
    expect(await preview.findByText(/^1\.200,50\s\$$/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.50');
    expect(await preview.findByText(/^12,50\s\$$/)).toBeInTheDocument();
    expect(payouts).toEqual([]);
  }, 60_000);
});
