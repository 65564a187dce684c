import { z } from 'zod';

/**
 * The browser's side of the sandbox processor: the card goes straight to the processor with the
 * setup's client secret, never through Cairn's API, as a real processor's card form would.
 */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

const ConfirmSetupResultSchema = z.union([
  z.object({ status: z.literal('succeeded'), payment_method: z.string() }),
  z.object({ status: z.literal('failed'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ConfirmSetupResult = z.infer<typeof ConfirmSetupResultSchema>;

const AuthenticateResultSchema = z.object({ status: z.string() });

/** The processor refused or could not be reached; `code` is its error code when it gave one. */
export class ProcessorError extends Error {
  override readonly name = 'ProcessorError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function post<S extends z.ZodType>(url: string, body: unknown, schema: S): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new ProcessorError('processor_unreachable', error instanceof Error ? error.message : 'The payment processor could not be reached');
  }
  const json = (await response.json().catch(() => undefined)) as unknown;
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const error = z.object({ error: z.union([z.string(), z.object({ code: z.string(), message: z.string() })]), description: z.string().optional() }).safeParse(json);
  if (error.success) {
    const { error: e, description } = error.data;
    throw typeof e === 'string' ? new ProcessorError(e, description ?? e) : new ProcessorError(e.code, e.message);
  }
  throw new ProcessorError('processor_error', `The payment processor answered ${response.status}`);
}

const base = (sandboxUrl: string) => sandboxUrl.replace(/\/+$/, '');

export function confirmSandboxSetup(sandboxUrl: string, setupId: string, clientSecret: string, card: CardDetails): Promise<ConfirmSetupResult> {
  return post(`${base(sandboxUrl)}/v1/setups/${encodeURIComponent(setupId)}/confirm`, { client_secret: clientSecret, card }, ConfirmSetupResultSchema);
}

/** The 3-D-Secure-style step: the customer approves or declines the payment at the processor. */
export async function authenticateSandboxPayment(sandboxUrl: string, paymentId: string, clientSecret: string, approve: boolean): Promise<string> {
  const result = await post(`${base(sandboxUrl)}/v1/payments/${encodeURIComponent(paymentId)}/authenticate`, { client_secret: clientSecret, approve }, AuthenticateResultSchema);
  return result.status;
}
