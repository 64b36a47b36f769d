import type { Step } from '@common/schemas/recipes.ts';
import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { IngredientGroup } from './recipeView.ts';

/** The ingredients under their section headings: the amount first, in bold, then the item and its note. */
export function IngredientList({
  groups,
  headingLevel = 4,
}: {
  groups: readonly IngredientGroup[];
  /** The level of the section headings (one below the list's own heading). */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-col gap-3 print:block print:columns-2 print:gap-8">
      {groups.map((group, index) => (
        // Sections may repeat a name further down; their place is what tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups never reorder.
        <div key={index} className="flex flex-col gap-1 break-inside-avoid print:mb-3">
          {group.section ? (
            <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {group.section}
            </Heading>
          ) : null}
          <ul className="flex flex-col gap-1.5">
            {group.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never reorder.
              <li key={i} className="flex gap-2 leading-snug text-slate-800">
                <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-orange-400" />
                <span className="min-w-0 break-words">
                  {line.amount ? <strong className="font-semibold">{line.amount} </strong> : null}
                  {line.item}
                  {line.note ? <span className="text-slate-600">, {line.note}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The steps, numbered, each with its timer's minutes when it has one. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder here.
        <li key={index} className="flex gap-3 break-inside-avoid">
          <span
            aria-hidden="true"
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-orange-100 text-sm font-semibold text-orange-900"
          >
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-col items-start gap-1 pt-0.5">
            <p className="whitespace-pre-wrap break-words text-slate-800">{step.text}</p>
            {step.timer_minutes ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                <Timer aria-hidden="true" className="h-3.5 w-3.5" />
                {t('{{n}} min', { n: step.timer_minutes })}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
