import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import { HomePage } from './routes/home/HomePage';
import type { HealthStore } from './stores/health';

export function App({ healthStore }: { healthStore: StoreApi<HealthStore> }) {
  const router = createBrowserRouter([{ path: '/', element: <HomePage healthStore={healthStore} /> }]);
  return <RouterProvider router={router} />;
}
