import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The first visit's waterfall, cut by one step: the app loads each screen lazily, so the browser would
 * learn of a screen's files only once the entry has run. The HTML of the routes a visit most often
 * starts on names them up front (`<link rel="modulepreload">`), from Vite's build manifest.
 */
const ROUTE_SCREENS: Array<[RegExp, string[]]> = [
  [/^\/auth\/?$/, ['screens/Auth/AuthScreen.tsx']],
  [/^\/$/, ['components/MemberShell.tsx', 'screens/Home/HomeScreen.tsx']],
  [/^\/prayer\/?$/, ['components/MemberShell.tsx', 'screens/Prayer/PrayerScreen.tsx']],
  [/^\/food\/?$/, ['components/MemberShell.tsx', 'screens/Food/FoodScreen.tsx']],
  [/^\/comedy\/?$/, ['components/MemberShell.tsx', 'screens/Comedy/ComedyScreen.tsx']],
  [/^\/messages\/?$/, ['components/MemberShell.tsx', 'screens/Messages/MessagesScreen.tsx']],
  [/^\/post\/[^/]+\/?$/, ['components/MemberShell.tsx', 'screens/Post/PostScreen.tsx']],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** `html` with the preload links of `pathname`'s screen; `html` itself for any other path. */
export type AddPreloads = (html: string, pathname: string) => string;

export function screenPreloads(distDir: string): AddPreloads {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return (html) => html;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  // The entry's own imports are in index.html already.
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inHtml = closure(entry);
  const links = ROUTE_SCREENS.map(([route, screens]): [RegExp, string] => {
    const files = [...closure(screens)].filter((key) => !inHtml.has(key)).map((key) => manifest[key]!.file);
    return [route, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('')];
  });
  return (html, pathname) => {
    const found = links.find(([route]) => route.test(pathname));
    return found?.[1] ? html.replace('</head>', () => `${found[1]}</head>`) : html;
  };
}
