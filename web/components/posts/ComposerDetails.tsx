import { SelectField } from '@web/ui/Select.tsx';
import { MapPin, Smile } from 'lucide-react';
import {
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type SetStateAction,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FeelingSelect, FoodCategorySelect, LocationField, PrayerTypeSelect } from './ComposerFields.tsx';
import { PrayerFields } from './ComposerPrayerFields.tsx';
import { ComposerRecipe } from './ComposerRecipe.tsx';
import type { Category, Draft, SetDraftField } from './composerDraft.ts';
import { FEELING_EMOJI, optionLabel } from './labels.ts';

interface DetailsProps {
  category: Category;
  /** The group whose page the composer is on, if any: a prayer request there is for its members. */
  groupName?: string | undefined;
  draft: Draft;
  set: SetDraftField;
  /** The draft from what it is now (the recipe editor's changes). */
  update: Dispatch<SetStateAction<Draft>>;
  /** The member has tried to post: the recipe's own messages show. */
  checked: boolean;
  disabled: boolean;
}

/**
 * Feeling and location (any post), prayer type and who sees it (prayer) and food category, recipe
 * and notes (food). On a phone, feeling and location are buttons showing their value, each opening
 * its picker below them.
 */
export function ComposerDetails({ narrow, ...props }: DetailsProps & { narrow: boolean }) {
  const { category, groupName, draft, set, update, checked, disabled } = props;
  const fields = {
    select:
      category === 'prayer' ? (
        <PrayerTypeSelect value={draft.prayerType} onChange={set('prayerType')} disabled={disabled} />
      ) : category === 'food' ? (
        <FoodCategorySelect value={draft.foodCategory} onChange={set('foodCategory')} disabled={disabled} />
      ) : null,
    // A prayer request has its own 'Who can see this'; a post in a group is for the group's members.
    prayer:
      category === 'prayer' ? (
        <PrayerFields draft={draft} set={set} disabled={disabled} groupName={groupName} />
      ) : groupName === undefined ? (
        <PostAudienceSelect value={draft.audience} onChange={set('audience')} disabled={disabled} />
      ) : null,
    recipe:
      category === 'food' ? (
        <ComposerRecipe draft={draft} set={set} update={update} checked={checked} disabled={disabled} />
      ) : null,
    location: (
      <LocationField
        name={draft.locationName}
        onNameChange={set('locationName')}
        coords={draft.coords}
        onCoordsChange={set('coords')}
        disabled={disabled}
      />
    ),
  };

  if (narrow) return <NarrowDetails {...props} fields={fields} />;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FeelingSelect value={draft.feeling} onChange={set('feeling')} disabled={disabled} />
      {fields.select}
      {fields.prayer}
      {fields.location}
      {fields.recipe}
    </div>
  );
}

/** 'Who can see this' of every post but a prayer request: 'Everyone' (the default) or 'Friends'. */
function PostAudienceSelect({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('Who can see this')}
      value={value === 'friends' ? 'friends' : 'everyone'}
      onChange={(next) => onChange(next || 'everyone')}
      options={[
        ['everyone', t('Everyone')],
        ['friends', t('Friends')],
      ]}
      disabled={disabled}
    />
  );
}

type Picker = 'feeling' | 'location';

function NarrowDetails({
  draft,
  set,
  disabled,
  fields,
}: DetailsProps & {
  fields: { select: ReactNode; prayer: ReactNode; recipe: ReactNode; location: ReactNode };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Picker | null>(null);
  const ids = { feeling: useId(), location: useId() };
  const buttons = { feeling: useRef<HTMLButtonElement>(null), location: useRef<HTMLButtonElement>(null) };

  // Focus goes back to the button, as the picker it was in is hidden.
  function close(picker: Picker) {
    setOpen(null);
    buttons[picker].current?.focus();
  }
  // Escape closes the open picker only, not the composer around it. Each picker is an unnamed
  // fieldset (a group): its own field's label names it, so it is not named twice.
  function onPickerKeyDown(picker: Picker) {
    return (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close(picker);
    };
  }

  const place = draft.locationName.trim();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <DetailButton
          ref={buttons.feeling}
          expanded={open === 'feeling'}
          controls={ids.feeling}
          disabled={disabled}
          onClick={() => setOpen(open === 'feeling' ? null : 'feeling')}
          icon={
            draft.feeling && FEELING_EMOJI[draft.feeling] ? (
              <span aria-hidden="true">{FEELING_EMOJI[draft.feeling]}</span>
            ) : (
              <Smile aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-600" />
            )
          }
        >
          {draft.feeling
            ? t('Feeling: {{feeling}}', { feeling: t(optionLabel(draft.feeling)) })
            : t('Feeling')}
        </DetailButton>
        <DetailButton
          ref={buttons.location}
          expanded={open === 'location'}
          controls={ids.location}
          disabled={disabled}
          onClick={() => setOpen(open === 'location' ? null : 'location')}
          icon={<MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-rose-600" />}
        >
          {place ? t('Location: {{place}}', { place }) : draft.coords ? t('Location added') : t('Location')}
        </DetailButton>
      </div>
      <PickerPanel id={ids.feeling} open={open === 'feeling'} onKeyDown={onPickerKeyDown('feeling')}>
        <FeelingSelect
          value={draft.feeling}
          onChange={(value) => {
            set('feeling')(value);
            close('feeling');
          }}
          disabled={disabled}
        />
      </PickerPanel>
      <PickerPanel id={ids.location} open={open === 'location'} onKeyDown={onPickerKeyDown('location')}>
        {fields.location}
      </PickerPanel>
      {fields.select}
      {fields.prayer}
      {fields.recipe}
    </div>
  );
}

/** One picker under the buttons, shown while its button is pressed. */
function PickerPanel({
  id,
  open,
  onKeyDown,
  children,
}: {
  id: string;
  open: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} hidden={!open} onKeyDown={onKeyDown} className="min-w-0">
      {children}
    </fieldset>
  );
}

/** A small rounded button that shows and hides one picker, with the picker's value as its text. */
function DetailButton({
  ref,
  expanded,
  controls,
  disabled,
  onClick,
  icon,
  children,
}: {
  ref: Ref<HTMLButtonElement>;
  expanded: boolean;
  controls: string;
  disabled: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex min-h-9 max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60 aria-expanded:border-brand-500 aria-expanded:bg-brand-50"
    >
      {icon}
      <span className="truncate">{children}</span>
    </button>
  );
}
