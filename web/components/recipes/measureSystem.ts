import type { MeasureSystem } from '@common/recipes/quantities.ts';
import { useSyncExternalStore } from 'react';

/**
 * The member's 'US' / 'Metric' choice, remembered on this browser and shared by every recipe on the
 * screen: choosing it on one card shows the others that way too. Null until they choose (a recipe then
 * shows in the units it was written in).
 */
const KEY = 'splikz.recipes.units';
const listeners = new Set<() => void>();

function readChoice(): MeasureSystem | null {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'us' || stored === 'metric' ? stored : null;
  } catch {
    return null;
  }
}

let choice: MeasureSystem | null | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): MeasureSystem | null {
  choice ??= readChoice();
  return choice;
}

export function chooseMeasureSystem(system: MeasureSystem): void {
  choice = system;
  try {
    localStorage.setItem(KEY, system);
  } catch {
    // storage blocked: the choice lasts until the page is left
  }
  for (const listener of listeners) listener();
}

export function useMeasureSystemChoice(): MeasureSystem | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
