/**
 * Built by scripts/i18n/vitePlugin.ts: for each language other than English, the list of its
 * catalogue parts (root → the part's chunk), itself loaded when the language is first shown.
 */
declare module 'virtual:i18n-parts' {
  type Part = () => Promise<{ default: Record<string, string> }>;
  export const parts: Record<string, () => Promise<{ default: Record<string, Part> }>>;
}
