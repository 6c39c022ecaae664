import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, type AppRouter } from './App';
import { webConfig } from './env';
import { afterFirstPaint } from './frame/after-first-paint';
import { revealWhenFontsReady } from './frame/fonts';
import { createHealthStore } from './stores/health';
import { pendingServices } from './stores/services-loader';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The SDK client (with axios), the A/B engine and tracking come in their own chunk: the frame and the landing paint
// without them (the 120 KB budget of `/`: docs/web.md#budgets). Routes that need them start the load themselves.
const services = pendingServices(() =>
  import('./stores/web-services').then((module) => module.makeWebServices(webConfig)),
);
const healthStore = createHealthStore(
  { healthz: async (options) => (await services.loaded).client.system.healthz(options) },
  webConfig.apiServer,
);

/**
 * The first render is a transition, so React renders it in slices of a few milliseconds with the browser free in
 * between, instead of one long task (the frame and a page are ~100 ms of work on a slow phone).
 */
function render(router: AppRouter) {
  const app = createRoot(root!);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

// The page renders once it is shown (its fonts in, at most 1 s): text first painted under the body's opacity 0
// is not reported as painted when the body appears (Chromium), so the first and largest paints would wait for the
// next change. The router is made at once, so the first route's code loads while the fonts do. A `?token=` login
// link is taken (and removed from the address) by the services before the router reads the address, so that first
// page already knows the person is signed in.
const shown = revealWhenFontsReady();
if (new URLSearchParams(window.location.search).has('token')) {
  const signedIn = services.load().catch(() => undefined);
  void Promise.all([shown, signedIn]).then(() => render(createAppRouter(healthStore, services)));
} else {
  const router = createAppRouter(healthStore, services);
  void shown.then(() => render(router));
  afterFirstPaint(() => void services.load().catch(() => undefined));
}
