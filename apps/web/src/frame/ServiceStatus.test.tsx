import { render, screen } from '@testing-library/react';
import { createStore } from 'zustand/vanilla';
import type { HealthStore } from '../stores/health';
import { ServiceStatus } from './ServiceStatus';

describe('ServiceStatus (footer)', () => {
  it('checks the service on mount and shows what it found', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const check = jest.fn(async () => {
      await answered;
      store.setState({
        state: {
          phase: 'ready',
          health: {
            status: 'ok',
            database: 'postgres',
            time: '2026-11-23T12:00:00Z',
            database_latency_ms: 2,
          },
        },
      });
    });
    const store = createStore<HealthStore>(() => ({ state: { phase: 'idle' }, check }));
    render(<ServiceStatus healthStore={store} />);
    expect(screen.getByText('Checking the service…')).toBeTruthy();
    answer();
    const line = await screen.findByText('Service is up');
    expect(line.getAttribute('data-health')).toBe('ok');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('says when the service does not answer', () => {
    const store = createStore<HealthStore>(() => ({
      state: { phase: 'unreachable', reason: 'No answer from http://localhost:8000' },
      check: async () => undefined,
    }));
    render(<ServiceStatus healthStore={store} />);
    const line = screen.getByText('Service unavailable right now');
    expect(line.getAttribute('data-health')).toBe('down');
    // The reason stays out of the words on the page.
    expect(document.body.textContent).not.toContain('localhost');
  });
});
