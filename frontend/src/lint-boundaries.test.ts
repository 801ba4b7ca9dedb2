/**
 * The boundary rules of eslint.config.js fail on planted violations: ESLint (the real config,
 * through its Node API) lints sources placed at paths inside src/ without writing them to disk.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

describe('ESLint boundary rules', () => {
  it('refuses a feature importing another feature through the alias', async () => {
    const errors = await boundaryErrors(
      'src/features/deposits/components/planted.tsx',
      "import { PayoutsScreen } from '@/features/payouts/components/payouts-screen';\nexport const x = PayoutsScreen;\n",
    );
    expect(errors).toEqual([expect.stringContaining("Feature 'deposits' imports feature 'payouts'")]);
  }, 60_000);

  it('refuses a feature importing another feature by a relative path, and by a dynamic import', async () => {
    const errors = await boundaryErrors(
      'src/features/deposits/components/planted.tsx',
      "export { a } from '../../payouts/lib/payout-form';\nexport const b = () => import('../../refunds/messages');\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("imports feature 'payouts'");
    expect(errors[1]).toContain("imports feature 'refunds'");
  }, 60_000);

  it('refuses shared code importing a feature or the app shell', async () => {
    const fromLib = await boundaryErrors(
      'src/lib/planted.ts',
      "import { depositMessages } from '@/features/deposits/messages';\nexport const m = depositMessages;\n",
    );
    expect(fromLib).toEqual([expect.stringContaining("Shared code (src/lib) imports feature 'deposits'")]);
    const fromComponents = await boundaryErrors(
      'src/components/planted.tsx',
      "import { AppLayout } from '../app/layout/app-layout';\nexport const L = AppLayout;\n",
    );
    expect(fromComponents).toEqual([expect.stringContaining('never imports src/app')]);
  }, 60_000);

  it('allows a feature its own files, shared code and packages; the app may compose features', async () => {
    expect(
      await boundaryErrors(
        'src/features/deposits/components/planted.tsx',
        "import { useQuery } from '@tanstack/react-query';\nimport { money } from '@/lib/format';\nimport { x } from '../lib/display';\nimport { y } from '@/features/deposits/messages';\nexport const all = [useQuery, money, x, y];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/app/routes/planted.tsx',
        "import { z } from '@/features/payouts/messages';\nexport const all = [z];\n",
      ),
    ).toEqual([]);
  }, 60_000);

});
