import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

export interface ToastStore {
  toasts: ToastMessage[];
  show: (toast: Omit<ToastMessage, 'id' | 'tone'> & { tone?: ToastTone }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** The toasts on screen; any code may add one (a saved action, a failure), the `Toaster` shows them. */
export function createToastStore() {
  return createStore<ToastStore>((set) => ({
    toasts: [],
    show: ({ tone = 'info', ...toast }) => {
      const id = nextId++;
      set((state) => ({ toasts: [...state.toasts, { id, tone, ...toast }] }));
      return id;
    },
    dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  }));
}

/** The app's one toast store. */
export const toastStore = createToastStore();

/** `const toast = useToast(); toast({ title: 'Saved', tone: 'success' })`. */
export function useToast(): ToastStore['show'] {
  return useStore(toastStore, (state) => state.show);
}
