/** 'thanksgiving' → 'Thanksgiving': option values are stored lower-case (common/options.ts). */
export function optionLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export const FEELING_EMOJI: Record<string, string> = {
  happy: '😊',
  excited: '🤩',
  grateful: '🙏',
  blessed: '😇',
  loved: '🥰',
  peaceful: '😌',
  hopeful: '🌟',
  thoughtful: '🤔',
  sad: '😢',
  worried: '😟',
};

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

export const cardClass = 'rounded-2xl border border-slate-200 bg-white shadow-sm';
