import type { PayoutHistoryItem } from '@cairn/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildBalance, buildCredit, buildPayoutMethod, buildWithdrawal } from '../../testing/mocks/revenue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const DAY_MS = 86_400_000;
const year = new Date().getUTCFullYear();
const inDays = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS).toISOString();
// The first page of a run transforms the route modules: allow for a busy machine.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

function serveRevenue({ balance = buildBalance(), history = [] as PayoutHistoryItem[] } = {}) {
  signIn();
  server.use(
    http.get('*/v2/payout/balance', () => HttpResponse.json(balance)),
    http.get('*/v2/payout/history', () => HttpResponse.json(history)),
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

describe('withdraw', () => {
  const sandbox = buildPayoutMethod();
  const paypal = buildPayoutMethod({ id: 'paypal', type: 'paypal', name: 'PayPal', account: 'paypal', min_amount: 100, max_amount: 1_000_000, fee: { percent_bps: 200, min: 25, max: null } });

  function serveWithdraw(answer?: (body: Record<string, unknown>) => Response) {
    serveRevenue({ balance: buildBalance({ available: 123_456 }) });
    const fees: Array<Record<string, unknown>> = [];
    const payouts: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/v2/payout/methods', () => HttpResponse.json([sandbox, paypal])),
      http.post('*/v2/payout/fees', async ({ request }) => {
        const body = await jsonBody(request);
        fees.push(body);
        const amount = Number(body.amount);
        const fee = body.method_id === 'paypal' ? Math.max(25, Math.floor(amount * 0.02)) : 0;
        return HttpResponse.json({ amount, fee, net_usd: amount - fee, exchange_rate: null });
      }),
      http.post('*/v2/payout', async ({ request }) => {
        const body = await jsonBody(request);
        payouts.push(body);
        if (answer) return answer(body);
        return HttpResponse.json(buildWithdrawal({ id: 'PaYoUt09', status: 'in-transit', amount: Number(body.amount), fee: 200, method_type: 'paypal', method_id: 'paypal', method_address: String(body.method_address) }));
      }),
    );
    return { fees, payouts };
  }

  it('checks the amount against the method and the balance before asking the API', async () => {
    const { payouts } = serveWithdraw();
    const { container, user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    expect(screen.getByText('Available to withdraw: $1,234.56')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Sandbox transfer/ })).toBeChecked();
    const amount = screen.getByLabelText('Amount in US dollars');
    const submit = () => user.click(screen.getByRole('button', { name: 'Withdraw' }));

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
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/Enter an amount in dollars/);

    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.clear(amount);
    await user.type(amount, '50');
    await submit();
    expect(screen.getByLabelText('Email address to send it to')).toHaveAccessibleDescription('Enter the email address to send the money to.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(payouts).toEqual([]);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('previews the fee once typing pauses, confirms, and withdraws with an idempotency key', async () => {
    const { fees, payouts } = serveWithdraw();
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(screen.getByRole('radio', { name: /PayPal/ })).toHaveAccessibleName(/\$1\.00 to \$10,000\.00.*Fee 2%, at least \$0\.25/);
    await user.type(screen.getByLabelText('Amount in US dollars'), '100');
    const preview = within(screen.getByRole('region', { name: 'Fee preview' }));
    expect(await preview.findByText('$98.00')).toBeInTheDocument();
    expect(preview.getByText('$2.00')).toBeInTheDocument();
    // One request for the amount typed, none for "1" and "10" on the way.
    expect(fees).toEqual([{ amount: 10_000, method_id: 'paypal' }]);

    await user.type(screen.getByLabelText('Email address to send it to'), 'wren@example.com');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw $100.00?' });
    expect(dialog).toHaveTextContent('$98.00 will be sent by PayPal after a fee of $2.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByRole('heading', { name: 'Withdrawal started' })).toHaveFocus();
    expect(screen.getByText('Withdrawal requested')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View transfer history' })).toHaveAttribute('href', '/dashboard/revenue/transfers');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: 10_000, method_id: 'paypal', method_address: 'wren@example.com' });
    expect(payouts[0]!.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
  }, 30_000);

  it('shows the API refusal next to the amount, and asks again with the same key', async () => {
    const { payouts } = serveWithdraw(() => HttpResponse.json({ error: 'invalid_input', description: 'amount: more than the available balance (12.34 USD)' }, { status: 400 }));
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/revenue/withdraw' });
    await heading('Withdraw');
    const amount = screen.getByLabelText('Amount in US dollars');
    await user.type(amount, '20');
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
      await vi.waitFor(() => expect(amount).toHaveAccessibleDescription(/More than the available balance \(12\.34 USD\)/));
    }
    expect(payouts).toHaveLength(2);
    expect(payouts[0]!.idempotency_key).toBe(payouts[1]!.idempotency_key);
  });
});
