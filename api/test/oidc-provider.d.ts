/** The part of oidc-provider (which ships no types) the third-party sign-in test uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host: string): Server;
  }
}
