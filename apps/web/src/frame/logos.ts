/** The logo files in `public/`, under the configured asset prefix (a CDN in production, the site itself locally). */
export function logoUrls(assetPrefix: string) {
  return {
    mark: `${assetPrefix}/logo-mark.svg`,
    wordmark: `${assetPrefix}/logo-wordmark.svg`,
  };
}

/**
 * Starts downloading both logos before the header needs them; a failed download is ignored
 * (docs/product.md#every-page).
 */
export function preloadLogos(
  assetPrefix: string,
  makeImage: () => HTMLImageElement = () => new Image(),
): void {
  for (const url of Object.values(logoUrls(assetPrefix))) {
    const image = makeImage();
    image.onerror = () => undefined;
    image.src = url;
  }
}
