import { fakeClient } from '../testing/fake-client';
import { servicesFor } from '../testing/render-frame';
import { pendingServices } from './services-loader';

describe('the services as they load (main.tsx: after the first paint, or at once when a route needs them)', () => {
  it('makes them once, on the first load(), and tells subscribers', async () => {
    const services = servicesFor(fakeClient({}).client);
    const make = jest.fn(async () => services);
    const pending = pendingServices(make);
    const listener = jest.fn();
    pending.subscribe(listener);
    expect(pending.get()).toBeNull();
    expect(make).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([pending.load(), pending.load()]);
    expect(first).toBe(services);
    expect(second).toBe(services);
    expect(make).toHaveBeenCalledTimes(1);
    expect(pending.get()).toBe(services);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets code wait for them without starting the load', async () => {
    const services = servicesFor(fakeClient({}).client);
    const make = jest.fn(async () => services);
    const pending = pendingServices(make);
    let arrived = false;
    void pending.loaded.then(() => (arrived = true));
    await Promise.resolve();
    expect(make).not.toHaveBeenCalled();
    expect(arrived).toBe(false);
    await pending.load();
    await pending.loaded;
    expect(arrived).toBe(true);
  });

  it('reports a failed load to whoever asked, and to those waiting', async () => {
    const pending = pendingServices(async () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/web-services.js');
    });
    await expect(pending.load()).rejects.toThrow('dynamically imported module');
    await expect(pending.loaded).rejects.toThrow('dynamically imported module');
    expect(pending.get()).toBeNull();
  });
});
