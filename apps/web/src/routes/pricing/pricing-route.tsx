import { PricingPage } from './PricingPage';

export const Component = PricingPage;
