import { LogInPage } from './LogInPage';

export const Component = LogInPage;
