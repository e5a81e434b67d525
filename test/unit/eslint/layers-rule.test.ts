import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint configuration, without type declarations
import { layersPlugin, layerOf, LAYERS } from '../../../eslint/layers.js';

// RuleTester declares its cases through the test framework's hooks when they are set.
Object.assign(RuleTester, { afterAll, describe, it });

const root = path.resolve(import.meta.dirname, '../../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

describe('the layer table', () => {
  it('places every folder of shared/ in exactly one layer, by the group it sits in', async () => {
    const { readdirSync } = await import('node:fs');
    const dirs = (folder: string) =>
      readdirSync(at(folder), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${folder}/${e.name}`);
    const layerFolders = (LAYERS as { folders: string[] }[]).flatMap((l) => l.folders);
    for (const top of dirs('shared')) {
      // A folder is a layer (use-cases, edges, domain...) or a group of layers (adapters) whose every subfolder is one.
      const subjects = layerFolders.includes(top) ? [top] : dirs(top);
      expect(subjects.length, top).toBeGreaterThan(0);
      for (const folder of subjects) {
        expect(
          (LAYERS as { folders: string[] }[]).filter((l) => l.folders.includes(folder)),
          folder,
        ).toHaveLength(1);
        expect(layerOf(`${folder}/x.ts`)).toBeDefined();
      }
    }
  });
});

tester.run('layers/direction', layersPlugin.rules.direction, {
  valid: [
    { filename: at('shared/adapters/db/bills.repository.ts'), code: "import { Bill } from '#shared/domain/bills/bill.schema.ts';" },
    { filename: at('shared/domain/bills/bill-id.ts'), code: "import { z } from 'zod'; import { BILL_TYPES } from './bill.schema.ts';" },
    {
      filename: at('shared/use-cases/personal/follows.ts'),
      code: "import { x } from '#shared/adapters/db/follows.repository.ts'; import { y } from '#shared/adapters/providers/llm/retry.ts';",
    },
    { filename: at('functions/api/bills.ts'), code: "import { apiFunction } from '#shared/edges/http/api-function.ts';" },
  ],
  invalid: [
    {
      filename: at('infra/app.ts'),
      code: "import { ensureWebBuild } from '#local/web-build.ts';",
      errors: [
        {
          message:
            "The deployed entry points layer may not import the tools layer ('#local/web-build.ts'): imports run from a higher layer to a lower one only.",
        },
      ],
    },
    {
      filename: at('shared/domain/bills/bill-id.ts'),
      code: "import { tableName } from '#shared/adapters/db/table.ts';",
      errors: [
        { message: "The domain layer may not import the db layer ('#shared/adapters/db/table.ts'): imports run from a higher layer to a lower one only." },
      ],
    },
    {
      filename: at('shared/domain/notify/time-zone.ts'),
      code: "import { randomUUID } from 'node:crypto';",
      errors: [{ message: "The domain layer may import only zod, not 'node:crypto'." }],
    },
    {
      filename: at('shared/adapters/db/bills.repository.ts'),
      code: "import { sendMessage } from '../messaging/send.ts';",
      errors: [{ message: "The db layer may not import the messaging layer ('../messaging/send.ts'): imports run from a higher layer to a lower one only." }],
    },
    {
      filename: at('shared/use-cases/notify/deliver.ts'),
      code: "const m = await import('#shared/edges/http/reply.ts');",
      errors: [
        { message: "The use cases layer may not import the edges layer ('#shared/edges/http/reply.ts'): imports run from a higher layer to a lower one only." },
      ],
    },
  ],
});

tester.run('layers/no-cycle', layersPlugin.rules['no-cycle'], {
  valid: [{ filename: at('shared/adapters/db/dynamo.ts'), code: "import { INDEX } from './table.ts';" }],
  invalid: [
    {
      // dynamo.ts already imports table.ts, so table.ts importing dynamo.ts would close a loop.
      filename: at('shared/adapters/db/table.ts'),
      code: "import { batchGet } from './dynamo.ts';",
      errors: [{ message: "'./dynamo.ts' imports its way back to this file: an import cycle." }],
    },
  ],
});
