import path from 'node:path';
import { isBuiltin } from 'node:module';
import ts from 'typescript';
import { ROOT } from '../support/test-database';

/** One import as written in a file: the specifier and, for a relative one, the repo path it names. */
interface Import {
  specifier: string;
  /** Repo-relative path ('server/routes/define'); null for packages and Node built-ins. */
  target: string | null;
}

interface Rule {
  name: string;
  /** Whether the rule governs this repo-relative file. */
  appliesTo(file: string): boolean;
  /** Whether this file may not make the import. */
  refuses(imported: Import): boolean;
}

/** True for the folder itself and everything under it ('db/seeds' holds 'db/seeds/demo.ts'). */
const within = (repoPath: string | null, folder: string): boolean => repoPath !== null && (repoPath === folder || repoPath.startsWith(`${folder}/`));

const RULES: Rule[] = [
  {
    name: 'signalling may use the server\'s services and policies, never its route modules',
    appliesTo: (file) => within(file, 'signalling'),
    refuses: ({ target }) => within(target, 'server/routes'),
  },
  {
    name: 'signalling reaches the database only through the server\'s policies and services, never db/ itself',
    appliesTo: (file) => within(file, 'signalling'),
    refuses: ({ target }) => within(target, 'db'),
  },
  {
    name: 'the server starts signalling from its start-up file only (server/main.ts); nothing else in it depends on signalling',
    appliesTo: (file) => within(file, 'server') && file !== 'server/main.ts',
    refuses: ({ target }) => within(target, 'signalling'),
  },
  {
    name: 'the web app imports only web/ and common/ (and packages)',
    appliesTo: (file) => within(file, 'web'),
    refuses: ({ target }) => target !== null && !within(target, 'web') && !within(target, 'common'),
  },
  {
    name: 'routes, policies and services never import the demo seed (only start-up runs seeds)',
    appliesTo: (file) => ['server/routes', 'server/policies', 'server/services'].some((folder) => within(file, folder)),
    refuses: ({ target }) => within(target, 'db/seeds'),
  },
  {
    name: 'the database layer never imports the server',
    appliesTo: (file) => within(file, 'db'),
    refuses: ({ target }) => within(target, 'server'),
  },
  {
    name: 'common is pure TypeScript: no Node built-ins, nothing from outside common/',
    appliesTo: (file) => within(file, 'common'),
    refuses: ({ specifier, target }) => specifier.startsWith('node:') || isBuiltin(specifier) || (target !== null && !within(target, 'common')),
  },
  {
    name: 'the ui barrel never brings Formik: a screen that only shows things must not load it; forms import ui/FormField',
    appliesTo: (file) => within(file, 'web/components/ui') && file !== 'web/components/ui/FormField.tsx',
    refuses: ({ specifier, target }) => specifier === 'formik' || target === 'web/components/ui/FormField',
  },
];

/** Every module specifier in a source: import and export-from (type-only too), import('...') calls and import('...') types. */
function specifiersIn(fileName: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}

/** Relative specifiers resolved to repo paths, so '../../db/seeds/demo' from anywhere names 'db/seeds/demo'. */
function importsOf(file: string, source: string): Import[] {
  return specifiersIn(file, source).map((specifier) => ({
    specifier,
    target: specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : null,
  }));
}

/** 'file imports specifier (rule)' for every import a rule refuses. */
function violations(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    RULES.filter((rule) => rule.appliesTo(file)).flatMap((rule) =>
      importsOf(file, source)
        .filter((imported) => rule.refuses(imported))
        .map(({ specifier }) => `${file} imports '${specifier}' (${rule.name})`),
    ),
  );
}

/** The project's own .ts/.tsx files: exactly what tsconfig.json compiles (its folders, never node_modules). */
function projectSources(): { file: string; source: string }[] {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  return fileNames
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('/node_modules/'))
    .map((name) => ({ file: path.relative(ROOT, name).split(path.sep).join('/'), source: ts.sys.readFile(name) ?? '' }));
}

describe('import boundaries', () => {
  it('spots every kind of import that crosses a boundary', () => {
    const found = violations([
      { file: 'signalling/handlers/x.ts', source: "import { defineRoute } from '../../server/routes/define';" },
      { file: 'signalling/x.ts', source: "import { policy } from '../server/policies/consultation';" },
      { file: 'signalling/rooms/x.ts', source: "import { Consultation } from '../../db/models';" },
      { file: 'server/shutdown.ts', source: "import type { Signalling } from '../signalling';" },
      { file: 'server/main.ts', source: "import { attachSignalling } from '../signalling';" },
      { file: 'web/scenes/x.tsx', source: "import type { Config } from '../../server/config';\nimport { a } from '../../common/constants';\nimport { b } from '../api/client';\nimport React from 'react';" },
      { file: 'server/routes/auth/x.ts', source: "export { DEMO } from '../../../db/seeds/demo';" },
      { file: 'server/services/x.ts', source: "const seed = () => import('../../db/seeds/demo');" },
      { file: 'server/policies/x.ts', source: "type Seed = typeof import('../../db/seeds/demo');" },
      { file: 'server/main.ts', source: "import { seedDemo } from '../db/seeds/demo';" },
      { file: 'db/cli.ts', source: "import type { Config } from '../server/config';" },
      { file: 'common/x.ts', source: "import fs from 'fs';\nimport path from 'node:path';\nimport * as yup from 'yup';" },
      { file: 'common/schemas/x.tsx', source: "import { a } from '../constants';\nimport { b } from '../../web/b';" },
      { file: 'web/components/ui/Field.tsx', source: "import { useField } from 'formik';" },
      { file: 'web/components/ui/index.ts', source: "export * from './FormField';" },
      { file: 'web/components/ui/FormField.tsx', source: "import { useField } from 'formik';" },
    ]);
    expect(found).toEqual([
      "signalling/handlers/x.ts imports '../../server/routes/define' (signalling may use the server's services and policies, never its route modules)",
      "signalling/rooms/x.ts imports '../../db/models' (signalling reaches the database only through the server's policies and services, never db/ itself)",
      "server/shutdown.ts imports '../signalling' (the server starts signalling from its start-up file only (server/main.ts); nothing else in it depends on signalling)",
      "web/scenes/x.tsx imports '../../server/config' (the web app imports only web/ and common/ (and packages))",
      "server/routes/auth/x.ts imports '../../../db/seeds/demo' (routes, policies and services never import the demo seed (only start-up runs seeds))",
      "server/services/x.ts imports '../../db/seeds/demo' (routes, policies and services never import the demo seed (only start-up runs seeds))",
      "server/policies/x.ts imports '../../db/seeds/demo' (routes, policies and services never import the demo seed (only start-up runs seeds))",
      "db/cli.ts imports '../server/config' (the database layer never imports the server)",
      "common/x.ts imports 'fs' (common is pure TypeScript: no Node built-ins, nothing from outside common/)",
      "common/x.ts imports 'node:path' (common is pure TypeScript: no Node built-ins, nothing from outside common/)",
      "common/schemas/x.tsx imports '../../web/b' (common is pure TypeScript: no Node built-ins, nothing from outside common/)",
      "web/components/ui/Field.tsx imports 'formik' (the ui barrel never brings Formik: a screen that only shows things must not load it; forms import ui/FormField)",
      "web/components/ui/index.ts imports './FormField' (the ui barrel never brings Formik: a screen that only shows things must not load it; forms import ui/FormField)",
    ]);
  });

  it('holds across the whole project', () => {
    const sources = projectSources();
    expect(sources.map((s) => s.file)).toEqual(expect.arrayContaining(['server/main.ts', 'common/constants.ts', 'web/main.tsx']));
    expect(violations(sources)).toEqual([]);
  });
});
