import type { Config } from '../../config';
import { appleTokenVerifier } from './apple';
import { googleTokenVerifier } from './google';
import type { AppleTokenVerifier, GoogleTokenVerifier } from './ports';

export function googleVerifierFromConfig(config: Config, fetcher: typeof fetch = fetch): GoogleTokenVerifier {
  return googleTokenVerifier(config.google, fetcher);
}

export function appleVerifierFromConfig(config: Config): AppleTokenVerifier {
  return appleTokenVerifier(config.apple);
}
