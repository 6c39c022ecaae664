/** A conversion the attribution work forwards to ad platforms (decisions.md, "Conversions"). */
export interface Conversion {
  readonly userId: number;
  readonly name: 'Purchase' | 'StartTrial';
  /** In currency units (dollars). */
  readonly value: number;
  readonly currency: string;
}

export type ConversionListener = (conversion: Conversion) => void | Promise<void>;

export const ignoreConversions: ConversionListener = () => {};
