import { siteUrl } from './browser';
import { apiJson as api } from './demo-accounts';

/**
 * A hosted server bought through the real billing API with the sandbox's Visa card and placed by the
 * product's own provisioning job, for browser tests of the server panel's tabs.
 */
export interface BoughtServer {
  id: string;
  name: string;
  net: { host: string; port: number } | null;
  state: string | null;
}

async function saveVisa(session: string): Promise<string> {
  const setup = await api<{ setup_id: string; client_secret: string; sandbox_url: string }>(session, '/v2/billing/payment_method', { method: 'POST' });
  const confirmed = await fetch(`${setup.sandbox_url}/v1/setups/${setup.setup_id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: siteUrl },
    body: JSON.stringify({ client_secret: setup.client_secret, card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } }),
  });
  if (!confirmed.ok) throw new Error(`Sandbox card setup: ${confirmed.status} ${await confirmed.text()}`);
  return ((await confirmed.json()) as { payment_method: string }).payment_method;
}

/** Buys a server on `plan` (Small by default) and waits until its node reports it running. */
export async function buyRunningServer(session: string, name: string, plan = 'Small', timeoutMs = 120_000): Promise<BoughtServer> {
  const products = await api<Array<{ id: string; metadata: { type: string; name?: string } }>>(session, '/v2/billing/products');
  const product = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === plan);
  if (!product) throw new Error(`No server plan named ${plan}`);
  const paymentMethod = await saveVisa(session);
  const result = await api<{ status: string }>(session, '/v2/billing/payment', {
    method: 'POST',
    body: JSON.stringify({ payment_method_id: paymentMethod, charge: { type: 'new', product_id: product.id, server: { name } } }),
  });
  if (result.status !== 'succeeded') throw new Error(`Buying ${plan}: payment ${result.status}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { servers } = await api<{ servers: BoughtServer[] }>(session, '/v2/servers');
    const listed = servers.find((s) => s.name === name);
    // The list leaves `state` null (it does not ask the nodes); one server's own answer has it.
    const server = listed && (await api<BoughtServer>(session, `/v2/servers/${listed.id}`));
    if (server?.state === 'running') return server;
    if (Date.now() > deadline) throw new Error(`${name} was not running within ${timeoutMs} ms (last: ${JSON.stringify(server)})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
