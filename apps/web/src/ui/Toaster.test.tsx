import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToastStore } from './toast-store';
import { Toaster } from './Toaster';

describe('Toaster and the toast store', () => {
  it('shows what the store is given, and Dismiss removes it from the store', async () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.getState().show({ title: 'Bio saved', tone: 'success' });
    });
    expect(screen.getByText('Bio saved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(store.getState().toasts).toEqual([]));
    expect(screen.queryByText('Bio saved')).toBeNull();
  });

  it('closes a toast by itself after its duration', () => {
    jest.useFakeTimers();
    try {
      const store = createToastStore();
      render(<Toaster store={store} duration={3000} />);
      act(() => {
        store.getState().show({ title: 'Photo deleted', description: 'It is gone from your profile.' });
      });
      expect(screen.getByText('It is gone from your profile.')).toBeTruthy();
      act(() => {
        jest.advanceTimersByTime(3100);
      });
      expect(store.getState().toasts).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives each toast its own id so one can be dismissed alone', () => {
    const store = createToastStore();
    const first = store.getState().show({ title: 'One' });
    store.getState().show({ title: 'Two', tone: 'error' });
    store.getState().dismiss(first);
    expect(store.getState().toasts.map((toast) => [toast.title, toast.tone])).toEqual([['Two', 'error']]);
  });
});
