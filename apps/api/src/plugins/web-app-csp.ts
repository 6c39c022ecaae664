import { createHash } from 'node:crypto';

/**
 * What the built web app may load from outside our origin: each service only when the build configures it (its
 * `VITE_*` value, recorded by the build in `build-config.json`), plus where uploaded photos and the app's own
 * images are served from when that is another origin.
 */
export interface OutsideSources {
  readonly tagManager: boolean;
  readonly stripe: boolean;
  readonly analytics: boolean;
  readonly googleSignIn: boolean;
  readonly appleSignIn: boolean;
  readonly imageOrigins: readonly string[];
}

type Directive =
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';
type Hosts = Partial<Record<Directive, readonly string[]>>;

// Each service's hosts as its own documentation lists them for a Content-Security-Policy.
const TAG_MANAGER: Hosts = {
  'script-src': ['https://www.googletagmanager.com'],
  'connect-src': [
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
};
const STRIPE: Hosts = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};
const AMPLITUDE: Hosts = { 'connect-src': ['https://*.amplitude.com'] };
const GOOGLE_SIGN_IN: Hosts = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'style-src': ['https://accounts.google.com/gsi/style'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
};
const APPLE_SIGN_IN: Hosts = {
  'script-src': ['https://appleid.cdn-apple.com'],
  'connect-src': ['https://appleid.apple.com'],
};

/**
 * The page's policy (docs/decisions.md#content-security-policy-of-the-production-start): scripts from our origin and
 * the page's own inline scripts by hash; images from our origin, `data:` and `blob:` (AI text renders no remote
 * images); styles may be inline (the dialogs' scroll lock writes a `<style>`); no plug-ins, no `<base>`, no framing of
 * the app.
 */
export function contentSecurityPolicy(sources: OutsideSources, scriptHashes: readonly string[]): string {
  const outside = [
    sources.tagManager && TAG_MANAGER,
    sources.stripe && STRIPE,
    sources.analytics && AMPLITUDE,
    sources.googleSignIn && GOOGLE_SIGN_IN,
    sources.appleSignIn && APPLE_SIGN_IN,
  ].filter((hosts): hosts is Hosts => Boolean(hosts));
  const hostsFor = (directive: Directive) => outside.flatMap((hosts) => hosts[directive] ?? []);
  const frames = hostsFor('frame-src');
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...hostsFor('script-src')]],
    ['style-src', ["'self'", "'unsafe-inline'", ...hostsFor('style-src')]],
    ['img-src', ["'self'", 'data:', 'blob:', ...sources.imageOrigins]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...hostsFor('connect-src')]],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The `'sha256-…'` source of each inline `<script>` of a page, as the browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(
      ([, , text]) =>
        `'sha256-${createHash('sha256')
          .update(text ?? '', 'utf8')
          .digest('base64')}'`,
    );
}

/** The build's recorded `VITE_*` values as the outside services the page will load. */
export function outsideSources(
  buildConfig: Readonly<Record<string, string | undefined>>,
  imageOrigins: readonly string[],
): OutsideSources {
  const set = (name: string) => Boolean(buildConfig[name]?.trim());
  const assetOrigin = originOf(buildConfig['VITE_ASSET_PREFIX']);
  return {
    tagManager: set('VITE_TAG_MANAGER_ID'),
    stripe: set('VITE_STRIPE_PUBLISHABLE_KEY'),
    analytics: set('VITE_ANALYTICS_ID'),
    googleSignIn: set('VITE_GOOGLE_CLIENT_ID'),
    appleSignIn: set('VITE_APPLE_CLIENT_ID'),
    imageOrigins: [...new Set([...imageOrigins, ...(assetOrigin ? [assetOrigin] : [])])],
  };
}

/** The origin of an absolute http(s) URL; undefined for a path on our own origin (`/uploads/...`). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
