import type { RecipeImport } from '@common/schemas/recipes.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

/**
 * 'Import from a link' (POST /api/recipes/import): the server reads the page's schema.org recipe and
 * answers what the editor fills in, or an `import_*` error (translated by its code, web/api).
 */
export function useImportRecipe() {
  return useMutation({
    mutationFn: (url: string) => api<RecipeImport>('/api/recipes/import', { body: { url } }),
  });
}
