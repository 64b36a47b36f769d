import type {
  AddRecipeToList,
  AddShoppingItem,
  Recipe,
  RecipeInput,
  SavedRecipes,
  ShoppingList,
} from '@common/schemas/recipes.ts';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { isConnected, subscribeToConnectivity } from '@web/pwa/connectivity.ts';
import {
  dropPendingTick,
  keepPendingTick,
  keepServerList,
  readSavedList,
  withPendingTicks,
} from '@web/pwa/shoppingListStore.ts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { retryServerErrors, updateCachedPost } from './postCache.ts';
import { useKnownSession } from './session.ts';

/**
 * Recipes with real ingredients (issue 28), the reading and cooking side: a post's recipe, 'Save
 * recipe' and 'My recipes', and the member's shopping list, which the installed app keeps on the device
 * to show with no network (ticks made then are sent when it is back: web/pwa/shoppingListStore.ts).
 */
export const recipeKeys = {
  all: ['recipes'] as const,
  /** A post's recipe (GET /api/posts/:id/recipe); the editor replaces it here after a save. */
  recipe: (postId: string) => ['recipes', 'post', postId] as const,
  savedLists: () => ['recipes', 'saved'] as const,
  saved: (q: string) => ['recipes', 'saved', q] as const,
  shopping: () => ['recipes', 'shopping'] as const,
};

const SAVE_FAILED = msg('Could not update your saved recipes');
const SHOPPING = '/api/recipes/shopping';
/** Every change to the list goes one after the other: each answer is the whole list. */
const SHOPPING_SCOPE = { id: 'shopping-list' };

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

const recipePath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/recipe`;

/** A post's recipe: on a feed when the member opens it, on the post's page at once. */
export function useRecipe(postId: string, enabled = true) {
  return useQuery({
    queryKey: recipeKeys.recipe(postId),
    queryFn: ({ signal }) => api<Recipe>(recipePath(postId), { signal }),
    enabled,
    staleTime: 60_000,
    retry: retryServerErrors,
  });
}

/** 'Edit recipe' saved by its author: the answer is the recipe every card of it shows now. */
export function useUpdateRecipe(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: RecipeInput) => api<Recipe>(recipePath(postId), { method: 'PUT', body: recipe }),
    onSuccess: (recipe) => {
      queryClient.setQueryData(recipeKeys.recipe(postId), recipe);
      void queryClient.invalidateQueries({ queryKey: recipeKeys.savedLists() });
    },
  });
}

/** 'Remove recipe' on a posted one: the post stays, without its recipe. */
export function useRemoveRecipe(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(recipePath(postId), { method: 'DELETE' }),
    onSuccess: () => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, has_recipe: false }));
      queryClient.removeQueries({ queryKey: recipeKeys.recipe(postId) });
      void queryClient.invalidateQueries({ queryKey: recipeKeys.savedLists() });
    },
  });
}

/** 'My recipes', newest saved first; `q` matches a title or an ingredient. */
export function useSavedRecipes(q: string) {
  return useInfiniteQuery({
    queryKey: recipeKeys.saved(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('before', pageParam);
      const query = params.toString();
      return api<SavedRecipes>(`/api/recipes/saved${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: SavedRecipes) => last.next_cursor,
    // While a new search loads, the last results stay (dimmed) instead of a spinner.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/**
 * 'Save recipe' (true) and 'Saved' (false): the button changes at once and goes back if the server
 * refuses. Clicks on one recipe go to the server in order, so the last one wins.
 */
export function useSetRecipeSaved(postId: string) {
  const queryClient = useQueryClient();
  const key = recipeKeys.recipe(postId);
  const show = (saved: boolean) =>
    queryClient.setQueryData<Recipe>(key, (recipe) => (recipe ? { ...recipe, saved_by_me: saved } : recipe));
  return useMutation({
    scope: { id: `recipe-saved:${postId}` },
    mutationFn: (saved: boolean) =>
      api<null>(`/api/recipes/saved/${encodeURIComponent(postId)}`, { method: saved ? 'PUT' : 'DELETE' }),
    onMutate: async (saved) => {
      await queryClient.cancelQueries({ queryKey: key });
      show(saved);
    },
    onError: (_error, saved) => {
      show(!saved);
      void queryClient.invalidateQueries({ queryKey: key });
      toast.error(i18n.t(SAVE_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recipeKeys.savedLists() }),
  });
}

/** Shows a list the server answered, kept on the device with the ticks still on their way. */
function showShoppingList(queryClient: QueryClient, member: string | undefined, list: ShoppingList) {
  queryClient.setQueryData(recipeKeys.shopping(), keepServerList(member, list));
}

/**
 * The shopping list. With no network it is the list kept on this device (the member is then not
 * known either: the app opened offline shows whoever's list this browser keeps, web/App.tsx).
 */
export function useShoppingList() {
  const member = useKnownSession()?.id;
  return useQuery({
    queryKey: recipeKeys.shopping(),
    queryFn: async ({ signal }) => {
      try {
        return keepServerList(member, await api<ShoppingList>(SHOPPING, { signal }));
      } catch (error) {
        const saved = isNetworkError(error) ? readSavedList(member) : null;
        if (saved) return withPendingTicks(saved.list, saved.pending);
        throw error;
      }
    },
    // Asked even when the browser says it is offline: the answer is then the list kept here.
    networkMode: 'always',
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

function useListChange<V>(send: (variables: V) => Promise<ShoppingList>) {
  const queryClient = useQueryClient();
  const member = useKnownSession()?.id;
  return useMutation({
    scope: SHOPPING_SCOPE,
    networkMode: 'always',
    mutationFn: send,
    onSuccess: (list) => showShoppingList(queryClient, member, list),
  });
}

/** 'Add to shopping list' on a recipe: its ingredients for these servings, in these units. */
export const useAddRecipeToList = () =>
  useListChange((body: AddRecipeToList) => api<ShoppingList>(`${SHOPPING}/recipe`, { body }));

/** 'Add an item' by hand. */
export const useAddShoppingItem = () =>
  useListChange((body: AddShoppingItem) => api<ShoppingList>(SHOPPING, { body }));

export const useRemoveShoppingItem = () =>
  useListChange((id: string) =>
    api<ShoppingList>(`${SHOPPING}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** 'Clear ticked' and 'Clear all'. */
export const useClearShoppingList = () =>
  useListChange((which: 'checked' | 'all') =>
    api<ShoppingList>(`${SHOPPING}?${new URLSearchParams({ which })}`, { method: 'DELETE' }),
  );

/**
 * A tick: it shows at once and is kept on the device until the server has it. With no network it
 * stays there, and useSendPendingTicks sends it when the network is back; a refusal (the item was
 * removed elsewhere) puts the list back as the server has it.
 */
export function useTickShoppingItem() {
  const queryClient = useQueryClient();
  const member = useKnownSession()?.id;
  return useMutation({
    scope: SHOPPING_SCOPE,
    networkMode: 'always',
    retry: false,
    mutationFn: ({ id, checked }: { id: string; checked: boolean }) =>
      api<ShoppingList>(`${SHOPPING}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { checked } }),
    onMutate: async ({ id, checked }) => {
      keepPendingTick(member, id, checked);
      // A read of the list already on its way started before the tick: it would show the box unticked.
      await queryClient.cancelQueries({ queryKey: recipeKeys.shopping() });
      queryClient.setQueryData<ShoppingList>(recipeKeys.shopping(), (list) =>
        list ? withPendingTicks(list, { [id]: checked }) : list,
      );
    },
    onSuccess: (list, { id, checked }) => {
      dropPendingTick(member, id, checked);
      showShoppingList(queryClient, member, list);
    },
    onError: (error, { id, checked }) => {
      if (isNetworkError(error)) return;
      dropPendingTick(member, id, checked);
      void queryClient.invalidateQueries({ queryKey: recipeKeys.shopping() });
    },
  });
}

/** Ticks on their way from useSendPendingTicks ('id:checked'): a screen mounting meanwhile sends them once. */
const sendingTicks = new Set<string>();

/** Sends the ticks made with no network: when the list opens online, and when the network comes back. */
export function useSendPendingTicks() {
  const member = useKnownSession()?.id;
  const { mutateAsync: tick } = useTickShoppingItem();
  useEffect(() => {
    const send = () => {
      if (!isConnected()) return;
      const pending = readSavedList(member)?.pending ?? {};
      for (const [id, checked] of Object.entries(pending)) {
        const key = `${id}:${checked}`;
        if (sendingTicks.has(key)) continue;
        sendingTicks.add(key);
        // The promise settles even if this screen is gone by then (the page opened offline is replaced).
        tick({ id, checked })
          .catch(() => {})
          .finally(() => sendingTicks.delete(key));
      }
    };
    send();
    return subscribeToConnectivity(send);
  }, [member, tick]);
}
