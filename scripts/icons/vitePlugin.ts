import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const PACKAGE = 'lucide-react';

/** Every name lucide-react's index exports an icon under (aliases too), with the icon's file. */
function iconFiles(): Map<string, string> {
  const index = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  const barrel = readFileSync(path.join(path.dirname(index), 'dist/esm/lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const name of names!.split(',')) {
      const exported = /default as (\w+)/.exec(name)?.[1];
      if (exported) files.set(exported, file!);
    }
  }
  return files;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

/**
 * `import { Mail, type LucideIcon } from 'lucide-react'` in web/ and common/ becomes one import per
 * icon (`import Mail from 'lucide-react/icons/mail'`), the type staying as it was. The package's index
 * re-exports all of its icons, so through it every screen seemed to import every icon, and the build
 * could not tell the icons /auth shows from the signed-in screens' (vite.config.ts groups them by
 * that). Lines keep their numbers.
 */
export function directIconImports(): Plugin {
  let files: Map<string, string> | null = null;
  return {
    name: 'splikz:direct-icon-imports',
    enforce: 'pre',
    // The build only: `npm run dev` keeps the index, which Vite pre-bundles once.
    apply: 'build',
    transform: {
      filter: { id: /[\\/](web|common)[\\/].*\.tsx?$/, code: PACKAGE },
      handler(code) {
        files ??= iconFiles();
        const known = files;
        const rewritten = code.replace(IMPORT, (statement, list: string) => {
          const icons: string[] = [];
          const rest: string[] = [];
          for (const specifier of list.split(',').map((part) => part.trim())) {
            if (!specifier) continue;
            const [imported, local = imported] = specifier.split(/\s+as\s+/);
            const file = imported && !specifier.startsWith('type ') ? known.get(imported) : undefined;
            if (file) icons.push(`import ${local} from '${PACKAGE}/icons/${file}';`);
            else rest.push(specifier);
          }
          // Types alone stay a type import, which loads nothing (not `import { type X }`).
          const types = rest.every((specifier) => specifier.startsWith('type '));
          const kept = !rest.length
            ? ''
            : types
              ? `import type { ${rest.map((specifier) => specifier.slice('type '.length)).join(', ')} } from '${PACKAGE}';`
              : `import { ${rest.join(', ')} } from '${PACKAGE}';`;
          const lines = statement.split('\n').length - 1;
          return [kept, ...icons].join(' ') + '\n'.repeat(lines);
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
