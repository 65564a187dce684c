import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CardBehaviour, SandboxBrand } from './cards.js';

export interface SandboxCustomer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface SandboxSetup {
  id: string;
  customer: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded';
  paymentMethod: string | null;
}

/** Only brand, last four and expiry are kept: never the number or the CVC. */
export interface SandboxPaymentMethod {
  id: string;
  customer: string;
  brand: SandboxBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  created: number;
}

export type PaymentStatus = 'succeeded' | 'processing' | 'requires_action' | 'failed';

export interface SandboxPayment {
  id: string;
  customer: string;
  paymentMethod: string;
  amount: number;
  currency: string;
  offSession: boolean;
  status: PaymentStatus;
  clientSecret: string;
  failureCode: string | null;
  failureMessage: string | null;
  refunded: number;
  metadata: Record<string, string>;
  created: number;
}

export interface SandboxRefund {
  id: string;
  payment: string;
  amount: number;
  status: 'succeeded' | 'failed';
  created: number;
}

export interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
  delivered: boolean;
  attempts: number;
  nextAttempt: number;
}

export interface SandboxState {
  customers: Record<string, SandboxCustomer>;
  setups: Record<string, SandboxSetup>;
  paymentMethods: Record<string, SandboxPaymentMethod>;
  payments: Record<string, SandboxPayment>;
  refunds: Record<string, SandboxRefund>;
  events: SandboxEvent[];
  /** Idempotency-Key → the stored answer of the first request with it. */
  idempotency: Record<string, { status: number; body: unknown }>;
  /** Other parts of the sandbox (payouts) keep their state under their own key. */
  extensions: Record<string, unknown>;
}

const emptyState = (): SandboxState => ({
  customers: {},
  setups: {},
  paymentMethods: {},
  payments: {},
  refunds: {},
  events: [],
  idempotency: {},
  extensions: {},
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export interface SandboxStore {
  state: SandboxState;
  /** Persists the state (no-op in memory). Call after every change. */
  save(): void;
}

/** State in memory, or in a JSON file replaced atomically (write a temporary file, then rename). */
export function openStore(statePath: string | undefined): SandboxStore {
  if (!statePath) return { state: emptyState(), save: () => {} };
  let state: SandboxState;
  try {
    state = { ...emptyState(), ...(JSON.parse(readFileSync(statePath, 'utf8')) as Partial<SandboxState>) };
  } catch {
    state = emptyState();
  }
  mkdirSync(dirname(statePath), { recursive: true });
  return {
    state,
    save: () => {
      const temporary = `${statePath}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(state));
      renameSync(temporary, statePath);
    },
  };
}
