import type { TSchema } from 'typebox';
import { CreateAbtestBody, CreateUtmParamsBody, FacebookEventBody, SnapchatEventBody } from './analytics';
import { LoginBody, RegisterEmailBody, RegisterPhoneBody, VerifyPinBody } from './auth';
import { ChatHistoryQuery, ChatMessageBody, MobileChatMessageBody } from './chat';
import { Page } from './common';
import { CreateDatingBioBody } from './dating-bio';
import { AuthenticationError, FieldErrors, PinOrFieldErrors } from './errors';
import {
  CreateDynamicPaymentIntentBody,
  Plan,
  SetSpendingCapBody,
  SpendingCap,
  UserPlan,
  VerifyCardBody,
} from './memberships';
import { RoastBody } from './account';

const text = (length: number) => 'x'.repeat(length);

const plan = {
  id: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  plan_type: 'metered',
  recurring: 0,
  billing_period: null,
  messages: 100,
  price: 9.99,
  discount: 0,
  popular: false,
  trial_period_days: 0,
  currency: 'usd',
};

/** [rule, schema, value, accepted]: request and response rules of the contract, checked value by value. */
export const schemaCases: readonly [rule: string, schema: TSchema, value: unknown, accepted: boolean][] = [
  ['a chat body of 4000 characters is accepted', ChatMessageBody, { body: text(4000) }, true],
  ['a chat body over 4000 characters is refused', ChatMessageBody, { body: text(4001) }, false],
  ['an empty chat body is refused', ChatMessageBody, { body: '' }, false],
  [
    'a mobile chat message needs unqiue_id, spelled so (docs/product.md#chat-calls)',
    MobileChatMessageBody,
    { body: 'hi' },
    false,
  ],
  [
    'a mobile chat message with unqiue_id is accepted',
    MobileChatMessageBody,
    { unqiue_id: 'u-1', body: 'hi' },
    true,
  ],
  [
    'the history query takes page and uid (docs/product.md#chat-calls)',
    ChatHistoryQuery,
    { page: 2, uid: 'u-1' },
    true,
  ],
  ['the history page starts at 1', ChatHistoryQuery, { page: 0 }, false],
  [
    'a PIN is six digits (docs/product.md#accounts-and-signing-in)',
    VerifyPinBody,
    { phone_number: '5551234567', code: '123456' },
    true,
  ],
  ['a five-digit PIN is refused', VerifyPinBody, { phone_number: '5551234567', code: '12345' }, false],
  ['a PIN with letters is refused', VerifyPinBody, { phone_number: '5551234567', code: '12345a' }, false],
  [
    'e-mail sign-up takes a basic address (docs/product.md#validation)',
    RegisterEmailBody,
    { email: 'ann@example.com' },
    true,
  ],
  [
    'e-mail sign-up refuses an address without @ (docs/product.md#validation)',
    RegisterEmailBody,
    { email: 'ann.example.com' },
    false,
  ],
  [
    'e-mail sign-up refuses an address without a domain dot',
    RegisterEmailBody,
    { email: 'ann@example' },
    false,
  ],
  ['an e-mail over 254 characters is refused', RegisterEmailBody, { email: `${text(250)}@e.co` }, false],
  [
    'a password over 128 characters is refused',
    RegisterEmailBody,
    { email: 'a@b.co', password: text(129) },
    false,
  ],
  [
    'e-mail sign-up without names or password is accepted (docs/product.md#validation)',
    RegisterEmailBody,
    { email: 'a@b.co' },
    true,
  ],
  [
    'a name of 150 characters is accepted',
    RegisterPhoneBody,
    { phone_number: '1', first_name: text(150) },
    true,
  ],
  [
    'a name over 150 characters is refused',
    RegisterPhoneBody,
    { phone_number: '1', first_name: text(151) },
    false,
  ],
  [
    'unknown request fields are ignored, not refused',
    RegisterPhoneBody,
    { phone_number: '1', extra: true },
    true,
  ],
  ['phone sign-in needs a password', LoginBody, { phone_number: '5551234567', password: '' }, false],
  ['a roast of 5000 characters is accepted', RoastBody, { text: text(5000) }, true],
  ['a roast over 5000 characters is refused', RoastBody, { text: text(5001) }, false],
  [
    'dating bio creation needs a uid (docs/product.md#validation: "UID is null")',
    CreateDatingBioBody,
    { text: 'bio' },
    false,
  ],
  ['a uid is URL-safe, since it sits in paths', CreateDatingBioBody, { uid: 'a/b', text: 'bio' }, false],
  ['a utm value of 500 characters is accepted', CreateUtmParamsBody, utm({ utm_source: text(500) }), true],
  ['a utm value over 500 characters is refused', CreateUtmParamsBody, utm({ utm_source: text(501) }), false],
  ['utm params carry ctime as an ISO time', CreateUtmParamsBody, utm({ ctime: 'yesterday' }), false],
  ['a known A/B test and value shape is accepted', CreateAbtestBody, abtest('abtest_homepage'), true],
  [
    'an unknown A/B test name is refused (docs/decisions.md#attribution-and-ab)',
    CreateAbtestBody,
    abtest('abtest_unknown'),
    false,
  ],
  [
    'a Facebook event comes from the website (docs/product.md#analytics-calls)',
    FacebookEventBody,
    pixel({ action_source: 'app' }),
    false,
  ],
  ['a Facebook event with its fields is accepted', FacebookEventBody, pixel({}), true],
  [
    'a Snapchat event is a WEB conversion (docs/product.md#analytics-calls)',
    SnapchatEventBody,
    pixel({ event_conversion_type: 'WEB' }),
    true,
  ],
  ['a Snapchat event without WEB is refused', SnapchatEventBody, pixel({}), false],
  [
    'messages are bought for USD 1 at least (docs/product.md#what-things-cost)',
    CreateDynamicPaymentIntentBody,
    { amount: 0.99 },
    false,
  ],
  ['messages are bought for USD 500 at most', CreateDynamicPaymentIntentBody, { amount: 500 }, true],
  ['messages are not bought for over USD 500', CreateDynamicPaymentIntentBody, { amount: 500.01 }, false],
  [
    'the card check holds at most USD 5.00 (docs/product.md#what-things-cost)',
    VerifyCardBody,
    card(5.01),
    false,
  ],
  [
    'the card check amount is optional (docs/product.md#validation)',
    VerifyCardBody,
    { payment_method_id: 'pm_card_visa' },
    true,
  ],
  ['a spending cap is a decimal string of dollars', SetSpendingCapBody, { monthly_cap: '49.99' }, true],
  ['a spending cap of whole dollars needs no cents', SetSpendingCapBody, { monthly_cap: '50' }, true],
  ['null removes the spending cap', SetSpendingCapBody, { monthly_cap: null }, true],
  ['a spending cap is never a JSON number (no float money)', SetSpendingCapBody, { monthly_cap: 50 }, false],
  ['a spending cap has at most two decimal places', SetSpendingCapBody, { monthly_cap: '1.234' }, false],
  ['a negative spending cap is refused', SetSpendingCapBody, { monthly_cap: '-5' }, false],
  [
    'the spending cap answer writes dollars with two decimal places',
    SpendingCap,
    { monthly_cap: '50.00', spent_this_month: '0.00', currency: 'usd' },
    true,
  ],
  [
    'the spending cap answer never writes a bare number of dollars',
    SpendingCap,
    { monthly_cap: null, spent_this_month: '12.5', currency: 'usd' },
    false,
  ],
  ['a metered plan has a null billing period (docs/product.md#membership-plans)', Plan, plan, true],
  ['a plan price is a JSON number', Plan, { ...plan, price: '9.99' }, false],
  ['a user plan may be canceled, in Stripe spelling', UserPlan, userPlan('canceled'), true],
  [
    "the server never writes the client's fallback spelling cancelled (docs/decisions.md#core-sdk)",
    UserPlan,
    userPlan('cancelled'),
    false,
  ],
  ['a page holds count, previous, next and results', Page(Plan), page([plan]), true],
  ['a page needs previous and next, null when absent', Page(Plan), { count: 0, results: [] }, false],
  ['field errors are lists of messages by field', FieldErrors, { phone_number: ['Invalid.'] }, true],
  ['field errors carry non_field_errors', FieldErrors, { non_field_errors: ['Bad.'] }, true],
  ['a field error is a list, not a string', FieldErrors, { phone_number: 'Invalid.' }, false],
  [
    'PIN calls fail with {error} (docs/product.md#error-catalogue)',
    PinOrFieldErrors,
    { error: 'Wrong PIN.' },
    true,
  ],
  ['a bad token is 401 token_not_valid', AuthenticationError, tokenNotValid(), true],
  ['no credentials is 401 with a detail only', AuthenticationError, { detail: 'Not provided.' }, true],
];

function utm(fields: Record<string, unknown>) {
  return { uid: 'u-1', ctime: '2025-05-17T09:30:00.000Z', ...fields };
}

function abtest(name: string) {
  return { name, value: 'control', uid: 'u-1' };
}

function pixel(fields: Record<string, unknown>) {
  return {
    event_id: '5a0c3c8e-8d4b-4c39-9f7e-0d1f6f1d2b11',
    event_name: 'Purchase',
    event_time: 1_715_938_200,
    action_source: 'website',
    client_user_agent: 'Mozilla/5.0',
    event_source_url: 'https://wingmate.example/pricing',
    uid: 'u-1',
    ...fields,
  };
}

function card(amount: number) {
  return { payment_method_id: 'pm_card_visa', amount };
}

function userPlan(status: string) {
  return {
    id: 1,
    plan,
    is_active: true,
    status,
    complete: true,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    remaining_messages: 100,
    current_period_end: null,
    scheduled_plan_id: null,
    scheduled_change_at: null,
  };
}

function page(results: unknown[]) {
  return { count: results.length, previous: null, next: null, results };
}

function tokenNotValid() {
  return { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
}
