import { Link } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import type { WebConfig } from '../config';
import type { HealthStore } from '../stores/health';
import { CookieSettings } from './consent/CookieSettings';
import { ServiceStatus } from './ServiceStatus';

const footerLink = 'rounded-sm underline-offset-4 hover:text-ink hover:underline';

type FooterConfig = Pick<WebConfig, 'supportEmail' | 'androidAppUrl' | 'iosAppUrl'>;

/** Support e-mail, the app links that are configured, the legal pages, cookie settings and the service status. */
export function Footer({
  config,
  healthStore,
}: {
  config: FooterConfig;
  healthStore: StoreApi<HealthStore>;
}) {
  return (
    <footer className="mt-auto border-t border-line bg-surface-muted text-sm text-ink-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-gutter py-10 sm:grid-cols-3">
        <div>
          <p className="font-display text-lg font-semibold text-ink">Wingmate</p>
          <p className="mt-1">Your AI companion and dating coach.</p>
          <p className="mt-3">
            Questions?{' '}
            <a
              href={`mailto:${config.supportEmail}`}
              className={`${footerLink} font-medium text-ink underline`}
            >
              {config.supportEmail}
            </a>
          </p>
        </div>
        {(config.androidAppUrl || config.iosAppUrl) && (
          <nav aria-label="Apps">
            <p className="font-semibold text-ink">Get the app</p>
            <ul className="mt-2 flex flex-col gap-2">
              {config.iosAppUrl && (
                <li>
                  <a href={config.iosAppUrl} className={footerLink}>
                    Wingmate for iPhone
                  </a>
                </li>
              )}
              {config.androidAppUrl && (
                <li>
                  <a href={config.androidAppUrl} className={footerLink}>
                    Wingmate for Android
                  </a>
                </li>
              )}
            </ul>
          </nav>
        )}
        <nav aria-label="Legal" className="sm:col-start-3">
          <p className="font-semibold text-ink">Legal</p>
          <ul className="mt-2 flex flex-col items-start gap-2">
            <li>
              <Link to="/terms" className={footerLink}>
                Terms of service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy notice
              </Link>
            </li>
            <li>
              <CookieSettings className={`${footerLink} cursor-pointer`} />
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl px-gutter">
        <div className="flex flex-col gap-2 border-t border-line py-4 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Wingmate. For adults 18 and over.</p>
          <ServiceStatus healthStore={healthStore} />
        </div>
      </div>
    </footer>
  );
}
