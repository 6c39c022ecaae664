import { useRef, useState } from 'react';
import { CreditCard } from 'lucide-react';
import type { CardEntryPort, PaymentMethodStore } from '@wingmate/core-sdk';
import { useStore } from 'zustand';
import { Button, Dialog, DialogClose, DialogContent, DialogTrigger, Spinner, useToast } from '../../../ui';
import { CardEntry } from '../../pricing/CardEntry';
import { paymentErrorMessage } from '../../pricing/payment-errors';
import { savedCardName } from '../../pricing/SavedCardChoice';
import { AccountSection } from '../AccountSection';
import { FormAlert } from '../FormAlert';
import { usePaymentMethodStore, useSectionValue } from './use-billing-stores';

function ReplaceCardDialog({ store, hasCard }: { store: PaymentMethodStore; hasCard: boolean }) {
  const toast = useToast();
  const card = useRef<CardEntryPort | null>(null);
  const [open, setOpen] = useState(false);
  const saving = useStore(store, (state) => state.saving);
  const saveError = useStore(store, (state) => state.saveError);
  const error = saveError === null ? null : paymentErrorMessage(saveError);
  const label = hasCard ? 'Replace card' : 'Add a card';

  async function save() {
    if (!card.current || !(await store.saveCard(card.current))) return;
    setOpen(false);
    toast({ tone: 'success', title: 'Card saved', description: 'Your next payments use this card.' });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        store.dismissSaveError();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={label} description="Renewals and new purchases are charged to this card.">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <CardEntry ref={card} amount={0} currency="usd" disabled={saving} />
          <FormAlert message={error} />
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={saving}>
              Save card
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The saved card: brand, last four digits and expiry, replaceable (`payment-method/`;
 * docs/decisions.md#money-at-checkout).
 */
export function PaymentMethodSection() {
  const store = usePaymentMethodStore();
  const method = useSectionValue(store);
  return (
    <AccountSection title="Payment method" description="The card your plans and top-ups are charged to.">
      {method.status === 'pending' ? (
        <Spinner label="Loading your card" />
      ) : method.status === 'failure' ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message="We could not load your card." />
          <Button variant="secondary" size="sm" onClick={() => void store.load()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-4">
          {method.data ? (
            <p className="flex items-center gap-3 text-ink">
              <CreditCard aria-hidden="true" className="size-6 text-ink-muted" />
              <span>
                <span className="font-semibold">{savedCardName(method.data)}</span>
                {method.data.exp_month && method.data.exp_year && (
                  <span className="block text-sm text-ink-muted">
                    Expires {String(method.data.exp_month).padStart(2, '0')}/{method.data.exp_year}
                  </span>
                )}
              </span>
            </p>
          ) : (
            <p className="text-ink-muted">No card saved yet.</p>
          )}
          <ReplaceCardDialog store={store} hasCard={method.data !== null} />
        </div>
      )}
    </AccountSection>
  );
}
