import type { PayoutAccounts, PayoutHistoryItem } from '@cairn/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildBalance, buildCredit, buildPayoutAccounts, buildWithdrawal } from '../../testing/mocks/revenue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const DAY_MS = 86_400_000;
const year = new Date().getUTCFullYear();
const inDays = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS).toISOString();
// The first page of a run transforms the route modules: allow for a busy machine.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

function serveRevenue({ balance = buildBalance(), history = [] as PayoutHistoryItem[], accounts = buildPayoutAccounts() } = {}) {
  signIn();
  server.use(
    http.get('*/v2/payout/balance', () => HttpResponse.json(balance)),
    http.get('*/v2/payout/history', () => HttpResponse.json(history)),
    http.get('*/v2/payout/accounts', () => HttpResponse.json(accounts)),
  );
}

describe('revenue overview', () => {
  it('shows the balance in the money format, the next release and the holding period', async () => {
    serveRevenue({
      balance: buildBalance({ available: 123_456, pending: 2599, earned_lifetime: 131_055, withdrawn_ytd: 5000, dates: { [inDays(3)]: 1000, [inDays(9)]: 1599 } }),
      history: [
        buildCredit({ created: `${year}-01-01T00:00:00.000Z`, date_available: `${year}-02-01T00:00:00.000Z`, amount: 1005 }),
        buildCredit({ created: `${year - 1}-12-31T00:00:00.000Z`, date_available: `${year}-01-30T00:00:00.000Z`, amount: 500 }),
      ],
    });
    const { container } = renderRoute(createAppRoutes, { path: '/dashboard/revenue' });
    await heading('Revenue');
    const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Available now')).toBe('$1,234.56');
    expect(figure('Total pending')).toBe('$25.99');
    expect(figure('Earned in total')).toBe('$1,310.55');
    expect(figure('Earned this year')).toBe('$10.05');
    expect(screen.getByText('Withdrawn this year: $50.00')).toBeInTheDocument();
    expect(screen.getByText(/Revenue is held for 30 days after the day it is earned/)).toBeInTheDocument();
    expect(screen.getByText(/^Next release: \$10\.00 on /)).toBeInTheDocument();
    const soon = screen.getByRole('table', { name: 'Available soon' });
    expect(within(soon).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/dashboard/revenue/withdraw');
    expect(screen.getByRole('link', { name: 'Transfer history' })).toHaveAttribute('href', '/dashboard/revenue/transfers');
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'Revenue' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  }, 60_000);

  it('offers no withdrawal without an available balance', async () => {
    serveRevenue({ balance: buildBalance({ available: 0, pending: 450 }) });
    renderRoute(createAppRoutes, { path: '/dashboard/revenue' });
    await heading('Revenue');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByText('There is nothing to withdraw yet.')).toBeInTheDocument();
  });
});

describe('transfer history', () => {
  const history = () => [
    buildWithdrawal({ id: 'PaYoUt01', status: 'in-transit', created: `${year}-02-03T10:00:00.000Z`, amount: 2500 }),
    buildWithdrawal({ id: 'PaYoUt02', status: 'failed', created: `${year}-01-20T10:00:00.000Z`, amount: 700 }),
    buildWithdrawal({ id: 'PaYoUt03', status: 'success', created: `${year - 1}-11-05T10:00:00.000Z`, amount: 1500, fee: 30, method_type: 'paypal', method_id: 'paypal', method_address: 'wren@example.com' }),
    buildCredit({ created: `${year}-01-01T00:00:00.000Z`, amount: 300 }),
    buildCredit({ created: `${year}-01-01T00:00:00.000Z`, amount: 205, project_id: 'AAAAAAA2' }),
  ];

  it('lists transfers with their status, filters by year and method, and sums credits per day', async () => {
    serveRevenue({ history: history() });
    const { container, user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/transfers' });
    await heading('Transfer history');
    const table = screen.getByRole('table', { name: 'Transfer history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual(['In transit', 'Failed', 'Success']);
    expect(rows[2]).toHaveTextContent('PayPal · wren@example.com');
    expect(rows[2]).toHaveTextContent('$15.00');
    expect(rows[2]).toHaveTextContent('$0.30');
    // Failed transfers gave the money back: they count as transfers but not as money sent.
    expect(screen.getByRole('status')).toHaveTextContent('3 transfers, $40.00 transferred');
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel transfer' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Year'), String(year - 1));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('1 transfer, $15.00 transferred');
    await user.selectOptions(screen.getByLabelText('Year'), '');
    await user.selectOptions(screen.getByLabelText('Method'), 'sandbox');
    expect(screen.getByRole('status')).toHaveTextContent('2 transfers, $25.00 transferred');

    const credits = screen.getByRole('table', { name: 'Revenue credited' });
    expect(within(credits).getAllByRole('row')).toHaveLength(2);
    expect(within(credits).getAllByRole('row')[1]).toHaveTextContent('$5.05');
    await expectNoAxeViolations(container);
  }, 30_000);

  it('cancels a transfer in transit after confirmation', async () => {
    let items = history();
    const deleted: string[] = [];
    serveRevenue();
    server.use(
      http.get('*/v2/payout/history', () => HttpResponse.json(items)),
      http.delete('*/v2/payout/:id', ({ params }) => {
        deleted.push(String(params.id));
        items = items.map((item) => (item.type === 'withdrawal' && item.id === params.id ? { ...item, status: 'cancelling' as const } : item));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/transfers' });
    await heading('Transfer history');
    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this transfer?' });
    expect(dialog).toHaveTextContent('The transfer of $25.00 from');
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    expect(await screen.findByText('The transfer is being cancelled')).toBeInTheDocument();
    expect(deleted).toEqual(['PaYoUt01']);
    const table = screen.getByRole('table', { name: 'Transfer history' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Cancelling');
    expect(within(table).queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
  });
});

describe('payout methods', () => {
  /** Accounts the API keeps, changed by PATCH like the real one (null clears a field). */
  function serveAccounts(initial: PayoutAccounts) {
    let accounts = initial;
    const patches: Array<Record<string, unknown>> = [];
    serveRevenue({ balance: buildBalance({ available: 1000 }) });
    server.use(
      http.get('*/v2/payout/accounts', () => HttpResponse.json(accounts)),
      http.patch('*/v2/payout/accounts', async ({ request }) => {
        const body = await jsonBody(request);
        patches.push(body);
        if ('paypal_email' in body) accounts = { ...accounts, paypal: body.paypal_email ? { email: String(body.paypal_email) } : null };
        if ('venmo_handle' in body) accounts = { ...accounts, venmo: body.venmo_handle ? { handle: String(body.venmo_handle) } : null };
        return HttpResponse.json(accounts);
      }),
    );
    return patches;
  }

  it('connects and disconnects PayPal, saves the Venmo handle and sends to the account settings to verify the email', async () => {
    const patches = serveAccounts(buildPayoutAccounts({ venmo: { handle: '@wren-makes' }, email: { address: 'wren@example.com', verified: false } }));
    const { container, user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue' });
    await heading('Revenue');
    const block = within(screen.getByRole('region', { name: 'Payout methods' }));
    expect(block.getByText('Sent to your account email, wren@example.com, once it is verified.')).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Verify your email in account settings' })).toHaveAttribute('href', '/settings/account');

    const paypalEmail = block.getByLabelText('PayPal account email');
    await user.type(paypalEmail, 'not an email');
    await user.click(block.getByRole('button', { name: 'Connect PayPal account' }));
    expect(paypalEmail).toHaveAccessibleDescription(/Enter an email address/);
    expect(patches).toEqual([]);
    await user.clear(paypalEmail);
    await user.type(paypalEmail, 'wren.pay@example.com');
    await user.click(block.getByRole('button', { name: 'Connect PayPal account' }));
    expect(await block.findByText('Connected to wren.pay@example.com.')).toBeInTheDocument();
    expect(screen.getByText('PayPal account connected')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(block.getByRole('button', { name: 'Disconnect account' }));
    expect(await block.findByLabelText('PayPal account email')).toBeInTheDocument();

    const venmo = block.getByLabelText('Venmo handle');
    expect(venmo).toHaveValue('@wren-makes');
    await user.clear(venmo);
    await user.type(venmo, '@abc');
    await user.click(block.getByRole('button', { name: 'Save information' }));
    expect(venmo).toHaveAccessibleDescription(/Enter a Venmo handle like @example/);
    await user.clear(venmo);
    await user.type(venmo, '@wren_new');
    await user.click(block.getByRole('button', { name: 'Save information' }));
    expect(await screen.findByText('Venmo handle saved')).toBeInTheDocument();
    expect(patches).toEqual([{ paypal_email: 'wren.pay@example.com' }, { paypal_email: null }, { venmo_handle: '@wren_new' }]);
  }, 60_000);
});
