import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../config.js';

const root = workspaceRoot(dirname(new URL(import.meta.url).pathname));
const eslint = new ESLint({ cwd: root });

async function roleCheckMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'cairn/api-role-checks').map((m) => m.message);
}

const roleFunctionUse = [
  "import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';",
  'export const admin = (actor: Actor) => isAdmin(actor);',
  'export const moderator = (actor: Actor) => isModerator(actor);',
  '',
].join('\n');

const roleComparisons = [
  "import type { Actor } from '../../lib/actor.js';",
  "export const a = (actor: Actor) => actor.role === 'admin';",
  "export const b = (user: { role: string }) => 'moderator' !== user.role;",
  "export const c = (actor: Actor) => actor['role'] == 'developer';",
  'export function d(actor: Actor): number {',
  '  switch (actor.role) {',
  "    case 'admin': return 2;",
  '    default: return 0;',
  '  }',
  '}',
  '',
].join('\n');

// The first lint call loads the whole ESLint config: seconds on a busy machine.
describe('role checks outside modules/access (lint)', { timeout: 60_000 }, () => {
  it('reports the role functions in a module, a job or a plugin', async () => {
    const messages = await roleCheckMessages('api/src/modules/projects/example.ts', roleFunctionUse);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain("'isAdmin' is a role check");
    expect(await roleCheckMessages('api/src/lib/jobs/example.ts', roleFunctionUse)).toHaveLength(4);
    expect(await roleCheckMessages('api/src/plugins/example.ts', roleFunctionUse)).toHaveLength(4);
  });

  it('reports comparisons of a role with a user role', async () => {
    const messages = await roleCheckMessages('api/src/modules/users/example.ts', roleComparisons);
    expect(messages).toEqual([
      expect.stringContaining("'admin'"),
      expect.stringContaining("'moderator'"),
      expect.stringContaining("'developer'"),
      expect.stringContaining("'admin'"),
    ]);
  });

  it('allows role checks in modules/access and lib/actor.ts, and team roles anywhere', async () => {
    expect(await roleCheckMessages('api/src/modules/access/example.policy.ts', roleFunctionUse + roleComparisons.replace(/^import .*\n/, ''))).toEqual([]);
    expect(await roleCheckMessages('api/src/lib/actor.ts', "export const isAdmin = (a: { role: string }) => a.role === 'admin';\n")).toEqual([]);
    const teamRole = "export const label = (row: { role: string }) => (row.role === 'Owner' ? 'Member' : row.role);\n";
    expect(await roleCheckMessages('api/src/modules/teams/example.ts', teamRole)).toEqual([]);
  });

  it('reports request.actor! where requiredActor(request.actor) belongs', async () => {
    const code = "import type { Actor } from '../../lib/actor.js';\nexport const id = (request: { actor: Actor | null }) => request.actor!.userId;\n";
    const [result] = await eslint.lintText(code, { filePath: join(root, 'api/src/modules/projects/example.routes.ts') });
    expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining('Use requiredActor(request.actor)')]);
  });
});
