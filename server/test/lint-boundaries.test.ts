import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each case lints a few lines of source as if they lived at a path in the tree (nothing is written
// to disk), with the boundary rules alone: the type-aware rules would only make this slow.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.boundaries.js') });

// Imports must point at real files (an unresolved import is no rule's business), and features come
// and go, so the targets are looked up rather than named.
const SOURCE = /^(?!.*\.test\.tsx?$).*\.tsx?$/;
const filesIn = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
const foldersIn = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
function pick<T>(items: T[], what: string): T {
  const [first] = items;
  if (first === undefined) throw new Error(`This test needs ${what}.`);
  return first;
}

const domainFile = pick(filesIn('domain'), 'a source file in domain/');
const appShellFile = pick(filesIn('web/src/app'), 'a source file in web/src/app/');
const libFile = pick(filesIn('web/src/lib'), 'a source file in web/src/lib/');
const webFeatures = foldersIn('web/src/features');
const importedWebFeature = pick(
  webFeatures.filter((feature) => filesIn(`web/src/features/${feature}`).length > 0),
  'a web feature with a source file',
);
const importingWebFeature = pick(
  webFeatures.filter((feature) => feature !== importedWebFeature),
  'two web features',
);
const webFeatureFile = pick(filesIn(`web/src/features/${importedWebFeature}`), 'a web feature file');

const serverFeatures = foldersIn('server/src').filter((name) => !['http', 'security', 'db', 'i18n'].includes(name));
const serverFileOf = (feature: string, suffix: string) => filesIn(`server/src/${feature}`).find((name) => name.endsWith(suffix));
const routedFeature = pick(
  serverFeatures.filter((feature) => serverFileOf(feature, '.routes.ts')),
  'a server feature with routes',
);
const routesFile = serverFileOf(routedFeature, '.routes.ts');
const importingServerFeature = pick(
  serverFeatures.filter((feature) => feature !== routedFeature),
  'two server features',
);
const repositoryFeature = pick(
  serverFeatures.filter((feature) => feature !== importingServerFeature && serverFileOf(feature, '.repository.ts')),
  'a server feature with a repository',
);
const repositoryFile = serverFileOf(repositoryFeature, '.repository.ts');
const serviceFeature = pick(
  serverFeatures.filter((feature) => serverFileOf(feature, '.service.ts')),
  'a server feature with a service',
);
const serviceFile = serverFileOf(serviceFeature, '.service.ts');
const hasService = (feature: string) => serverFileOf(feature, '.service.ts') !== undefined;
const servicedFeature = pick(
  serverFeatures.filter((feature) => hasService(feature) && serverFileOf(feature, '.repository.ts')),
  'a server feature with a service and a repository',
);
const servicedRepositoryFile = serverFileOf(servicedFeature, '.repository.ts');
const servicelessFeature = pick(
  serverFeatures.filter((feature) => !hasService(feature) && serverFileOf(feature, '.repository.ts')),
  'a server feature with a repository and no service',
);
const servicelessRepositoryFile = serverFileOf(servicelessFeature, '.repository.ts');
const botFile = pick(filesIn('bot/src'), 'a source file in bot/src/');

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`);
  return messages.map((message) => message.ruleId);
}

describe('lint boundaries', () => {
  it('stops domain code from importing server code', async () => {
    expect(await problems('domain/example.ts', "export { loadConfig } from '../server/src/config.ts';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('stops domain code from importing any package but valibot', async () => {
    expect(await problems('domain/example.ts', "export { sql } from 'kysely';")).toEqual(['no-restricted-imports']);
    expect(
      await problems('domain/example.ts', `import * as v from 'valibot';\nexport * from './${domainFile}';\nexport const s = v.string();`),
    ).toEqual([]);
  });

  it('stops a migration from importing domain code', async () => {
    expect(await problems('migrations/9999_example.ts', `export * from '../domain/${domainFile}';`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("stops a web feature from importing another feature's files", async () => {
    const code = `export * from '../${importedWebFeature}/${webFeatureFile}';`;
    expect(await problems(`web/src/features/${importingWebFeature}/example.tsx`, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a web feature import its own files and the shared modules', async () => {
    const code = `export * from './${webFeatureFile}';\nexport * from '../../lib/${libFile}';`;
    expect(await problems(`web/src/features/${importedWebFeature}/example.tsx`, code)).toEqual([]);
  });

  it('stops a web feature from importing the app shell', async () => {
    const code = `export * from '../../app/${appShellFile}';`;
    expect(await problems(`web/src/features/${importingWebFeature}/example.tsx`, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it("stops a server feature from importing another feature's routes", async () => {
    const code = `export * from '../${routedFeature}/${routesFile}';`;
    expect(await problems(`server/src/${importingServerFeature}/example.ts`, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it("lets a server feature use another feature's repository and the cross-cutting folders", async () => {
    const code = `export * from '../${repositoryFeature}/${repositoryFile}';\nexport * from '../http/errors.ts';`;
    expect(await problems(`server/src/${importingServerFeature}/example.ts`, code)).toEqual([]);
  });

  it("stops the routes of a feature with a service from importing a repository, its own or another feature's", async () => {
    const routes = `server/src/${servicedFeature}/example.routes.ts`;
    expect(await problems(routes, `export * from './${servicedRepositoryFile}';`)).toEqual(['import-x/no-restricted-paths']);
    expect(await problems(routes, `export * from '../${servicelessFeature}/${servicelessRepositoryFile}';`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets the routes of a feature without a service import repositories', async () => {
    const code = `export * from './${servicelessRepositoryFile}';\nexport * from '../${servicedFeature}/${servicedRepositoryFile}';`;
    expect(await problems(`server/src/${servicelessFeature}/example.routes.ts`, code)).toEqual([]);
  });

  it("lets a feature's service import its repository", async () => {
    expect(await problems(`server/src/${servicedFeature}/example.service.ts`, `export * from './${servicedRepositoryFile}';`)).toEqual([]);
  });

  it("stops the bot from importing a server feature's routes", async () => {
    expect(await problems('bot/src/example.ts', `export * from '../../server/src/${routedFeature}/${routesFile}';`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('stops the bot from importing server code: a repository, a service, the configuration', async () => {
    expect(await problems('bot/src/example.ts', `export * from '../../server/src/${repositoryFeature}/${repositoryFile}';`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await problems('bot/src/features/example.ts', `export * from '../../../server/src/${serviceFeature}/${serviceFile}';`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await problems('bot/src/example.ts', "export * from '../../server/src/config.ts';")).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets the bot import domain code and its own files', async () => {
    const code = `export * from '../../domain/${domainFile}';\nexport * from './${botFile}';`;
    expect(await problems('bot/src/example.ts', code)).toEqual([]);
  });

  it('stops a server feature from importing the composition root or a process starter', async () => {
    for (const topLevel of ['runtime.ts', 'server-process.ts', 'app.ts']) {
      expect(await problems(`server/src/${importingServerFeature}/example.ts`, `export * from '../${topLevel}';`)).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it('lets a feature test build the app and a starter load the configuration', async () => {
    expect(await problems(`server/src/${importingServerFeature}/example.test.ts`, "export * from '../runtime.ts';")).toEqual([]);
    expect(await problems('server/src/example-cli.ts', "export * from './server-process.ts';")).toEqual([]);
  });

  it('stops a server feature from importing the bot', async () => {
    expect(await problems(`server/src/${importingServerFeature}/example.ts`, "export * from '../../../bot/src/create-bot.ts';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('reports an import cycle', async () => {
    // runtime.ts builds the app, so the app importing the runtime closes a loop.
    const code = "import { createRuntime } from './runtime.ts';\nexport const start = createRuntime;";
    expect(await problems('server/src/app.ts', code)).toEqual(['import-x/no-cycle']);
  });

  it('is part of the project configuration', async () => {
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(join(root, 'server/src/app.ts'))) as {
      rules: Record<string, unknown>;
    };
    expect(config.rules).toHaveProperty('import-x/no-restricted-paths');
    expect(config.rules).toHaveProperty('import-x/no-cycle');
  });
});
