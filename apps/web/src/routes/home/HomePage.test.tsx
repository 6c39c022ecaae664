import { render, screen } from '@testing-library/react';
import { createStore } from 'zustand/vanilla';
import type { HealthStore } from '../../stores/health';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('checks the service on mount and shows what it found', async () => {
    const check = jest.fn(async () => {
      store.setState({
        state: {
          phase: 'ready',
          health: {
            status: 'ok',
            database: 'postgres',
            database_latency_ms: 1,
            time: '2026-01-01T00:00:00Z',
          },
        },
      });
    });
    const store = createStore<HealthStore>(() => ({ state: { phase: 'idle' }, check }));
    render(<HomePage healthStore={store} />);
    expect(await screen.findByText('Service is up (database: postgres)')).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(1);
  });
});
