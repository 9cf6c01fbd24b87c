/**
 * Lint test: a component (.tsx under src/) with more than 300 lines of code fails `npm run lint`
 * with max-lines; blank lines and comments do not count, and other files are not limited. The
 * probes are text linted with the project's eslint.config.js, never written to disk.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines',
});

beforeAll(() => eslint.calculateConfigForFile(resolve(ROOT, 'src/app/app.tsx')), 120_000);

const code = (n: number) => Array.from({ length: n }, (_, i) => `export const c${i} = ${i};`).join('\n');
const padding = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? '' : '// a comment line')).join('\n');

async function rules(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: resolve(ROOT, file) });
  return result.messages.map((m) => m.ruleId);
}

describe('max-lines on components', () => {
  it('refuses a component with 301 lines of code', async () => {
    expect(await rules('src/features/registro/probe.tsx', code(301))).toEqual(['max-lines']);
    expect(await rules('src/app/probe.tsx', code(301))).toEqual(['max-lines']);
  });

  it('counts neither blank lines nor comments, and limits only .tsx under src', async () => {
    expect(await rules('src/features/registro/probe.tsx', `${padding(200)}\n${code(300)}`)).toEqual([]);
    expect(await rules('src/features/registro/probe.ts', code(301))).toEqual([]);
  });
});
