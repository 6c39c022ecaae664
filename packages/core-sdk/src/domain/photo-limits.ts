/** A dating profile shows at most 9 photos; the server holds the same cap (docs/product.md#dating-bio-photos-profile). */
export const MAX_PHOTOS = 9;
/** The server's words for the cap, said before sending what cannot fit. */
export const TOO_MANY_PHOTOS = `You can keep at most ${MAX_PHOTOS} photos; delete one first.`;
/** The server's size limit: a larger file is refused before it is sent (10 MB over a phone line for a refusal). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The server's words for a file over the limit. */
export function tooLarge(bytes: number): string {
  return `The image is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`;
}
