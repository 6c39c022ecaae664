import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { deferredPage, type PageModule } from './deferred-page';

function controlledLoad() {
  const calls: { resolve(module: PageModule): void; reject(error: unknown): void }[] = [];
  const load = jest.fn(
    () => new Promise<PageModule>((resolve, reject) => void calls.push({ resolve, reject })),
  );
  return { load, calls };
}

/** Stands in for the first paint: the page's load starts only when the test says the page has painted. */
function manualPaint() {
  const waiting: (() => void)[] = [];
  return {
    whenPainted: (start: () => void) => void waiting.push(start),
    paint: () => act(() => waiting.splice(0).forEach((start) => start())),
  };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Boundary: {String(this.state.error)}</p> : this.props.children;
  }
}

const Shell = () => <h1>Shell</h1>;
const Page = () => <h1>Page</h1>;

describe('deferredPage (the first page paints its shell, then loads)', () => {
  it('paints the shell, loads only after the first paint, then shows the page', async () => {
    const { load, calls } = controlledLoad();
    const paint = manualPaint();
    const Deferred = deferredPage(load, Shell, paint.whenPainted);
    render(<Deferred />);

    expect(screen.getByRole('heading', { name: 'Shell' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    paint.paint();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Shell' })).toBeTruthy();

    await act(async () => calls[0]!.resolve({ Component: Page }));
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shell' })).toBeNull();
  });

  it('shows the page at once when the route is visited again, without loading it again', async () => {
    const { load, calls } = controlledLoad();
    const paint = manualPaint();
    const Deferred = deferredPage(load, Shell, paint.whenPainted);
    const first = render(<Deferred />);
    paint.paint();
    await act(async () => calls[0]!.resolve({ Component: Page }));
    await screen.findByRole('heading', { name: 'Page' });
    first.unmount();

    render(<Deferred />);
    expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("throws a failed load to the route's error boundary, and tries again on the next visit", async () => {
    const { load, calls } = controlledLoad();
    const paint = manualPaint();
    const Deferred = deferredPage(load, Shell, paint.whenPainted);
    // React reports what the boundary caught on the console, as in the app.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(
      <Boundary>
        <Deferred />
      </Boundary>,
    );
    paint.paint();
    await act(async () => calls[0]!.reject(new Error('chunk failed')));
    expect(await screen.findByText('Boundary: Error: chunk failed')).toBeTruthy();
    first.unmount();

    render(<Deferred />);
    paint.paint();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve({ Component: Page }));
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  /** Renders the page inside an error boundary and answers its load with `module`; resolves with what shows. */
  async function loadedWith(module: PageModule) {
    const { load, calls } = controlledLoad();
    const paint = manualPaint();
    const Deferred = deferredPage(load, Shell, paint.whenPainted);
    // React reports what the boundary caught on the console, as in the app.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Deferred />
      </Boundary>,
    );
    paint.paint();
    await act(async () => calls[0]!.resolve(module));
    return consoleError;
  }

  it('refuses a page with a route loader, which the shell would skip', async () => {
    const consoleError = await loadedWith({ Component: Page, loader: () => null });
    expect(
      await screen.findByText('Boundary: Error: A page with a shell cannot have a route loader'),
    ).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it('refuses a module without a page', async () => {
    const consoleError = await loadedWith({});
    expect(await screen.findByText('Boundary: Error: A deferred page module has no Component')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });
});
