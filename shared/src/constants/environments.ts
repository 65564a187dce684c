import type { SideType } from './side-types.js';

/** Where a version runs (v2 `environment`). */
export const ENVIRONMENTS = [
  'client_and_server',
  'client_only',
  'client_only_server_optional',
  'singleplayer_only',
  'server_only',
  'server_only_client_optional',
  'dedicated_server_only',
  'client_or_server',
  'client_or_server_prefers_both',
  'unknown',
] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Values an uploader may choose (everything but `unknown`). */
export const INPUT_ENVIRONMENTS = ENVIRONMENTS.filter((e) => e !== 'unknown') as Exclude<Environment, 'unknown'>[];

export interface Sides {
  client: SideType;
  server: SideType;
}

/** The environment a pair of (deprecated) client / server side types describes. */
export function sidesToEnvironment(sides: Sides): Environment {
  const key = `${sides.client}/${sides.server}`;
  switch (key) {
    case 'required/required':
      return 'client_and_server';
    case 'required/unsupported':
      return 'client_only';
    case 'required/optional':
      return 'client_only_server_optional';
    case 'unsupported/required':
      return 'server_only';
    case 'optional/required':
      return 'server_only_client_optional';
    case 'optional/optional':
      return 'client_or_server';
    default:
      return 'unknown';
  }
}

/** The client / server side types shown for an environment. */
export function environmentToSides(environment: string): Sides {
  switch (environment) {
    case 'client_and_server':
    case 'singleplayer_only':
      return { client: 'required', server: 'required' };
    case 'client_only':
      return { client: 'required', server: 'unsupported' };
    case 'client_only_server_optional':
      return { client: 'required', server: 'optional' };
    case 'server_only':
    case 'dedicated_server_only':
      return { client: 'unsupported', server: 'required' };
    case 'server_only_client_optional':
      return { client: 'optional', server: 'required' };
    case 'client_or_server':
    case 'client_or_server_prefers_both':
      return { client: 'optional', server: 'optional' };
    default:
      return { client: 'unknown', server: 'unknown' };
  }
}
