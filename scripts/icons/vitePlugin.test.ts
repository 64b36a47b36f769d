import { expect, it } from 'vitest';
import { directIconImports } from './vitePlugin.ts';

const transform = (code: string) => {
  const hook = directIconImports().transform as {
    handler: (code: string, id: string) => { code: string } | null;
  };
  return hook.handler(code, '/repo/web/screens/Example.tsx')?.code ?? null;
};

it('imports each icon from its own file, under the name the module uses, keeping line numbers', () => {
  const code =
    "import {\n  Mail,\n  CheckCircle2 as Done,\n} from 'lucide-react';\nexport const icons = [Mail, Done];\n";
  const out = transform(code)!;
  expect(out).toContain("import Mail from 'lucide-react/icons/mail';");
  // An alias the index re-exports resolves to the icon's own file.
  expect(out).toContain("import Done from 'lucide-react/icons/circle-check';");
  expect(out).not.toMatch(/from 'lucide-react';/);
  expect(out.split('\n').length).toBe(code.split('\n').length);
  expect(out.split('\n')[4]).toBe('export const icons = [Mail, Done];');
});

it('keeps types and names that are not icons on an import of the package', () => {
  expect(transform("import { Check, type LucideIcon } from 'lucide-react';")).toBe(
    "import type { LucideIcon } from 'lucide-react'; import Check from 'lucide-react/icons/check';",
  );
  expect(transform("import { Trash2, createLucideIcon } from 'lucide-react';")).toBe(
    "import { createLucideIcon } from 'lucide-react'; import Trash2 from 'lucide-react/icons/trash';",
  );
  // A type-only import loads nothing, and is left as it was.
  expect(transform("import type { LucideIcon } from 'lucide-react';")).toBeNull();
});
