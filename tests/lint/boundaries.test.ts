/**
 * Lint tests: a probe file breaking each layer boundary, linted with the project's own
 * eslint.config.js through ESLint's Node API, fails with an error naming the rule; the same
 * import from a place the boundary allows passes. The probes are text, never written to disk:
 * the type-aware parser settings are switched off for them and only the boundary rules run.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/'),
});

// Loading the config (typescript-eslint, React hooks) takes seconds on a busy machine: once, here.
beforeAll(() => eslint.calculateConfigForFile(resolve(ROOT, 'src/domain/errors.ts')), 120_000);

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, error: m.severity === 2, message: m.message }));
}

async function expectViolation(file: string, code: string, rule: string) {
  const messages = await lint(file, code);
  expect(messages, `${file}: ${code}`).toContainEqual(expect.objectContaining({ rule, error: true }));
  const own = messages.find((m) => m.rule === rule)!;
  expect(own.message.startsWith(`${rule}: `)).toBe(true);
}

async function expectClean(file: string, code: string) {
  expect(await lint(file, code), `${file}: ${code}`).toEqual([]);
}

describe('boundaries/feature-isolation', () => {
  it('refuses a feature importing another feature, however the path is written', async () => {
    await expectViolation('src/features/registro/probe.ts', "import { x } from '../creditos/columns';", 'boundaries/feature-isolation');
    await expectViolation('src/features/registro/probe.ts', "import { x } from '../../features/creditos/columns';", 'boundaries/feature-isolation');
    await expectViolation('src/features/usuarios/probe.tsx', "export { x } from '../perfil/profile-page';", 'boundaries/feature-isolation');
    await expectViolation('src/features/usuarios/probe.tsx', "const m = import('../estadisticas/charts');", 'boundaries/feature-isolation');
  });

  it('lets a feature import itself and the shared folders, and the app compose features', async () => {
    await expectClean('src/features/registro/probe.ts', "import { a } from './record-form';\nimport { b } from '../../domain/solicitud';\nimport { c } from '../../db/database';\nimport { d } from '../../state/session';");
    await expectClean('src/app/probe.tsx', "import { a } from '../features/creditos/credits-page';\nimport { b } from '../features/registro/record-form';");
  });
});

describe('boundaries/domain-pure', () => {
  it('refuses React, Dexie, server code or any other folder in src/domain', async () => {
    for (const code of [
      "import { useState } from 'react';",
      "import Dexie from 'dexie';",
      "import { x } from '../db/database';",
      "import { y } from '../../server/src/db/schema';",
      "import { readFileSync } from 'node:fs';",
    ]) {
      await expectViolation('src/domain/probe.ts', code, 'boundaries/domain-pure');
    }
  });

  it('allows valibot and src/domain itself, and vitest in its tests', async () => {
    await expectClean('src/domain/probe.ts', "import * as v from 'valibot';\nimport { a } from './solicitud';");
    // The file policy sniffs types on the device and the server alike: only the pure entry point.
    await expectClean('src/domain/probe.ts', "import { fileTypeFromStream } from 'file-type/core';");
    await expectViolation('src/domain/probe.ts', "import { fileTypeFromFile } from 'file-type';", 'boundaries/domain-pure');
    await expectClean('src/domain/probe.test.ts', "import { it } from 'vitest';\nimport { a } from './solicitud';");
    await expectViolation('src/domain/probe.ts', "import { it } from 'vitest';", 'boundaries/domain-pure');
  });
});

describe('boundaries/sync-no-ui', () => {
  it('refuses React, jotai and the UI layers in src/sync, src/workers and src/sw', async () => {
    for (const [file, code] of [
      ['src/sync/probe.ts', "import { useEffect } from 'react';"],
      ['src/sync/probe.ts', "import { atom } from 'jotai';"],
      ['src/workers/probe.ts', "import { useAtom } from 'jotai/react';"],
      ['src/workers/probe.ts', "import { sessionAtom } from '../state/session';"],
      ['src/sync/probe.ts', "import { x } from '../features/creditos/columns';"],
      ['src/sync/probe.ts', "import { api } from '../lib/api';"],
      ['src/sw/probe.ts', "import { toast } from 'sonner';"],
      ['src/sw/probe.ts', "import { x } from '../app/shell';"],
    ]) {
      await expectViolation(file, code, 'boundaries/sync-no-ui');
    }
  });

  it('allows src/domain, src/db, src/sync, src/workers, Dexie and Comlink', async () => {
    await expectClean('src/workers/probe.ts', "import * as Comlink from 'comlink';\nimport { a } from '../sync/engine';\nimport { b } from '../db/database';\nimport { c } from '../domain/errors';");
    await expectClean('src/sync/probe.ts', "import Dexie from 'dexie';\nimport { a } from './push';");
    await expectClean('src/workers/probe.ts', "import { registerBackgroundSync } from '../sw/register';");
  });
});

describe('boundaries/server-uses-domain', () => {
  it('refuses server code importing src/ outside src/domain', async () => {
    await expectViolation('server/src/modules/probe/service.ts', "import { x } from '../../../../src/db/database';", 'boundaries/server-uses-domain');
    await expectViolation('server/src/probe.ts', "import { x } from '../../src/lib/api';", 'boundaries/server-uses-domain');
  });

  it('allows src/domain and its own files', async () => {
    await expectClean('server/src/modules/probe/service.ts', "import { a } from '../../../../src/domain/errors';\nimport { b } from '../../db/client';");
  });
});

describe('boundaries/shared-test-utils', () => {
  it('refuses a *.test-util from another folder, and app code importing src/test-utils', async () => {
    await expectViolation('src/db/probe.test.ts', "import { x } from '../sync/helpers.test-util';", 'boundaries/shared-test-utils');
    await expectViolation('src/features/creditos/probe.ts', "import { record } from '../../test-utils/records';", 'boundaries/shared-test-utils');
  });

  it('allows a *.test-util in its own folder and src/test-utils in tests', async () => {
    await expectClean('src/db/probe.test.ts', "import { x } from './helpers.test-util';\nimport { record } from '../test-utils/records';");
    await expectClean('src/features/registro/probe.test.ts', "import { record } from '../../test-utils/records';");
  });
});
