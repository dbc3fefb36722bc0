// An ESLint rule for the import boundaries of the design: which workspace may import which, that a
// relative import never leaves its workspace, that a web feature never reaches into another one,
// and that only the database package touches drizzle or the table schema. It resolves specifiers
// to folders, which globs in `no-restricted-imports` cannot do (a relative path's target depends on
// the importing file's depth).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every workspace of the repository: its folder, package name and declared dependencies. */
export function readWorkspaces(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const found = [];
  for (const pattern of workspaces) {
    const dirs = pattern.endsWith('/*')
      ? listDirs(path.join(root, pattern.slice(0, -2))).map((d) => path.join(pattern.slice(0, -2), d))
      : [pattern];
    for (const dir of dirs) {
      const file = path.join(root, dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      const deps = new Set(
        Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
      );
      found.push({ dir: path.join(root, dir), name: pkg.name, deps });
    }
  }
  return found;
}

const listDirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way between workspaces and web features stay apart.' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const {
      root,
      workspaces,
      allowed,
      dynamicOnly = {},
      onlyIn = {},
      alias,
      featuresDir: features,
    } = context.options[0];
    const file = context.filename;
    const own = workspaces.find((ws) => inside(ws.dir, file));
    if (!own) return {};
    const byName = new Map(workspaces.map((ws) => [ws.name, ws]));
    const featuresDir = features && path.join(root, features);
    const aliasDir =
      alias && inside(path.join(root, alias.workspace), file) ? path.join(root, alias.dir) : null;
    const featureOf = (target) => {
      if (!featuresDir || !inside(featuresDir, target)) return null;
      return path.relative(featuresDir, target).split(path.sep)[0] ?? null;
    };
    const ownFeature = featureOf(file);

    function check(node, specifier, dynamic) {
      if (typeof specifier !== 'string') return;
      const report = (message) => context.report({ node, message });

      // Packages only some workspaces may touch (drizzle, the table schema).
      for (const [prefix, dirs] of Object.entries(onlyIn)) {
        if (
          specifier === prefix ||
          specifier.startsWith(prefix + '/') ||
          specifier.startsWith(prefix + '-')
        ) {
          if (!dirs.some((dir) => inside(path.join(root, dir), file)))
            return report(`'${specifier}' is only imported inside ${dirs.join(', ')}; use its repositories.`);
        }
      }

      let target = null;
      if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
      else if (aliasDir && specifier.startsWith(alias.prefix))
        target = path.join(aliasDir, specifier.slice(alias.prefix.length));

      if (target) {
        if (!inside(own.dir, target)) {
          const other = workspaces.find((ws) => inside(ws.dir, target));
          return report(
            other
              ? `A relative import may not leave ${own.name}; import ${other.name} by name (and declare it) or move the shared piece.`
              : `A relative import may not leave ${own.name}.`,
          );
        }
        const targetFeature = featureOf(target);
        if (ownFeature && targetFeature && targetFeature !== ownFeature)
          report(
            `The ${ownFeature} feature may not import the ${targetFeature} feature; move the shared piece to components/, lib/ or @app/domain.`,
          );
        return;
      }

      const name = packageOf(specifier);
      const dependency = byName.get(name);
      if (!dependency) return; // a registry package: npm and TypeScript check those
      if (dependency === own) return;
      const rules = allowed[own.name];
      if (rules) {
        const ok = rules.includes(name) || (dynamic && (dynamicOnly[own.name] ?? []).includes(name));
        if (!ok) {
          const hint = (dynamicOnly[own.name] ?? []).includes(name)
            ? ' except through a dynamic import() on the embedded-default path'
            : '';
          return report(`${own.name} may not import ${name}${hint}.`);
        }
      }
      if (!own.deps.has(name)) report(`${name} is not a declared dependency of ${own.name}.`);
    }

    const fromSource = (node) => node.source && check(node, node.source.value, false);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value, true);
      },
    };
  },
};
