import { useAbVariant } from '../../stores/ab-variant';
import { ChatFirstLanding } from './ChatFirstLanding';
import { LandingPage } from './LandingPage';

/** `/`: the landing of the visitor's or member's `abtest_homepage` variant (docs/web.md#routes). */
export function HomePage() {
  return useAbVariant('abtest_homepage') === 'chat_first' ? <ChatFirstLanding /> : <LandingPage />;
}
