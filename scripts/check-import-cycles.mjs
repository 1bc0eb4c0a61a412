// No import cycles between the repository's own modules (part of `npm run lint`).
//
// ESLint's import/no-cycle did this at 79 % of the lint's time (23 of 29 s of rule time on 2 cores): it
// resolves and parses every module again for each file it checks. Here each file is parsed once, without
// types, its relative imports resolved, and the graph's strongly connected components found (Tarjan): any
// component of more than one module, or a module importing itself, is a cycle. Type-only imports are left
// out, as ESLint's rule left them (they vanish from the JavaScript); dynamic import() counts, as it did.
// Imports of packages are left out: a cycle through a dependency is never ours, and the workspace packages
// cannot import the apps (eslint.config.js, the boundaries).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'migrations', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

const resolveFrom = (file, specifier) => {
  const base = path.resolve(path.dirname(file), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
};

/** Whether an import or export declaration brings in only types. */
const typeOnly = (node) => {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // a side-effect import runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      clause !== undefined &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((element) => element.isTypeOnly)
    );
  }
  return false;
};

/** The relative specifiers a module imports at run time: static imports, re-exports and import(). */
const importsOf = (file) => {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (!typeOnly(node) && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
};

const files = FOLDERS.filter((folder) => existsSync(path.join(ROOT, folder))).flatMap((folder) =>
  sourceFiles(path.join(ROOT, folder)),
);
const edges = new Map(
  files.map((file) => [
    file,
    [...new Set(importsOf(file).map((specifier) => resolveFrom(file, specifier)))].filter(Boolean),
  ]),
);

// Tarjan's strongly connected components, iteratively (no recursion limit on a deep chain of imports).
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
let next = 0;
for (const start of edges.keys()) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, next);
  low.set(start, next++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const targets = edges.get(node) ?? [];
    if (i < targets.length) {
      frame[1] += 1;
      const target = targets[i];
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        index.set(target, next);
        low.set(target, next++);
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) components.push(component);
    }
  }
}

/** One cycle through a component, as the path of imports that closes it. */
const cycleIn = (component) => {
  const members = new Set(component);
  const first = component[0];
  const previous = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of edges.get(node) ?? []) {
      if (target === first) {
        const chain = [];
        for (let at = node; at !== null; at = previous.get(at)) chain.unshift(at);
        return [...chain, first];
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
};

if (components.length > 0) {
  for (const component of components) {
    console.error(`Import cycle (${component.length} modules):`);
    for (const file of cycleIn(component)) console.error(`  ${path.relative(ROOT, file)}`);
  }
  console.error('Break each cycle: move what both sides need into a module that neither imports.');
  process.exit(1);
}
console.log(`No import cycles among ${files.length} modules.`);
