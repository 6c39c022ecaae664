import type { SavedCard } from '@wingmate/core-sdk';

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** `Visa ending in 4242`. */
export function savedCardName(card: SavedCard): string {
  const brand = card.brand ? (brandNames[card.brand] ?? card.brand) : 'Card';
  return card.last4 ? `${brand} ending in ${card.last4}` : `Your saved ${brand.toLowerCase()}`;
}

/** Pay with the saved card, or enter another (which then becomes the saved one). */
export function SavedCardChoice({
  card,
  useSaved,
  onChange,
  disabled,
}: {
  card: SavedCard;
  useSaved: boolean;
  onChange: (useSaved: boolean) => void;
  disabled?: boolean;
}) {
  const option =
    'flex cursor-pointer items-center gap-3 rounded-md border border-line px-3 py-2.5 has-checked:border-brand';
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-ink">Card</legend>
      <label className={option}>
        <input
          type="radio"
          name="card-choice"
          checked={useSaved}
          onChange={() => onChange(true)}
          className="size-4 accent-brand"
        />
        <span className="text-ink">{savedCardName(card)}</span>
      </label>
      <label className={option}>
        <input
          type="radio"
          name="card-choice"
          checked={!useSaved}
          onChange={() => onChange(false)}
          className="size-4 accent-brand"
        />
        <span className="text-ink">A new card</span>
      </label>
    </fieldset>
  );
}
