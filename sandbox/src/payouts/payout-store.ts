import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type SandboxPayoutStatus = 'in_transit' | 'paid' | 'failed' | 'cancelled';

export interface SandboxPayout {
  id: string;
  amount: number;
  currency: string;
  destination: string | null;
  metadata: Record<string, string>;
  status: SandboxPayoutStatus;
  failure_code: string | null;
  created: number;
  idempotency_key: string;
}

/** Payouts by id; kept in memory, and in a JSON file (written atomically) when one is given. */
export interface PayoutStore {
  get(id: string): SandboxPayout | undefined;
  findByKey(key: string): SandboxPayout | undefined;
  put(payout: SandboxPayout): void;
  all(): SandboxPayout[];
}

export function createPayoutStore(file?: string): PayoutStore {
  const payouts = new Map<string, SandboxPayout>();
  if (file) {
    try {
      for (const payout of JSON.parse(readFileSync(file, 'utf8')) as SandboxPayout[]) payouts.set(payout.id, payout);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const save = () => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify([...payouts.values()]));
    renameSync(temporary, file);
  };
  return {
    get: (id) => payouts.get(id),
    findByKey: (key) => [...payouts.values()].find((p) => p.idempotency_key === key),
    put: (payout) => {
      payouts.set(payout.id, payout);
      save();
    },
    all: () => [...payouts.values()],
  };
}
