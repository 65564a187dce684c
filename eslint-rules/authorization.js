// Local ESLint rule that keeps authorization in one place: outside the access module (and the
// Actor type's own file), API code asks a policy what the caller may do instead of looking at roles.
import { dirname, relative, sep } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));

const ROLE_FUNCTIONS = new Set(['isAdmin', 'isModerator']);
/** The user roles (shared/src/constants/permissions.ts, USER_ROLES). */
const USER_ROLES = new Set(['developer', 'moderator', 'admin']);
const ALLOWED = [/^api\/src\/modules\/access\//, /^api\/src\/lib\/actor\.ts$/];

const isRoleProperty = (node) =>
  node.type === 'MemberExpression' &&
  (node.computed ? node.property.type === 'Literal' && node.property.value === 'role' : node.property.name === 'role');
const isRoleLiteral = (node) => node.type === 'Literal' && USER_ROLES.has(node.value);

const apiRoleChecks = {
  meta: {
    type: 'problem',
    docs: { description: 'Role checks live in api/src/modules/access/ (policies) and lib/actor.ts only.' },
    schema: [],
    messages: {
      roleFunction: "'{{name}}' is a role check; call a policy of modules/access/ that names what the caller may do.",
      roleComparison: "Comparing a role with '{{role}}' is a role check; call a policy of modules/access/ instead.",
    },
  },
  create(context) {
    const file = relative(root, context.filename).split(sep).join('/');
    if (ALLOWED.some((pattern) => pattern.test(file))) return {};
    const comparison = (node, role) => context.report({ node, messageId: 'roleComparison', data: { role } });
    return {
      ImportSpecifier(node) {
        const name = node.imported.type === 'Identifier' ? node.imported.name : node.imported.value;
        if (ROLE_FUNCTIONS.has(name)) context.report({ node, messageId: 'roleFunction', data: { name } });
      },
      CallExpression(node) {
        const callee = node.callee.type === 'MemberExpression' && !node.callee.computed ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && ROLE_FUNCTIONS.has(callee.name)) {
          context.report({ node, messageId: 'roleFunction', data: { name: callee.name } });
        }
      },
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        if (isRoleProperty(node.left) && isRoleLiteral(node.right)) comparison(node, node.right.value);
        else if (isRoleProperty(node.right) && isRoleLiteral(node.left)) comparison(node, node.left.value);
      },
      SwitchStatement(node) {
        if (!isRoleProperty(node.discriminant)) return;
        for (const switchCase of node.cases) {
          if (switchCase.test && isRoleLiteral(switchCase.test)) comparison(switchCase, switchCase.test.value);
        }
      },
    };
  },
};

export default {
  meta: { name: 'cairn-authorization' },
  rules: { 'api-role-checks': apiRoleChecks },
};
