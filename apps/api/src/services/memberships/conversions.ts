/** A conversion the attribution work forwards to ad platforms (docs/decisions.md#attribution-and-ab). */
export interface Conversion {
  readonly userId: number;
  readonly name: 'Purchase' | 'StartTrial';
  /** In currency units (dollars). */
  readonly value: number;
  readonly currency: string;
  /** The same for every report of one settled user plan, so the ad platforms count it once. */
  readonly eventId: string;
}

export type ConversionListener = (conversion: Conversion) => void | Promise<void>;

export const ignoreConversions: ConversionListener = () => {};
