import Type, { type Static } from 'typebox';

/** One stored width of a photo (docs/decisions.md#screens): what an `<img srcset>` entry needs. */
export const ImageVariant = Type.Object({
  url: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type ImageVariant = Static<typeof ImageVariant>;

/**
 * The widths of a photo for `srcset`. Always in this server's answers; optional in the type so a reader of an older
 * answer (or a test fixture) falls back to the image's own URL.
 */
export function ImageVariants(description: string) {
  return Type.Optional(Type.Array(ImageVariant, { description }));
}
