import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from './config.js';
import { stronglyConnectedComponents } from '../test/helpers/strongly-connected.js';

const root = workspaceRoot(dirname(new URL(import.meta.url).pathname));
const eslint = new ESLint({ cwd: root });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('cairn/')).map((m) => m.message);
}

// The first lint call loads the whole ESLint config: seconds on a busy machine.
describe('API module boundaries (lint)', { timeout: 60_000 }, () => {
  it("reports a module importing another module's repository", async () => {
    const messages = await lintAs(
      'api/src/modules/projects/example.ts',
      "import { findUserById } from '../users/users.repository.js';\nexport const f = findUserById;\n",
    );
    expect(messages).toEqual([expect.stringContaining("is the users module's repository")]);
  });

  it('reports jobs and plugins reaching into a repository', async () => {
    expect(await lintAs('api/src/worker/example.ts', "export { deleteDeadSessions } from '../modules/sessions/sessions.repository.js';\n")).toHaveLength(1);
    expect(await lintAs('api/src/plugins/example.ts', "const m = await import('../modules/auth/credentials.repository.js');\nexport default m;\n")).toHaveLength(1);
  });

  it("allows a module's own repository and other modules' services and ports", async () => {
    const code = [
      "import * as repo from './projects.repository.js';",
      "import { revokeUserSessions } from '../sessions/sessions.service.js';",
      "import { findCredentialsById } from '../users/user-accounts.port.js';",
      'export const all = [repo, revokeUserSessions, findCredentialsById];',
      '',
    ].join('\n');
    expect(await lintAs('api/src/modules/projects/example.ts', code)).toEqual([]);
  });
});

describe('web feature boundaries (lint)', { timeout: 60_000 }, () => {
  it('reports a feature importing another feature', async () => {
    const messages = await lintAs(
      'web/src/features/search/components/example.tsx',
      "import { projectQuery } from '../../projects/api/projects-queries';\nexport const q = projectQuery;\n",
    );
    expect(messages).toEqual([expect.stringContaining('The search feature imports the projects feature')]);
  });

  it('reports shared web code importing a feature', async () => {
    const messages = await lintAs('web/src/components/example.tsx', "import { x } from '../features/account/api/auth-api';\nexport const y = x;\n");
    expect(messages).toEqual([expect.stringContaining('Shared web code imports the account feature')]);
  });

  it('allows imports inside a feature and from shared code', async () => {
    const code = "import { a } from '../api/projects-queries';\nimport { b } from '../../../lib/api-client';\nexport const c = [a, b];\n";
    expect(await lintAs('web/src/features/projects/components/example.tsx', code)).toEqual([]);
  });
});

type Graph = Map<string, Set<string>>;

/** Module → modules it imports (relative imports in non-test sources only). */
function moduleGraph(modulesDir: string): Graph {
  const graph: Graph = new Map();
  const importPattern = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;
  for (const name of readdirSync(modulesDir)) {
    const edges = new Set<string>();
    graph.set(name, edges);
    const files = readdirSync(join(modulesDir, name), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    for (const file of files) {
      const path = join(modulesDir, name, file);
      for (const match of readFileSync(path, 'utf8').matchAll(importPattern)) {
        const target = relative(modulesDir, resolve(dirname(path), match[1]!)).split(sep);
        if (target[0] !== '..' && target.length > 1 && target[0] !== name) edges.add(target[0]!);
      }
    }
  }
  return graph;
}

/** Import circles between modules, each sorted. */
const cycles = (graph: Graph): string[][] => stronglyConnectedComponents(graph).map((component) => component.sort());

describe('API module graph', () => {
  it('finds a cycle when there is one', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle between modules', () => {
    const graph = moduleGraph(join(root, 'api/src/modules'));
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });
});
