import * as runtime from '@wingmate/runtime';
import * as sdk from './index';

describe("the pieces core-sdk shares with the server (packages/runtime's README)", () => {
  it('are re-exported as @wingmate/runtime holds them, so the public API is unchanged', () => {
    expect(sdk.systemClock).toBe(runtime.systemClock);
    expect(sdk.timerSleep).toBe(runtime.timerSleep);
    expect(sdk.fnv1a32).toBe(runtime.fnv1a32);
  });
});
